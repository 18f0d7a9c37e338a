import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import { Conflict, Invalid, NotFound, Unauthorized } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { normalizeEmail } from "~/lib/email";
import type { Db } from "~db/index";
import { adminFactors, adminInvites, adminRecoveryCodes, adminSessions, adminUsers } from "~db/schema";
import { type AdminIdentity, adminEmail, createAdmin, newAdminSchema } from "./admin-users.server";
import { teamInviteMail } from "./invite-mail.server";
import { type AlertOrigin, alertOwners } from "./owner-alerts.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { ADMIN_ROLES, type AdminRole, ROLE_LABELS } from "./roles";
import { createSession, digestToken, type SessionMeta, sessionAlive } from "./sessions.server";
import { INVITE_HOURS, TEAM_MESSAGES } from "./team";

export { INVITE_HOURS, TEAM_MESSAGES };

/**
 * The shop's team (/admin/equipo, issue 34): who runs the admin and with which role, invitations by e-mail
 * (a single-use link valid 48 hours), role changes and removals by an owner, and each admin's own password
 * and sessions. The shop always keeps one owner: the last one can be neither demoted nor removed, and two
 * owners demoting each other at once are settled by the database (the owners' rows are locked first).
 */

const roleSchema = z.enum(ADMIN_ROLES as [AdminRole, ...AdminRole[]], { error: TEAM_MESSAGES.role });

export const inviteSchema = z.object({ email: adminEmail, role: roleSchema });

export const newPasswordSchema = newAdminSchema.shape.password;

export interface TeamMember {
  id: number;
  email: string;
  role: AdminRole;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** Sessions open now (not ended, not idle). */
  sessions: number;
  /** Their confirmed second factors, by kind (an authenticator app, passkeys). */
  factors: { totp: number; passkey: number };
  self: boolean;
}

export interface PendingInvite {
  id: number;
  email: string;
  role: AdminRole;
  expiresAt: Date;
  invitedBy: string | null;
}

/** The team as /admin/equipo lists it: owners first, then by e-mail; and the invitations still open. */
export async function listTeam(
  db: Db,
  viewer: AdminIdentity,
): Promise<{ members: TeamMember[]; invites: PendingInvite[] }> {
  const open = db
    .select({ userId: adminSessions.userId, n: count().as("n") })
    .from(adminSessions)
    // A half-finished sign-in (waiting for the second factor) is not an open session.
    .where(and(sessionAlive, ne(adminSessions.stage, "factor")))
    .groupBy(adminSessions.userId)
    .as("open_sessions");
  const factors = db
    .select({
      userId: adminFactors.userId,
      totp: sql<number>`count(*) filter (where ${adminFactors.kind} = 'totp')`.as("totp"),
      passkey: sql<number>`count(*) filter (where ${adminFactors.kind} = 'passkey')`.as("passkey"),
    })
    .from(adminFactors)
    .where(isNotNull(adminFactors.confirmedAt))
    .groupBy(adminFactors.userId)
    .as("member_factors");
  const [rows, invites] = await Promise.all([
    db
      .select({
        id: adminUsers.id,
        email: adminUsers.email,
        role: adminUsers.role,
        createdAt: adminUsers.createdAt,
        lastLoginAt: adminUsers.lastLoginAt,
        sessions: sql<number>`coalesce(${open.n}, 0)`.mapWith(Number),
        totp: sql<number>`coalesce(${factors.totp}, 0)`.mapWith(Number),
        passkey: sql<number>`coalesce(${factors.passkey}, 0)`.mapWith(Number),
      })
      .from(adminUsers)
      .leftJoin(open, eq(open.userId, adminUsers.id))
      .leftJoin(factors, eq(factors.userId, adminUsers.id))
      .orderBy(asc(adminUsers.role), asc(adminUsers.email)),
    db
      .select({
        id: adminInvites.id,
        email: adminInvites.email,
        role: adminInvites.role,
        expiresAt: adminInvites.expiresAt,
        invitedBy: adminUsers.email,
      })
      .from(adminInvites)
      .leftJoin(adminUsers, eq(adminUsers.id, adminInvites.invitedBy))
      .where(and(isNull(adminInvites.usedAt), isNull(adminInvites.revokedAt), gt(adminInvites.expiresAt, sql`now()`)))
      .orderBy(desc(adminInvites.createdAt)),
  ]);
  return {
    members: rows.map(({ totp, passkey, ...row }) => ({
      ...row,
      factors: { totp, passkey },
      self: row.id === viewer.id,
    })),
    invites,
  };
}

/** Where an invitation's link leads: the token in the query (the request log masks `token`). */
export const inviteUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/$/, "")}/admin/invitacion?token=${encodeURIComponent(token)}`;

/**
 * An owner invites someone: the row (only the token's SHA-256) and the e-mail with the link, in one
 * transaction — with every owner's alert when `origin` says where the request came from (the page does).
 */
export async function inviteAdmin(
  ctx: { db: Db; siteUrl: string },
  owner: AdminIdentity,
  input: unknown,
  origin?: AlertOrigin,
): Promise<{ email: string }> {
  const { email, role } = inviteSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email));
    if (existing) throw new Conflict(TEAM_MESSAGES.exists);
    const token = randomBytes(32).toString("base64url");
    await db.insert(adminInvites).values({
      email,
      role,
      tokenHash: digestToken(token),
      invitedBy: owner.id,
      expiresAt: new Date(Date.now() + INVITE_HOURS * 3600_000),
    });
    const mail = teamInviteMail({
      siteUrl: ctx.siteUrl,
      invitedBy: owner.email,
      role,
      linkUrl: inviteUrl(ctx.siteUrl, token),
    });
    await enqueueMail(db, { to: email, mail, siteUrl: ctx.siteUrl });
    await recordAudit(db, owner, {
      action: "admin.invite",
      entity: "admin",
      entityId: email,
      summary: `Invitó a ${email} al equipo como ${ROLE_LABELS[role].toLowerCase()}`,
    });
    if (origin) {
      await alertOwners(db, {
        ...origin,
        what: role === "owner" ? "Se invitó a alguien como titular de la tienda" : "Se invitó a alguien al panel",
        actor: owner,
        details: [
          ["Invitación para", email],
          ["Rol", ROLE_LABELS[role]],
        ],
      });
    }
    return { email };
  });
}

/** An owner withdraws an open invitation: its link stops working. */
export async function revokeInvite(db: Db, owner: AdminIdentity, id: number): Promise<void> {
  const [row] = await db
    .update(adminInvites)
    .set({ revokedAt: new Date() })
    .where(and(eq(adminInvites.id, id), isNull(adminInvites.usedAt), isNull(adminInvites.revokedAt)))
    .returning({ email: adminInvites.email });
  if (!row) throw new NotFound("Esa invitación ya no está abierta.");
  await recordAudit(db, owner, {
    action: "admin.invite_revoke",
    entity: "admin",
    entityId: row.email,
    summary: `Anuló la invitación de ${row.email}`,
  });
}

/** The invitation behind a link, if it can still be used (for the page that asks for the password). */
export async function openInvite(db: Db, token: string | null): Promise<{ email: string; role: AdminRole } | null> {
  if (!token || !/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ email: adminInvites.email, role: adminInvites.role })
    .from(adminInvites)
    .where(
      and(
        eq(adminInvites.tokenHash, digestToken(token)),
        isNull(adminInvites.usedAt),
        isNull(adminInvites.revokedAt),
        gt(adminInvites.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * The invited person chooses a password: the link is spent in the same statement that checks it (so two
 * tabs cannot both use it), the admin is created with the invitation's role, and a session is opened.
 */
export async function acceptInvite(
  db: Db,
  token: string | null,
  password: unknown,
  meta: SessionMeta,
  /** The shop's address: every owner is told someone joined (the invitation page passes it). */
  siteUrl?: string,
): Promise<{ admin: AdminIdentity; token: string; expiresAt: Date }> {
  const chosen = newPasswordSchema.parse(password);
  if (!token || !/^[\w-]{20,100}$/.test(token)) throw new Invalid(TEAM_MESSAGES.inviteInvalid);
  const admin = await db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    const [invite] = await inner
      .update(adminInvites)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(adminInvites.tokenHash, digestToken(token)),
          isNull(adminInvites.usedAt),
          isNull(adminInvites.revokedAt),
          gt(adminInvites.expiresAt, sql`now()`),
        ),
      )
      .returning({ email: adminInvites.email, role: adminInvites.role, invitedBy: adminInvites.invitedBy });
    if (!invite) throw new Invalid(TEAM_MESSAGES.inviteInvalid);
    const created = await createAdmin(inner, { email: invite.email, password: chosen }, invite.role);
    await recordAudit(inner, created, {
      action: "admin.join",
      entity: "admin",
      entityId: created.email,
      summary: `Se sumó al equipo como ${ROLE_LABELS[created.role].toLowerCase()} (invitación)`,
    });
    if (siteUrl) {
      await alertOwners(inner, {
        siteUrl,
        ip: meta.ip ?? "",
        userAgent: meta.userAgent ?? null,
        what: created.role === "owner" ? "Se sumó una persona titular a la tienda" : "Se sumó alguien al panel",
        actor: created,
        details: [["Rol", ROLE_LABELS[created.role]]],
      });
    }
    return created;
  });
  await db.update(adminUsers).set({ lastLoginAt: new Date() }).where(eq(adminUsers.id, admin.id));
  return { admin, ...(await createSession(db, admin.id, meta)) };
}

/** Locks every owner's row, so "is there another owner?" holds until this transaction ends. */
async function lockOwners(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.role, "owner"))
    .orderBy(adminUsers.id)
    .for("update");
  return rows.map((row) => row.id);
}

/**
 * An owner changes someone's role; the last owner stays an owner. Making someone an owner tells every owner
 * when `origin` says where the request came from (the page does).
 */
export async function changeRole(
  db: Db,
  owner: AdminIdentity,
  id: number,
  role: unknown,
  origin?: AlertOrigin,
): Promise<void> {
  const next = roleSchema.parse(role);
  await db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    const owners = await lockOwners(inner);
    const [member] = await inner.select().from(adminUsers).where(eq(adminUsers.id, id)).for("update");
    if (!member) throw new NotFound(TEAM_MESSAGES.notFound);
    if (member.role === next) return;
    if (next === "staff" && owners.filter((ownerId) => ownerId !== id).length === 0) {
      throw new Conflict(TEAM_MESSAGES.lastOwner);
    }
    await inner.update(adminUsers).set({ role: next }).where(eq(adminUsers.id, id));
    await recordAudit(inner, owner, {
      action: "admin.role",
      entity: "admin",
      entityId: String(id),
      summary: `Cambió el rol de ${member.email} a ${ROLE_LABELS[next].toLowerCase()}`,
    });
    if (origin && next === "owner") {
      await alertOwners(inner, {
        ...origin,
        what: "Alguien pasó a ser titular de la tienda",
        actor: owner,
        details: [
          ["Nueva persona titular", member.email],
          ["Rol anterior", ROLE_LABELS[member.role]],
        ],
      });
    }
  });
}

/** An owner removes someone from the team: the row goes, and with it every session (at once). */
export async function removeAdmin(db: Db, owner: AdminIdentity, id: number): Promise<void> {
  if (id === owner.id) throw new Conflict(TEAM_MESSAGES.self);
  await db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    const owners = await lockOwners(inner);
    const [member] = await inner.select().from(adminUsers).where(eq(adminUsers.id, id)).for("update");
    if (!member) throw new NotFound(TEAM_MESSAGES.notFound);
    if (member.role === "owner" && owners.filter((ownerId) => ownerId !== id).length === 0) {
      throw new Conflict(TEAM_MESSAGES.lastOwner);
    }
    await inner.delete(adminSessions).where(eq(adminSessions.userId, id));
    await inner.delete(adminUsers).where(eq(adminUsers.id, id));
    await recordAudit(inner, owner, {
      action: "admin.remove",
      entity: "admin",
      entityId: String(id),
      summary: `Quitó a ${member.email} del equipo`,
    });
  });
}

export const passwordChangeSchema = z.object({
  current: z.string({ error: "Escribí tu contraseña actual" }).min(1, "Escribí tu contraseña actual").max(200),
  next: newPasswordSchema,
});

/**
 * An admin changes their own password (the current one first); every other session of theirs ends, this
 * one stays.
 */
export async function changeOwnPassword(
  db: Db,
  admin: AdminIdentity,
  input: unknown,
  currentToken: string | null,
): Promise<void> {
  const { current, next } = passwordChangeSchema.parse(input);
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
  if (!row || !(await verifyPassword(row.passwordHash, current))) throw new Unauthorized(TEAM_MESSAGES.wrongPassword);
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    await inner.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, admin.id));
    await endOtherSessions(inner, admin.id, currentToken);
    await recordAudit(inner, admin, {
      action: "admin.password",
      entity: "admin",
      entityId: String(admin.id),
      summary: "Cambió su contraseña (y cerró sus otras sesiones)",
    });
  });
}

async function endOtherSessions(db: Db, userId: number, currentToken: string | null): Promise<number> {
  const ended = await db
    .delete(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, userId),
        currentToken ? ne(adminSessions.tokenHash, digestToken(currentToken)) : undefined,
      ),
    )
    .returning({ userId: adminSessions.userId });
  return ended.length;
}

/** An admin signs out every other session of theirs (a phone left signed in, a shared computer). */
export async function signOutOtherSessions(db: Db, admin: AdminIdentity, currentToken: string | null): Promise<number> {
  const ended = await endOtherSessions(db, admin.id, currentToken);
  await recordAudit(db, admin, {
    action: "admin.sign_out_others",
    entity: "admin",
    entityId: String(admin.id),
    summary: `Cerró sus otras sesiones (${ended})`,
  });
  return ended;
}

/**
 * Marks (or unmarks) this session as the shop's sale device: it keeps its 12 hours without the 30-minute
 * idle limit, for the phone on the counter or at a fair.
 */
export async function markSaleDevice(db: Db, admin: AdminIdentity, token: string | null, on: boolean): Promise<void> {
  if (!token) throw new Unauthorized("Necesitás iniciar sesión como administrador");
  const [row] = await db
    .update(adminSessions)
    .set({ saleDevice: on })
    .where(and(eq(adminSessions.tokenHash, digestToken(token)), eq(adminSessions.userId, admin.id)))
    .returning({ userId: adminSessions.userId });
  if (!row) throw new Unauthorized("Necesitás iniciar sesión como administrador");
  await recordAudit(db, admin, {
    action: on ? "admin.sale_device" : "admin.sale_device_off",
    entity: "admin",
    entityId: String(admin.id),
    summary: on ? "Marcó este dispositivo como dispositivo de venta" : "Desmarcó el dispositivo de venta",
  });
}

/** Whether this session is marked as a sale device. */
export async function isSaleDevice(db: Db, token: string | null): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ saleDevice: adminSessions.saleDevice })
    .from(adminSessions)
    .where(eq(adminSessions.tokenHash, digestToken(token)));
  return row?.saleDevice ?? false;
}

/**
 * The locked-out owner's way back (`npm run admin:reset -- email`): a new password, every session ended.
 * Answers the password to print once.
 */
export async function resetAdminPassword(db: Db, email: string): Promise<{ email: string; password: string }> {
  const address = normalizeEmail(adminEmail.parse(email));
  const password = randomBytes(15).toString("base64url");
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .update(adminUsers)
    .set({ passwordHash })
    .where(eq(adminUsers.email, address))
    .returning({ id: adminUsers.id, email: adminUsers.email, role: adminUsers.role });
  if (!row) throw new NotFound(`No hay ningún administrador con el email ${address}`);
  // Locked out often means the phone is gone too: the second factors go with the password, and a shop that
  // requires one asks them to enrol again at the next sign-in.
  await Promise.all([
    db.delete(adminSessions).where(eq(adminSessions.userId, row.id)),
    db.delete(adminFactors).where(eq(adminFactors.userId, row.id)),
    db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, row.id)),
  ]);
  await recordAudit(db, row, {
    action: "admin.reset",
    entity: "admin",
    entityId: String(row.id),
    summary: "Se restablecieron su contraseña y su segundo factor desde la consola del servidor (npm run admin:reset)",
  });
  return { email: row.email, password };
}
