import { recordAudit } from "~/domain/audit/audit.server";
import { Forbidden, Unauthorized } from "~/domain/errors";
import type { Db } from "~db/index";
import { type AdminIdentity, findAdminByEmail } from "./admin-users.server";
import { FACTOR_MESSAGES } from "./factors";
import { factorRequired, hasFactor, verifyCode } from "./factors.server";
import { countAttempt } from "./login.server";
import { hasPasskey } from "./passkeys.server";
import { verifyPassword } from "./passwords.server";
import { markProved } from "./sessions.server";
import { STEP_UP_FIELD, STEP_UP_MESSAGES, STEP_UP_MINUTES, type StepUpMethod, type StepUpState } from "./step-up";

export { STEP_UP_MESSAGES, STEP_UP_MINUTES, type StepUpMethod, type StepUpState };

/**
 * Step-up (issue 34 item 3, DESIGN §9, docs/decisions/0046): what moves money or personal data — the bank
 * details, a refund, an export, a new admin or owner, going live — asks the admin to prove again who they
 * are when the session's last proof (the sign-in, or the last step-up) is older than 10 minutes. The proof is
 * a second-factor code (TOTP or a recovery code, spent like at the sign-in) for an admin who has a factor,
 * and the password for one who has none (only possible where the shop does not require factors: a demo).
 * Failures count in the sign-in's lockout (per e-mail + address) and land in the audit log.
 */

const STEP_UP_MS = STEP_UP_MINUTES * 60 * 1000;

export interface StepUpArgs {
  db: Db;
  admin: AdminIdentity;
  /** The session's token, so a right proof covers the next 10 minutes (null: this request only). */
  sessionToken: string | null;
  /** The session as the gate read it; absent counts as never proved. */
  adminSession: { provedAt: Date } | null | undefined;
  /** What the admin typed (a code or the password), or null when the form sent none. */
  proof: string | null;
  ip: string;
}

/** Whether the session proved who holds it in the last 10 minutes. */
export const isFresh = (session: { provedAt: Date } | null | undefined, now = Date.now()) =>
  !!session && now - session.provedAt.getTime() < STEP_UP_MS;

/** How this admin proves it: a code when they have a second factor, else their password. */
export async function stepUpMethod(db: Db, adminId: number): Promise<StepUpMethod> {
  return (await hasFactor(db, adminId)) ? "code" : "password";
}

/** What a page with a sensitive form shows: fresh or not, which proof, and for how many more minutes. */
export async function readStepUpState(
  db: Db,
  admin: AdminIdentity,
  session: { provedAt: Date } | null | undefined,
  now = Date.now(),
): Promise<StepUpState> {
  const fresh = isFresh(session, now);
  const left = session ? STEP_UP_MS - (now - session.provedAt.getTime()) : 0;
  const [method, passkey] = await Promise.all([stepUpMethod(db, admin.id), hasPasskey(db, admin.email)]);
  return { fresh, method, minutesLeft: fresh ? Math.max(1, Math.ceil(left / 60_000)) : 0, passkey };
}

const refusal = (method: StepUpMethod, message: string) =>
  new Unauthorized(message, { stepUp: "required", method, field: STEP_UP_FIELD });

/**
 * Lets the action go on when the session's proof is fresh, or when `proof` proves it now (the session is then
 * marked proved: the next 10 minutes need none). Otherwise throws a 401 with `{stepUp: "required", method}`
 * — the same refusal whether the proof was missing or wrong, with a message that says which. Nothing of the
 * action has happened yet when this throws: call it before the change.
 */
export async function requireStepUp(args: StepUpArgs): Promise<"fresh" | "proved"> {
  const { db, admin } = args;
  if (isFresh(args.adminSession)) return "fresh";
  const method = await stepUpMethod(db, admin.id);
  // An admin without a factor where the shop requires one only has an enrolment session (the gate keeps it
  // in Seguridad); should one reach here anyway, the password is not enough.
  if (method === "password" && (await factorRequired(db))) throw new Forbidden(FACTOR_MESSAGES.enrolFirst);
  const proof = args.proof?.trim() ?? "";
  if (!proof) throw refusal(method, STEP_UP_MESSAGES[method]);

  const forgive = await countAttempt(db, admin.email, args.ip);
  const right =
    method === "code"
      ? (await verifyCode(db, admin.id, proof)) !== null
      : await verifyPassword((await findAdminByEmail(db, admin.email))?.passwordHash ?? null, args.proof ?? "");
  if (!right) {
    await recordAudit(db, admin, {
      action: "admin.step_up_failed",
      entity: "admin",
      entityId: admin.id,
      summary:
        method === "code"
          ? "Ingresó un código incorrecto al confirmar su identidad"
          : "Ingresó una contraseña incorrecta al confirmar su identidad",
      details: { method, ip: args.ip },
    });
    throw refusal(method, method === "code" ? STEP_UP_MESSAGES.wrongCode : STEP_UP_MESSAGES.wrongPassword);
  }
  await forgive();
  if (args.sessionToken) await markProved(db, args.sessionToken);
  return "proved";
}
