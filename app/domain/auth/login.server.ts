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
import { verifyPassword } from "./passwords.server";
import { createSession, deleteSession } from "./sessions.server";
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
  })
  .strict();

export type LoginInput = z.infer<typeof loginSchema>;

/** One address may fail for this many e-mails' worth of the limit (an address spraying many e-mails). */
export const ADDRESS_FAILURES_FACTOR = 2;

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
  meta: { ip: string; previousToken?: string | null; userAgent?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const email = normalizeEmail(input.email);
  const address = addressKey(meta.ip);
  const pair = `${email} ${address}`;
  const limit = await loginLimit(db);
  const [byPair, byAddress] = await Promise.all([
    hit(db, "login-email-ip", pair, limit),
    hit(db, "login-ip", address, { ...limit, max: limit.max * ADDRESS_FAILURES_FACTOR }),
  ]);
  if (!byPair.allowed || !byAddress.allowed) {
    throw new TooManyRequests(TOO_MANY_ATTEMPTS, Math.max(byPair.retryAfterSeconds, byAddress.retryAfterSeconds));
  }

  const user = await findAdminByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await recordSignIn(db, { ok: false, email: user?.email ?? input.email, adminId: user?.id ?? null, ip: meta.ip });
    throw new Unauthorized(WRONG_CREDENTIALS);
  }

  await Promise.all([
    resetHits(db, "login-email-ip", pair),
    undoHit(db, "login-ip", address, byAddress.bucketStart),
    db.update(adminUsers).set({ lastLoginAt: new Date() }).where(eq(adminUsers.id, user.id)),
    meta.previousToken ? deleteSession(db, meta.previousToken) : undefined,
    recordSignIn(db, { ok: true, email: user.email, adminId: user.id, ip: meta.ip }),
  ]);
  return createSession(db, user.id, { ip: meta.ip, userAgent: meta.userAgent });
}
