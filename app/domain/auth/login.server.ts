import { eq } from "drizzle-orm";
import { z } from "zod";
import { TooManyRequests, Unauthorized } from "~/domain/errors";
import { hit, type Limit, resetHits, undoHit } from "~/domain/rate-limit/rate-limit.server";
import { getSection } from "~/domain/settings/settings.server";
import { normalizeEmail } from "~/lib/email";
import type { Db } from "~db/index";
import { adminUsers } from "~db/schema";
import { findAdminByEmail } from "./admin-users.server";
import { verifyPassword } from "./passwords.server";
import { createSession, deleteSession } from "./sessions.server";

export const WRONG_CREDENTIALS = "Email o contraseña incorrectos";
export const TOO_MANY_ATTEMPTS = "Demasiados intentos. Probá de nuevo en unos minutos.";

/** The sign-in limit set in /admin/ajustes (5 failures in 15 minutes unless changed), per e-mail and per IP. */
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

/**
 * Signs an admin in and returns a new session (a fresh token at every login: no fixation). Every attempt
 * is counted before the password is checked, so a burst of parallel guesses cannot slip past the limit;
 * a right password then takes its attempt back.
 */
export async function login(
  db: Db,
  input: LoginInput,
  meta: { ip: string; previousToken?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const email = normalizeEmail(input.email);
  const limit = await loginLimit(db);
  const [byEmail, byIp] = await Promise.all([
    hit(db, "login-email", email, limit),
    hit(db, "login-ip", meta.ip, limit),
  ]);
  if (!byEmail.allowed || !byIp.allowed) {
    throw new TooManyRequests(TOO_MANY_ATTEMPTS, Math.max(byEmail.retryAfterSeconds, byIp.retryAfterSeconds));
  }

  const user = await findAdminByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw new Unauthorized(WRONG_CREDENTIALS);

  await Promise.all([
    resetHits(db, "login-email", email),
    undoHit(db, "login-ip", meta.ip, byIp.bucketStart),
    db.update(adminUsers).set({ lastLoginAt: new Date() }).where(eq(adminUsers.id, user.id)),
    meta.previousToken ? deleteSession(db, meta.previousToken) : undefined,
  ]);
  return createSession(db, user.id);
}
