import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { sixDigitCode } from "~/domain/email-codes/email-codes.server";
import { Forbidden, Unauthorized } from "~/domain/errors";
import type { RequestContext } from "~/domain/request-context";
import type { Db } from "~db/index";
import { customerSessions } from "~db/schema";
import { customerSessionDigest } from "./sessions.server";
import { requestSignInCode, SIGN_IN_MESSAGES, withRightCode } from "./sign-in.server";

/**
 * A fresh proof before the two things a stolen cookie must not do (issue 34, item 5): delete the account
 * and download everything the shop holds about the person. A session's `verified_at` is its sign-in; past
 * 10 minutes the reader asks for a code by e-mail and types it, which stamps `verified_at` on this
 * session only. The code is a sign-in code (app/domain/accounts/sign-in.server.ts): the same mail, the
 * same limits per connection and per email per hour, and wrong codes counted with the sign-in's, per
 * connection and per email per day. No second path to guess codes through.
 */
export const FRESH_PROOF_MS = 10 * 60_000;

export const FRESH_MESSAGES = {
  download: "Por seguridad, antes de descargar tus datos confirmá que sos vos con un código que te mandamos por email.",
  delete: "Por seguridad, antes de eliminar tu cuenta confirmá que sos vos con un código que te mandamos por email.",
  codeSent: (email: string) =>
    `Te mandamos un código de 6 números a ${email}. Revisá tu correo (también el spam): vence en 15 minutos.`,
  confirmed:
    "Listo, confirmaste que sos vos. Durante los próximos 10 minutos podés descargar tus datos o eliminar tu cuenta.",
  sessionGone: "Tu sesión terminó. Entrá de nuevo a tu cuenta.",
} as const;

export const freshCodeSchema = z.object({ code: sixDigitCode(SIGN_IN_MESSAGES.code) });
export type FreshCodeInput = z.infer<typeof freshCodeSchema>;

type FreshContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret" | "clientIp">;

/** True when the session behind `token` proved its email in the last 10 minutes. */
export async function hasFreshProof(db: Db, token: string | null | undefined, now = new Date()): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ verifiedAt: customerSessions.verifiedAt })
    .from(customerSessions)
    .where(and(eq(customerSessions.tokenHash, customerSessionDigest(token)), gt(customerSessions.expiresAt, now)));
  return !!row && now.getTime() - row.verifiedAt.getTime() < FRESH_PROOF_MS;
}

/** 403 with `message` (what the reader wanted to do) unless the session's proof is fresh. */
export async function requireFreshProof(
  db: Db,
  token: string | null | undefined,
  message: string,
  now = new Date(),
): Promise<void> {
  if (!(await hasFreshProof(db, token, now))) throw new Forbidden(message, { field: "code" });
}

/** "Mandarme un código": a sign-in code to the signed-in email, under the sign-in's limits. */
export async function sendFreshCode(ctx: FreshContext, email: string, now = new Date()): Promise<{ message: string }> {
  await requestSignInCode(ctx, { email }, now);
  return { message: FRESH_MESSAGES.codeSent(email) };
}

/**
 * The typed code, checked as a sign-in code is (wrong ones counted the same): right, this session's
 * `verified_at` becomes `now` and the code is spent. A session that ended meanwhile keeps the code unspent.
 */
export async function confirmFreshCode(
  ctx: FreshContext,
  email: string,
  token: string | null | undefined,
  { code }: FreshCodeInput,
  now = new Date(),
): Promise<void> {
  if (!token) throw new Unauthorized(FRESH_MESSAGES.sessionGone);
  await withRightCode(ctx, { email, code }, now, async (tx) => {
    const [stamped] = await tx
      .update(customerSessions)
      .set({ verifiedAt: now })
      .where(
        and(
          eq(customerSessions.tokenHash, customerSessionDigest(token)),
          eq(customerSessions.email, email),
          gt(customerSessions.expiresAt, now),
        ),
      )
      .returning({ email: customerSessions.email });
    if (!stamped) throw new Unauthorized(FRESH_MESSAGES.sessionGone);
  });
}
