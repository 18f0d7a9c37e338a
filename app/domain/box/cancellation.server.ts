import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, min, ne, sql } from "drizzle-orm";
import { z } from "zod";
import {
  CODE_TTL_MS,
  CodeGone,
  codeHash,
  HOUR_MS,
  MAX_ATTEMPTS,
  MAX_CODES_PER_EMAIL_PER_HOUR,
  newSixDigitCode,
  sameHash,
  sixDigitCode,
  WrongCode,
  wrongCodeMessage,
} from "~/domain/email-codes/email-codes.server";
import { Invalid, TooManyRequests } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { signingSecret } from "~/domain/secrets/signing.server";
import { getSection } from "~/domain/settings/settings.server";
import { emailSchema } from "~/lib/email-schema";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { boxCancellations, boxPlans, boxSubscriptionEvents, boxSubscriptions } from "~db/schema";
import { boxCancellationCode, boxCancellationDone, boxCancellationNotFound, boxCancellationShop } from "./mail.server";
import { tellMercadoPago } from "./self-service.server";
import type { BoxContext } from "./subscriptions.server";

/**
 * The botón de baja (/caja-rizoma/baja, Disposición 954/2025): no sign-in, the subscription's email gets a
 * 6-digit code (15 minutes, 5 attempts), one confirmation cancels every subscription of that email here
 * and at Mercado Pago and hands out a cancellation code. The order of the work, and why, is in
 * docs/decisions/0022-box-cancellation.md.
 *
 * No subscriber enumeration: asking for a code does the same work and gives the same answer for any
 * address (an address with nothing to cancel gets a row with a code nobody receives and a short e-mail
 * saying so), and the per-email limit counts those rows alike.
 */
export { CODE_TTL_MS, MAX_ATTEMPTS, MAX_CODES_PER_EMAIL_PER_HOUR, wrongCodeMessage };

export const CANCELLATION_MESSAGES = {
  email: "Ingresá el email con el que te suscribiste (por ejemplo, nombre@correo.com).",
  code: "El código tiene 6 números: copialo del correo que te mandamos.",
  codeSent:
    "Si ese email tiene una suscripción activa a la Caja Rizoma, te mandamos un código de 6 números. Revisá tu correo (también el spam): vence en 15 minutos.",
  tooManyFromIp: "Demasiados intentos de baja desde tu conexión. Probá de nuevo en un rato o escribinos.",
  tooManyCodes:
    "Ya pediste 5 códigos para este email en la última hora. Usá el último que te llegó o probá de nuevo más tarde.",
  dead: "El código venció o se usaron los 5 intentos. Pedí uno nuevo.",
  done: "Tu baja de la Caja Rizoma quedó registrada. Te mandamos el código de baja por email: no se te va a cobrar más.",
} as const;

const email = emailSchema({ invalid: CANCELLATION_MESSAGES.email });
export const cancellationRequestSchema = z.object({ email }).strict();
export const cancellationConfirmSchema = z
  .object({
    email,
    code: sixDigitCode(CANCELLATION_MESSAGES.code),
  })
  .strict();
export type CancellationRequest = z.infer<typeof cancellationRequestSchema>;
export type CancellationConfirm = z.infer<typeof cancellationConfirmSchema>;

export type CancellationContext = BoxContext & Partial<Pick<RequestContext, "shopEmail">>;

function parse<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path[0];
  throw new Invalid(zodMessage(parsed.error), typeof field === "string" ? { field } : undefined);
}

const PURPOSE = "box-cancellation";

/** BAJA- and 8 characters without look-alikes (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
function newCancellationCode(): string {
  const bytes = randomBytes(8);
  return `BAJA-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}

/**
 * Step 1: a code for `email`. The same answer for every valid address; 400 for an invalid one; 429 past
 * the per-IP limit or past 5 codes for the address in an hour. A new code ends the older unused ones.
 */
export async function requestCancellationCode(
  ctx: CancellationContext,
  raw: unknown,
  now = new Date(),
): Promise<{ message: string }> {
  const { email: address } = parse(cancellationRequestSchema, raw);
  await limitPerIp(ctx, "boxCancelPerIpPerHour", CANCELLATION_MESSAGES.tooManyFromIp);
  // Read before the transaction: on the embedded database a query outside it would wait for it.
  const secret = await signingSecret(ctx.db, ctx.configuredSecret ?? null);
  const contact = await getSection(ctx.db, "contact");
  const code = newSixDigitCode();

  await ctx.db.transaction(async (tx) => {
    // One request per address at a time, so the hourly count below cannot be overrun by a burst.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`box-cancellation:${address}`}))`);
    const [recent] = await tx
      .select({ n: count(), oldest: min(boxCancellations.createdAt) })
      .from(boxCancellations)
      .where(
        and(eq(boxCancellations.email, address), gt(boxCancellations.createdAt, new Date(now.getTime() - HOUR_MS))),
      );
    if ((recent?.n ?? 0) >= MAX_CODES_PER_EMAIL_PER_HOUR) {
      const freeAt = (recent?.oldest?.getTime() ?? now.getTime()) + HOUR_MS;
      throw new TooManyRequests(CANCELLATION_MESSAGES.tooManyCodes, (freeAt - now.getTime()) / 1000);
    }
    const [subscriber] = await tx
      .select({ firstName: boxSubscriptions.firstName })
      .from(boxSubscriptions)
      .where(and(eq(boxSubscriptions.email, address), ne(boxSubscriptions.status, "cancelled")))
      .limit(1);
    await tx
      .update(boxCancellations)
      .set({ expiresAt: now })
      .where(
        and(
          eq(boxCancellations.email, address),
          isNull(boxCancellations.confirmedAt),
          gt(boxCancellations.expiresAt, now),
        ),
      );
    await tx.insert(boxCancellations).values({
      email: address,
      codeHash: codeHash(secret, PURPOSE, address, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    const mail = subscriber
      ? boxCancellationCode({ siteUrl: ctx.siteUrl, code, bajaUrl: bajaUrl(ctx.siteUrl, address) })
      : boxCancellationNotFound({ siteUrl: ctx.siteUrl, contactEmail: contact.email || null });
    await enqueueMail(tx as unknown as Db, { to: address, mail, siteUrl: ctx.siteUrl });
  });
  return { message: CANCELLATION_MESSAGES.codeSent };
}

/** The page's second step for `email`, linked from the code's e-mail. */
export const bajaUrl = (siteUrl: string, address: string) =>
  `${siteUrl}/caja-rizoma/baja?email=${encodeURIComponent(address)}`;

export interface CancellationResult {
  code: string;
  message: string;
}

/**
 * Step 2: the newest code of `email`. Wrong -> one attempt used (a conditional UPDATE, so concurrent
 * wrong guesses cannot use more than 5) and 422 with the attempts left; expired, used up or none -> 410.
 * Right -> the cancellation (cancelSubscriptions). The same right code again, or at the same time,
 * answers the same cancellation code.
 */
export async function confirmCancellation(
  ctx: CancellationContext,
  raw: unknown,
  now = new Date(),
): Promise<CancellationResult> {
  const { email: address, code } = parse(cancellationConfirmSchema, raw);
  await limitPerIp(ctx, "boxCancelPerIpPerHour", CANCELLATION_MESSAGES.tooManyFromIp);
  const secret = await signingSecret(ctx.db, ctx.configuredSecret ?? null);
  const [row] = await ctx.db
    .select()
    .from(boxCancellations)
    .where(eq(boxCancellations.email, address))
    .orderBy(desc(boxCancellations.id))
    .limit(1);
  if (!row) throw new CodeGone(CANCELLATION_MESSAGES.dead);
  const right = sameHash(row.codeHash, codeHash(secret, PURPOSE, address, code));
  if (row.confirmedAt && row.cancellationCode) {
    if (right) return { code: row.cancellationCode, message: CANCELLATION_MESSAGES.done };
    throw new CodeGone(CANCELLATION_MESSAGES.dead);
  }
  const alive = and(
    eq(boxCancellations.id, row.id),
    isNull(boxCancellations.confirmedAt),
    lt(boxCancellations.attempts, MAX_ATTEMPTS),
    gt(boxCancellations.expiresAt, now),
  );
  if (!right) {
    const [used] = await ctx.db
      .update(boxCancellations)
      .set({ attempts: sql`${boxCancellations.attempts} + 1` })
      .where(alive)
      .returning({ attempts: boxCancellations.attempts });
    const remaining = used ? MAX_ATTEMPTS - used.attempts : 0;
    if (remaining <= 0) throw new CodeGone(CANCELLATION_MESSAGES.dead);
    throw new WrongCode(wrongCodeMessage(remaining), { field: "code" });
  }
  return cancelSubscriptions(ctx, row.id, address, alive, now);
}

/**
 * The right code: in ONE transaction the code row is claimed (only one confirmation wins), every
 * subscription of the address that is not cancelled is cancelled with its history line, and both
 * e-mails are queued. Mercado Pago is told after the commit (decision 0022): the baja is recorded even
 * when Mercado Pago fails, and a cancellation Mercado Pago has not confirmed is retried
 * (cancellation-retry.server.ts) until it does.
 */
async function cancelSubscriptions(
  ctx: CancellationContext,
  rowId: number,
  address: string,
  alive: ReturnType<typeof and>,
  now: Date,
): Promise<CancellationResult> {
  const shopEmail = ctx.shopEmail ?? (await getSection(ctx.db, "contact")).email;
  const cancellationCode = newCancellationCode();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(boxCancellations)
      .set({ confirmedAt: now, cancellationCode })
      .where(alive)
      .returning({ id: boxCancellations.id });
    if (!claimed) return null;
    const rows = await tx
      .select({ sub: boxSubscriptions, planLabel: boxPlans.label })
      .from(boxSubscriptions)
      .innerJoin(boxPlans, eq(boxPlans.id, boxSubscriptions.planId))
      .where(and(eq(boxSubscriptions.email, address), ne(boxSubscriptions.status, "cancelled")))
      .orderBy(boxSubscriptions.id)
      .for("update", { of: boxSubscriptions });
    for (const { sub } of rows) {
      await tx
        .update(boxSubscriptions)
        .set({ status: "cancelled", updatedAt: now })
        .where(eq(boxSubscriptions.id, sub.id));
      await tx.insert(boxSubscriptionEvents).values({
        subscriptionId: sub.id,
        fromStatus: sub.status,
        toStatus: "cancelled",
        source: "subscriber",
        at: now,
      });
    }
    const planNames = rows.map((r) => r.planLabel);
    const done = boxCancellationDone({
      siteUrl: ctx.siteUrl,
      name: rows[0]?.sub.firstName ?? null,
      cancellationCode,
      planNames,
    });
    await enqueueMail(tx as unknown as Db, { to: address, mail: done, siteUrl: ctx.siteUrl });
    if (shopEmail) {
      const notice = boxCancellationShop({
        siteUrl: ctx.siteUrl,
        email: address,
        cancellationCode,
        subscribers: rows.map((r) => ({ name: `${r.sub.firstName} ${r.sub.lastName}`, planName: r.planLabel })),
      });
      await enqueueMail(tx as unknown as Db, { to: shopEmail, mail: notice, siteUrl: ctx.siteUrl });
    }
    return rows.map(({ sub }) => ({ id: sub.id, preapprovalId: sub.providerPreapprovalId }));
  });

  if (!cancelled) {
    // Another confirmation won the claim (its transaction is committed now), or the code died meanwhile.
    const [row] = await ctx.db
      .select({ code: boxCancellations.cancellationCode })
      .from(boxCancellations)
      .where(eq(boxCancellations.id, rowId));
    if (row?.code) return { code: row.code, message: CANCELLATION_MESSAGES.done };
    throw new CodeGone(CANCELLATION_MESSAGES.dead);
  }
  for (const sub of cancelled) await cancelPreapproval(ctx, sub.id, sub.preapprovalId);
  return { code: cancellationCode, message: CANCELLATION_MESSAGES.done };
}

/**
 * Tells Mercado Pago a locally cancelled subscription's preapproval is cancelled (the self-service path)
 * and records that it took it (`provider_cancelled_at`, set once). True when Mercado Pago took it; false
 * when it failed or cannot be told now (the column stays empty: the retry finds the subscription again).
 */
export async function cancelPreapproval(
  ctx: Pick<BoxContext, "db" | "mercadoPago" | "log">,
  subscriptionId: number,
  preapprovalId: string | null,
): Promise<boolean> {
  try {
    if (!(await tellMercadoPago(ctx, subscriptionId, preapprovalId, "cancelled"))) return false;
  } catch {
    // tellMercadoPago logged it; the baja stands and the retry tells Mercado Pago later.
    return false;
  }
  await ctx.db
    .update(boxSubscriptions)
    .set({ providerCancelledAt: new Date() })
    .where(and(eq(boxSubscriptions.id, subscriptionId), isNull(boxSubscriptions.providerCancelledAt)));
  return true;
}
