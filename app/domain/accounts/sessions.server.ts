import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "~db/index";
import { customerSessions } from "~db/schema";

/** A signed-in reader stays signed in 30 days after their last visit. */
export const CUSTOMER_SESSION_DAYS = 30;
const SESSION_MS = CUSTOMER_SESSION_DAYS * 24 * 60 * 60 * 1000;
/** Expiry is pushed forward at most once a day, so browsing does not write on every page. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

/** Who is signed in to Mi cuenta: only their email (DESIGN §8, a customer is an email). */
export interface CustomerIdentity {
  email: string;
}

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createCustomerSession(db: Db, email: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.insert(customerSessions).values({ tokenHash: digest(token), email, expiresAt });
  await db.delete(customerSessions).where(lt(customerSessions.expiresAt, sql`now()`));
  return { token, expiresAt };
}

export interface ActiveCustomerSession {
  customer: CustomerIdentity;
  expiresAt: Date;
  /** True when this read pushed the expiry forward (the cookie should be sent again). */
  renewed: boolean;
}

/** The customer behind a cookie token, rolling the expiry forward; null when unknown or expired. */
export async function readCustomerSession(db: Db, token: string): Promise<ActiveCustomerSession | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const tokenHash = digest(token);
  const [row] = await db
    .select({ email: customerSessions.email, expiresAt: customerSessions.expiresAt })
    .from(customerSessions)
    .where(and(eq(customerSessions.tokenHash, tokenHash), gt(customerSessions.expiresAt, sql`now()`)));
  if (!row) return null;
  const customer = { email: row.email };
  if (row.expiresAt.getTime() - Date.now() > SESSION_MS - RENEW_AFTER_MS) {
    return { customer, expiresAt: row.expiresAt, renewed: false };
  }
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.update(customerSessions).set({ expiresAt }).where(eq(customerSessions.tokenHash, tokenHash));
  return { customer, expiresAt, renewed: true };
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
