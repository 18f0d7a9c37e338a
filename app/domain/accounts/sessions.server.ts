import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "~db/index";
import { customerSessions } from "~db/schema";

/**
 * A signed-in reader stays signed in 30 days from the sign-in, however often they come back (issue 34,
 * item 5): a stolen cookie is good for a month at most, and reading a session never writes.
 */
export const CUSTOMER_SESSION_DAYS = 30;
const SESSION_MS = CUSTOMER_SESSION_DAYS * 24 * 60 * 60 * 1000;

/** Who is signed in to Mi cuenta: only their email (DESIGN §8, a customer is an email). */
export interface CustomerIdentity {
  email: string;
}

export const customerSessionDigest = (token: string) => createHash("sha256").update(token).digest("hex");
const digest = customerSessionDigest;

/** A new session for `email`, which has just proved it reads it: `verified_at` is the sign-in. */
export async function createCustomerSession(
  db: Db,
  email: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await db
    .insert(customerSessions)
    .values({ tokenHash: digest(token), email, expiresAt, createdAt: now, verifiedAt: now });
  await db.delete(customerSessions).where(lt(customerSessions.expiresAt, sql`now()`));
  return { token, expiresAt };
}

export interface ActiveCustomerSession {
  customer: CustomerIdentity;
  /** Fixed at sign-in. */
  expiresAt: Date;
}

/** The customer behind a cookie token; null when unknown or past its 30 days. */
export async function readCustomerSession(db: Db, token: string): Promise<ActiveCustomerSession | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ email: customerSessions.email, expiresAt: customerSessions.expiresAt })
    .from(customerSessions)
    .where(and(eq(customerSessions.tokenHash, digest(token)), gt(customerSessions.expiresAt, sql`now()`)));
  return row ? { customer: { email: row.email }, expiresAt: row.expiresAt } : null;
}

export async function deleteCustomerSession(db: Db, token: string): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.tokenHash, digest(token)));
}

/** "Cerrar todas las sesiones": every device signed in with this email is signed out. */
export async function deleteAllCustomerSessions(db: Db, email: string): Promise<number> {
  const gone = await db
    .delete(customerSessions)
    .where(eq(customerSessions.email, email))
    .returning({ t: customerSessions.tokenHash });
  return gone.length;
}
