import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "~db/index";
import { adminSessions, adminUsers } from "~db/schema";
import type { AdminIdentity } from "./admin-users.server";

/**
 * Admin sessions (issue 34, ASVS 3.3): they end 12 hours after the sign-in whatever the activity, and after
 * 30 minutes without a request — except on a device its admin marked as the shop's sale device (the counter
 * and fair page), which keeps its 12 hours so a phone on the counter is not signed out between customers.
 */
export const SESSION_HOURS = 12;
export const IDLE_MINUTES = 30;
const SESSION_MS = SESSION_HOURS * 60 * 60 * 1000;
/** The last request is written at most once a minute, so a busy admin does not write on every click. */
const SEEN_EVERY_MS = 60 * 1000;

export const digestToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
}

export type SessionStage = "ready" | "factor" | "enrol";
/** A session waiting for the second factor lasts this long: the sign-in's second step, not a session. */
export const FACTOR_STEP_MINUTES = 5;

export async function createSession(
  db: Db,
  userId: number,
  meta: SessionMeta = {},
  stage: SessionStage = "ready",
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + (stage === "factor" ? FACTOR_STEP_MINUTES * 60 * 1000 : SESSION_MS));
  await db.insert(adminSessions).values({
    tokenHash: digestToken(token),
    userId,
    expiresAt,
    stage,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent ? meta.userAgent.slice(0, 300) : null,
  });
  // Opportunistic cleanup: expired sessions are never read again.
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, sql`now()`));
  return { token, expiresAt };
}

export interface ActiveSession {
  admin: AdminIdentity;
  expiresAt: Date;
  /** Always false: the end is fixed at sign-in, so the cookie never needs sending again. */
  renewed: boolean;
  saleDevice: boolean;
  stage: SessionStage;
  /** The sign-in or the last step-up: what `freshProof` measures. */
  provedAt: Date;
}

/** A session is alive: before its 12-hour end, and seen in the last 30 minutes unless it is a sale device. */
export const sessionAlive = and(
  gt(adminSessions.expiresAt, sql`now()`),
  or(
    eq(adminSessions.saleDevice, true),
    gt(adminSessions.lastSeenAt, sql`now() - make_interval(mins => ${IDLE_MINUTES})`),
  ),
);

/** The admin behind a cookie token, noting the request; null when unknown, ended or idle too long. */
export async function readSession(db: Db, token: string): Promise<ActiveSession | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const tokenHash = digestToken(token);
  const [row] = await db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      role: adminUsers.role,
      expiresAt: adminSessions.expiresAt,
      lastSeenAt: adminSessions.lastSeenAt,
      saleDevice: adminSessions.saleDevice,
      stage: adminSessions.stage,
      provedAt: adminSessions.provedAt,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(and(eq(adminSessions.tokenHash, tokenHash), sessionAlive));
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    await db.update(adminSessions).set({ lastSeenAt: new Date() }).where(eq(adminSessions.tokenHash, tokenHash));
  }
  return {
    admin: { id: row.id, email: row.email, role: row.role },
    expiresAt: row.expiresAt,
    renewed: false,
    saleDevice: row.saleDevice,
    stage: row.stage,
    provedAt: row.provedAt,
  };
}

/** An admin who had to enrol just confirmed a factor: their enrolment-only sessions become full ones. */
export async function finishEnrolment(db: Db, userId: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ stage: "ready", provedAt: new Date() })
    .where(and(eq(adminSessions.userId, userId), eq(adminSessions.stage, "enrol")));
}

/** The session proved again who holds it (a step-up): the next 10 minutes need no new proof. */
export async function markProved(db: Db, token: string): Promise<void> {
  await db
    .update(adminSessions)
    .set({ provedAt: new Date() })
    .where(eq(adminSessions.tokenHash, digestToken(token)));
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, digestToken(token)));
}
