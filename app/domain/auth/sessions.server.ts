import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "~db/index";
import { adminSessions, adminUsers } from "~db/schema";
import type { AdminIdentity } from "./admin-users.server";

export const SESSION_DAYS = 7;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** Expiry is pushed forward at most once an hour, so a busy admin does not write on every click. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.insert(adminSessions).values({ tokenHash: digest(token), userId, expiresAt });
  // Opportunistic cleanup: expired sessions are never read again.
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, sql`now()`));
  return { token, expiresAt };
}

export interface ActiveSession {
  admin: AdminIdentity;
  expiresAt: Date;
  /** True when this read pushed the expiry forward (the cookie should be sent again). */
  renewed: boolean;
}

/** The admin behind a cookie token, rolling the 7-day expiry forward; null when unknown or expired. */
export async function readSession(db: Db, token: string): Promise<ActiveSession | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const tokenHash = digest(token);
  const [row] = await db
    .select({ id: adminUsers.id, email: adminUsers.email, expiresAt: adminSessions.expiresAt })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, sql`now()`)));
  if (!row) return null;
  const admin = { id: row.id, email: row.email };
  if (row.expiresAt.getTime() - Date.now() > SESSION_MS - RENEW_AFTER_MS) {
    return { admin, expiresAt: row.expiresAt, renewed: false };
  }
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.update(adminSessions).set({ expiresAt }).where(eq(adminSessions.tokenHash, tokenHash));
  return { admin, expiresAt, renewed: true };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, digest(token)));
}
