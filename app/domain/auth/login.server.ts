import { eq } from "drizzle-orm";
import { z } from "zod";
import { TooManyRequests, Unauthorized } from "~/domain/errors";
import { addressKey } from "~/domain/rate-limit/address-key";
import { hit, type Limit, resetHits, undoHit } from "~/domain/rate-limit/rate-limit.server";
import { getSection } from "~/domain/settings/settings.server";
import { normalizeEmail } from "~/lib/email";
import type { Db } from "~db/index";
import { adminUsers } from "~db/schema";
import { findAdminByEmail } from "./admin-users.server";
import { FACTOR_MESSAGES } from "./factors";
import { factorRequired, hasFactor, verifyCode } from "./factors.server";
import { verifyPassword } from "./passwords.server";
import { createSession, deleteSession, readSession, type SessionStage } from "./sessions.server";
import { recordSignIn } from "./sign-in-audit.server";

export const WRONG_CREDENTIALS = "Email o contraseña incorrectos";
export const TOO_MANY_ATTEMPTS = "Demasiados intentos. Probá de nuevo en unos minutos.";

/**
 * The sign-in limit set in /admin/ajustes (5 failures in 15 minutes unless changed), per e-mail and
 * address together: a stranger's failures lock that e-mail out only from the stranger's address, never
 * its owner elsewhere.
 */
export async function loginLimit(db: Db): Promise<Limit> {
  const { loginMaxFailures, loginWindowMinutes } = await getSection(db, "rateLimits");
  return { max: loginMaxFailures, windowSeconds: loginWindowMinutes * 60 };
}

export const loginSchema = z
  .object({
    email: z
      .string({ error: "El email es requerido" })
      .trim()
      .min(1, "El email es requerido")
      .max(200, WRONG_CREDENTIALS),
    password: z
      .string({ error: "La contraseña es requerida" })
      .min(1, "La contraseña es requerida")
      .max(200, WRONG_CREDENTIALS),
    /** The second factor: six digits from the authenticator app, or a recovery code. */
    code: z.string({ error: FACTOR_MESSAGES.wrongCode }).trim().max(40, FACTOR_MESSAGES.wrongCode).optional(),
  })
  .strict();

export type LoginInput = z.infer<typeof loginSchema>;

/** One address may fail for this many e-mails' worth of the limit (an address spraying many e-mails). */
export const ADDRESS_FAILURES_FACTOR = 2;

export interface SignedIn {
  token: string;
  expiresAt: Date;
  /**
   * 'ready': signed in. 'factor': the password was right, the second factor is awaited (the sign-in page's
   * second step; `completeSignIn`). 'enrol': signed in, but only to enrol a factor the shop requires.
   */
  stage: SessionStage;
}

interface SignInMeta {
  ip: string;
  previousToken?: string | null;
  userAgent?: string | null;
}

/**
 * The two counters every attempt adds to: the e-mail at this address (the lockout), and the address alone.
 * The sign-in and the step-up (step-up.server.ts) count in the same lockout, so guessing a code to confirm
 * an action is as slow as guessing it at the sign-in. Throws TooManyRequests when locked; answers the
 * `forgive` a right answer calls.
 */
export async function countAttempt(db: Db, email: string, ip: string) {
  const address = addressKey(ip);
  const pair = `${email} ${address}`;
  const limit = await loginLimit(db);
  const [byPair, byAddress] = await Promise.all([
    hit(db, "login-email-ip", pair, limit),
    hit(db, "login-ip", address, { ...limit, max: limit.max * ADDRESS_FAILURES_FACTOR }),
  ]);
  if (!byPair.allowed || !byAddress.allowed) {
    throw new TooManyRequests(TOO_MANY_ATTEMPTS, Math.max(byPair.retryAfterSeconds, byAddress.retryAfterSeconds));
  }
  /** A right answer takes its attempt back: the lockout counts failures only. */
  const forgive = () =>
    Promise.all([resetHits(db, "login-email-ip", pair), undoHit(db, "login-ip", address, byAddress.bucketStart)]);
  return forgive;
}

/** The admin is in: a new session (a fresh token at every sign-in: no fixation), noted and audited. */
async function openSession(
  db: Db,
  user: { id: number; email: string },
  meta: SignInMeta,
  stage: SessionStage,
): Promise<SignedIn> {
  await Promise.all([
    db.update(adminUsers).set({ lastLoginAt: new Date() }).where(eq(adminUsers.id, user.id)),
    meta.previousToken ? deleteSession(db, meta.previousToken) : undefined,
    recordSignIn(db, { ok: true, email: user.email, adminId: user.id, ip: meta.ip }),
  ]);
  const session = await createSession(db, user.id, { ip: meta.ip, userAgent: meta.userAgent }, stage);
  return { ...session, stage };
}

/**
 * Signs an admin in and returns a new session (a fresh token at every login: no fixation). Every attempt
 * is counted before the password is checked, so a burst of parallel guesses cannot slip past the limit;
 * a right password then takes its attempt back. Two counters: the e-mail at this address (the lockout),
 * and the address alone, with room for a few e-mails (an address trying many). An IPv6 /64 is one address.
 * Right and wrong passwords are recorded in the audit log with the address.
 */
export async function login(
  db: Db,
  input: LoginInput,
  meta: SignInMeta,
  options: { twoSteps?: boolean } = {},
): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  const forgive = await countAttempt(db, email, meta.ip);

  const user = await findAdminByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await recordSignIn(db, { ok: false, email: user?.email ?? input.email, adminId: user?.id ?? null, ip: meta.ip });
    throw new Unauthorized(WRONG_CREDENTIALS);
  }

  if (await hasFactor(db, user.id)) {
    if (!input.code) {
      // Not a failure: the password was right. The form goes on to its second step; the API asks again.
      await forgive();
      if (!options.twoSteps) throw new Unauthorized(FACTOR_MESSAGES.required, { factor: "required" });
      const pending = await createSession(db, user.id, { ip: meta.ip, userAgent: meta.userAgent }, "factor");
      if (meta.previousToken) await deleteSession(db, meta.previousToken);
      return { ...pending, stage: "factor" };
    }
    if (!(await verifyCode(db, user.id, input.code))) {
      await recordSignIn(db, { ok: false, email: user.email, adminId: user.id, ip: meta.ip, reason: "factor" });
      throw new Unauthorized(FACTOR_MESSAGES.wrongCode, { factor: "required" });
    }
    await forgive();
    return openSession(db, user, meta, "ready");
  }

  await forgive();
  return openSession(db, user, meta, (await factorRequired(db)) ? "enrol" : "ready");
}

/**
 * The sign-in's second step: the session that is waiting for the factor (5 minutes since the password) and
 * a proof of it — a code, or a passkey's assertion checked by the caller. Failures count in the same
 * lockout as wrong passwords (per e-mail and address), so guessing codes is as slow as guessing passwords;
 * `refusal` is what a failed proof answers (a passkey's differs from a code's).
 * The waiting session is replaced by a new one: a new token once the admin is fully in.
 */
export async function completeSignIn(
  db: Db,
  pendingToken: string | null | undefined,
  prove: (userId: number) => Promise<boolean>,
  meta: SignInMeta,
  refusal: string = FACTOR_MESSAGES.wrongCode,
): Promise<SignedIn> {
  const pending = pendingToken ? await readSession(db, pendingToken) : null;
  if (!pendingToken || !pending || pending.stage !== "factor") throw new Unauthorized(FACTOR_MESSAGES.signInAgain);
  const { admin } = pending;
  const forgive = await countAttempt(db, admin.email, meta.ip);
  if (!(await prove(admin.id))) {
    await recordSignIn(db, { ok: false, email: admin.email, adminId: admin.id, ip: meta.ip, reason: "factor" });
    throw new Unauthorized(refusal, { factor: "required" });
  }
  await forgive();
  return openSession(db, admin, { ...meta, previousToken: pendingToken }, "ready");
}
