import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { adminInvites, adminSessions, adminUsers, auditLog, mailOutbox } from "~db/schema";
import { onPostgres, testDatabase } from "../../../tests/support/test-database";
import { type AdminIdentity, createAdmin } from "./admin-users.server";
import { confirmTotp, hasFactor, recoveryCodesLeft, startTotp } from "./factors.server";
import { login } from "./login.server";
import { createSession, readSession } from "./sessions.server";
import {
  acceptInvite,
  changeOwnPassword,
  changeRole,
  inviteAdmin,
  markSaleDevice,
  openInvite,
  removeAdmin,
  resetAdminPassword,
  TEAM_MESSAGES,
} from "./team.server";
import { totpCode } from "./totp";

/**
 * The team (issue 34): invitations, roles, removal, an admin's own password and sessions, and the session
 * limits (12 hours, 30 minutes idle unless a sale device). On PostgreSQL the races really run at once.
 */
const database = await testDatabase();
const { db } = database;
const siteUrl = "https://rizoma.test";
const password = "una-clave-larga-de-prueba";
afterAll(() => database.close());

let owner: AdminIdentity;
beforeEach(async () => {
  await db.delete(adminInvites);
  await db.delete(adminSessions);
  await db.delete(auditLog);
  await db.delete(adminUsers);
  await db.delete(mailOutbox);
  owner = await createAdmin(db, { email: "duena@rizoma.com.ar", password });
});

/** The link of the last invitation mailed (the token travels only in the e-mail). */
async function mailedToken(to: string): Promise<string> {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  const token = mail?.text.match(/invitacion\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error("no invitation mailed");
  return token;
}

describe("invitations", () => {
  it("an owner invites by e-mail; the link, used once, makes an admin with that role and signs them in", async () => {
    await inviteAdmin({ db, siteUrl }, owner, { email: "Vendedor@Rizoma.com.ar", role: "staff" });
    const [mail] = await db.select().from(mailOutbox);
    expect(mail?.subject).toBe("Te invitaron al panel de Rizoma");
    expect(mail?.subject).not.toMatch(/token/);
    const token = await mailedToken("vendedor@rizoma.com.ar");
    expect(await openInvite(db, token)).toEqual({ email: "vendedor@rizoma.com.ar", role: "staff" });
    // Only the digest is stored.
    const [row] = await db.select().from(adminInvites);
    expect(row?.tokenHash).not.toBe(token);

    const joined = await acceptInvite(db, token, "otra-clave-larga-123", { ip: "10.0.0.9" });
    expect(joined.admin).toMatchObject({ email: "vendedor@rizoma.com.ar", role: "staff" });
    expect((await readSession(db, joined.token))?.admin.role).toBe("staff");
    await expect(acceptInvite(db, token, "otra-clave-larga-123", {})).rejects.toThrow(TEAM_MESSAGES.inviteInvalid);
    expect(await openInvite(db, token)).toBeNull();
  });

  it("the same link used from two tabs at once makes one admin", async () => {
    await inviteAdmin({ db, siteUrl }, owner, { email: "doble@rizoma.com.ar", role: "staff" });
    const token = await mailedToken("doble@rizoma.com.ar");
    const results = await Promise.allSettled([
      acceptInvite(db, token, "clave-de-la-pestania-1", {}),
      acceptInvite(db, token, "clave-de-la-pestania-2", {}),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db.select().from(adminUsers).where(eq(adminUsers.email, "doble@rizoma.com.ar"))).toHaveLength(1);
  });

  it("an expired or revoked link does not work; someone already on the team is not invited", async () => {
    await inviteAdmin({ db, siteUrl }, owner, { email: "tarde@rizoma.com.ar", role: "owner" });
    const token = await mailedToken("tarde@rizoma.com.ar");
    await db.update(adminInvites).set({ expiresAt: new Date(Date.now() - 1000) });
    await expect(acceptInvite(db, token, "una-clave-larga-999", {})).rejects.toThrow(TEAM_MESSAGES.inviteInvalid);
    await expect(inviteAdmin({ db, siteUrl }, owner, { email: owner.email, role: "staff" })).rejects.toThrow(
      TEAM_MESSAGES.exists,
    );
    await expect(inviteAdmin({ db, siteUrl }, owner, { email: "x@rizoma.com.ar", role: "jefa" })).rejects.toThrow(
      TEAM_MESSAGES.role,
    );
  });
});

describe("roles and removal", () => {
  it("the last owner can be neither demoted nor removed", async () => {
    await expect(changeRole(db, owner, owner.id, "staff")).rejects.toThrow(TEAM_MESSAGES.lastOwner);
    const other = await createAdmin(db, { email: "socia@rizoma.com.ar", password });
    await changeRole(db, owner, owner.id, "staff");
    expect((await db.select().from(adminUsers).where(eq(adminUsers.id, owner.id)))[0]?.role).toBe("staff");
    await expect(removeAdmin(db, { ...other }, other.id)).rejects.toThrow(TEAM_MESSAGES.self);
    await expect(changeRole(db, other, other.id, "staff")).rejects.toThrow(TEAM_MESSAGES.lastOwner);
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const other = await createAdmin(db, { email: "socia@rizoma.com.ar", password });
    const results = await Promise.allSettled([
      changeRole(db, owner, other.id, "staff"),
      changeRole(db, other, owner.id, "staff"),
    ]);
    const owners = await db.select().from(adminUsers).where(eq(adminUsers.role, "owner"));
    expect(owners).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
    if (onPostgres()) expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("a removed admin's open session is refused at once", async () => {
    const staff = await createAdmin(db, { email: "cajero@rizoma.com.ar", password }, "staff");
    const { token } = await login(db, { email: staff.email, password }, { ip: "10.1.1.1" });
    expect(await readSession(db, token)).not.toBeNull();
    await removeAdmin(db, owner, staff.id);
    expect(await readSession(db, token)).toBeNull();
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "admin.remove"));
    expect(entry?.summary).toBe("Quitó a cajero@rizoma.com.ar del equipo");
  });
});

describe("an admin's own account", () => {
  it("changing the password needs the current one and ends the other sessions, not this one", async () => {
    const here = await createSession(db, owner.id);
    const elsewhere = await createSession(db, owner.id);
    await expect(
      changeOwnPassword(db, owner, { current: "no-es-esta", next: "una-nueva-clave-larga" }, here.token),
    ).rejects.toThrow(TEAM_MESSAGES.wrongPassword);
    await changeOwnPassword(db, owner, { current: password, next: "una-nueva-clave-larga" }, here.token);
    expect(await readSession(db, here.token)).not.toBeNull();
    expect(await readSession(db, elsewhere.token)).toBeNull();
    await expect(login(db, { email: owner.email, password }, { ip: "10.2.2.2" })).rejects.toThrow();
    await login(db, { email: owner.email, password: "una-nueva-clave-larga" }, { ip: "10.2.2.2" });
  });

  it("admin:reset gives a new password, ends every session and removes the second factor (a lost phone)", async () => {
    const open = await createSession(db, owner.id);
    const enrolment = await startTotp(db, owner);
    await confirmTotp(db, owner, { factorId: enrolment.factorId, code: totpCode(enrolment.secret) });
    expect(await hasFactor(db, owner.id)).toBe(true);
    const reset = await resetAdminPassword(db, "DUENA@rizoma.com.ar");
    expect(reset.password.length).toBeGreaterThanOrEqual(16);
    expect(await readSession(db, open.token)).toBeNull();
    expect(await hasFactor(db, owner.id)).toBe(false);
    expect(await recoveryCodesLeft(db, owner.id)).toBe(0);
    await login(db, { email: owner.email, password: reset.password }, { ip: "10.3.3.3" });
    await expect(resetAdminPassword(db, "nadie@rizoma.com.ar")).rejects.toThrow("No hay ningún administrador");
  });
});

describe("session limits (ASVS 3.3)", () => {
  it("a session idle for 31 minutes ends; one in use keeps going until its 12 hours", async () => {
    const { token } = await createSession(db, owner.id);
    const session = await readSession(db, token);
    expect(session?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 12 * 3600_000);
    expect(session?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11.9 * 3600_000);
    await db.update(adminSessions).set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) });
    expect(await readSession(db, token)).not.toBeNull();
    await db.update(adminSessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    expect(await readSession(db, token)).toBeNull();
  });

  it("a reading notes the request, so an admin working keeps the session", async () => {
    const { token } = await createSession(db, owner.id);
    await db.update(adminSessions).set({ lastSeenAt: new Date(Date.now() - 20 * 60_000) });
    await readSession(db, token);
    const [row] = await db.select().from(adminSessions);
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it("a sale device keeps its 12 hours without the idle limit, and still ends at 12 hours", async () => {
    const { token } = await createSession(db, owner.id);
    await markSaleDevice(db, owner, token, true);
    await db.update(adminSessions).set({ lastSeenAt: new Date(Date.now() - 5 * 3600_000) });
    expect((await readSession(db, token))?.saleDevice).toBe(true);
    await db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await readSession(db, token)).toBeNull();
  });
});
