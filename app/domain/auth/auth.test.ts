import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, auditLog, settings } from "~db/schema";
import { testDatabase } from "../../../tests/support/test-database";
import { Conflict, TooManyRequests, Unauthorized } from "../errors";
import { isAdminApiPath, isAdminPagePath, safeNext } from "./admin-paths";
import { createAdmin } from "./admin-users.server";
import { ADDRESS_FAILURES_FACTOR, login, TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from "./login.server";
import { readSession } from "./sessions.server";

const database = await testDatabase();
const db = database.db;
const password = "una-clave-larga-de-prueba";

beforeAll(async () => {
  await createAdmin(db, { email: "Librera@Rizoma.com.ar", password });
});
afterAll(() => database.close());

describe("admins", () => {
  it("stores e-mails lower-case, once", async () => {
    await expect(createAdmin(db, { email: "librera@rizoma.com.ar", password })).rejects.toThrow(Conflict);
  });

  it("refuses short passwords with a Spanish message", async () => {
    await expect(createAdmin(db, { email: "otra@rizoma.com.ar", password: "corta" })).rejects.toThrow(
      "La contraseña debe tener al menos 10 caracteres",
    );
  });
});

describe("login", () => {
  it("opens a session for the right password, whatever the e-mail's case", async () => {
    const session = await login(db, { email: " LIBRERA@rizoma.com.ar ", password }, { ip: "10.0.0.1" });
    expect((await readSession(db, session.token))?.admin.email).toBe("librera@rizoma.com.ar");
  });

  it("answers the same for a wrong password and an unknown e-mail", async () => {
    await expect(login(db, { email: "librera@rizoma.com.ar", password: "nop" }, { ip: "10.0.0.2" })).rejects.toThrow(
      new Unauthorized(WRONG_CREDENTIALS),
    );
    await expect(login(db, { email: "nadie@rizoma.com.ar", password }, { ip: "10.0.0.2" })).rejects.toThrow(
      new Unauthorized(WRONG_CREDENTIALS),
    );
  });

  it("throttles the sixth failure for an e-mail at one address, even with the right password then", async () => {
    const email = "bloqueada@rizoma.com.ar";
    await createAdmin(db, { email, password });
    for (let i = 0; i < 5; i++) {
      await expect(login(db, { email, password: "mal" }, { ip: "10.1.0.1" })).rejects.toThrow(Unauthorized);
    }
    const refused = await login(db, { email, password }, { ip: "10.1.0.1" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(refused).toMatchObject({ message: TOO_MANY_ATTEMPTS });
    // The failures are minutes old at most: the e-mail may try again when the 15-minute window frees.
    expect((refused as TooManyRequests).retryAfterSeconds).toBeGreaterThan(13 * 60);
    expect((refused as TooManyRequests).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // Nobody locks the owner out from elsewhere: from another address the right password still works.
    const session = await login(db, { email, password }, { ip: "10.1.0.2" });
    expect((await readSession(db, session.token))?.admin.email).toBe(email);
  });

  it("counts an IPv6 /64 as one address", async () => {
    const email = "seis@rizoma.com.ar";
    await createAdmin(db, { email, password });
    for (let i = 1; i <= 5; i++) {
      await expect(login(db, { email, password: "mal" }, { ip: `2001:db8:5:6::${i}` })).rejects.toThrow(Unauthorized);
    }
    await expect(login(db, { email, password }, { ip: "2001:db8:5:6:ffff::9" })).rejects.toThrow(TooManyRequests);
    await expect(login(db, { email, password }, { ip: "2001:db8:5:7::1" })).resolves.toHaveProperty("token");
  });

  it("throttles an address that tries many e-mails, and parallel guesses cannot slip past", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 14 }, (_, i) =>
        login(db, { email: `x${i}@rizoma.com.ar`, password: "mal" }, { ip: "10.2.0.1" }),
      ),
    );
    const reasons = results.map((r) => (r.status === "rejected" ? (r.reason as Error).constructor.name : "ok"));
    expect(reasons.filter((name) => name === "Unauthorized")).toHaveLength(5 * ADDRESS_FAILURES_FACTOR);
    expect(reasons.filter((name) => name === "TooManyRequests")).toHaveLength(14 - 5 * ADDRESS_FAILURES_FACTOR);
  });

  it("lets the owner in from a third address while two others guess her password in parallel", async () => {
    const email = "duena@rizoma.com.ar";
    await createAdmin(db, { email, password });
    const guesses = ["10.5.0.1", "10.5.0.2"].flatMap((ip) =>
      Array.from({ length: 12 }, (_, i) => login(db, { email, password: `mal-${i}` }, { ip })),
    );
    const owner = login(db, { email, password }, { ip: "10.5.0.3" });
    const [results, session] = await Promise.all([Promise.allSettled(guesses), owner]);
    const reasons = results.map((r) => (r.status === "rejected" ? (r.reason as Error).constructor.name : "ok"));
    // Each address gets its five wrong passwords, no more; none of them gets in.
    expect(reasons.filter((name) => name === "Unauthorized")).toHaveLength(10);
    expect(reasons.filter((name) => name === "TooManyRequests")).toHaveLength(14);
    expect((await readSession(db, session.token))?.admin.email).toBe(email);
  });

  it("records sign-ins and failures in the audit log with the e-mail and the address", async () => {
    const typed = `  ${"desconocida".repeat(30)}@rizoma.com.ar `;
    await login(db, { email: "librera@rizoma.com.ar", password: "mal" }, { ip: "10.6.0.1" }).catch(() => {});
    await login(db, { email: typed, password: "mal" }, { ip: "10.6.0.2" }).catch(() => {});
    await login(db, { email: "LIBRERA@rizoma.com.ar", password }, { ip: "2001:db8::7" });
    const rows = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["admin.login", "admin.login_failed"]))
      .orderBy(desc(auditLog.id))
      .limit(3);
    const [success, unknown, wrong] = rows;
    expect(success).toMatchObject({
      action: "admin.login",
      adminEmail: "librera@rizoma.com.ar",
      details: { ip: "2001:db8::7" },
    });
    expect(success?.adminId).not.toBeNull();
    expect(unknown).toMatchObject({ action: "admin.login_failed", adminId: null, details: { ip: "10.6.0.2" } });
    expect(unknown?.adminEmail).toBe(typed.trim().slice(0, 200));
    expect(wrong).toMatchObject({
      action: "admin.login_failed",
      adminEmail: "librera@rizoma.com.ar",
      details: { ip: "10.6.0.1" },
    });
    expect(wrong?.adminId).toBe(success?.adminId);
  });

  it("follows the limit set in the settings", async () => {
    const email = "ajustada@rizoma.com.ar";
    await createAdmin(db, { email, password });
    const value = { loginMaxFailures: 2, loginWindowMinutes: 15, newsletterPerIpPerHour: 10, mailPerSecond: 5 };
    await db.insert(settings).values({ key: "rateLimits", value });
    try {
      for (let i = 0; i < 2; i++) {
        await expect(login(db, { email, password: "mal" }, { ip: "10.4.0.1" })).rejects.toThrow(Unauthorized);
      }
      await expect(login(db, { email, password }, { ip: "10.4.0.1" })).rejects.toThrow(TooManyRequests);
    } finally {
      await db.delete(settings).where(eq(settings.key, "rateLimits"));
    }
  });

  it("gives a new token at every login and drops the previous session", async () => {
    const first = await login(db, { email: "librera@rizoma.com.ar", password }, { ip: "10.3.0.1" });
    const second = await login(
      db,
      { email: "librera@rizoma.com.ar", password },
      { ip: "10.3.0.1", previousToken: first.token },
    );
    expect(second.token).not.toBe(first.token);
    expect(await readSession(db, first.token)).toBeNull();
    expect(await readSession(db, second.token)).not.toBeNull();
  });
});

describe("sessions", () => {
  it("end 12 hours after the sign-in, whatever the activity", async () => {
    const { token } = await login(db, { email: "librera@rizoma.com.ar", password }, { ip: "10.4.0.1" });
    expect((await readSession(db, token))?.renewed).toBe(false);
    await db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await readSession(db, token)).toBeNull();
    expect(await readSession(db, "not-a-token")).toBeNull();
    expect(await db.select().from(adminSessions).where(eq(adminSessions.userId, -1))).toEqual([]);
  });
});

describe("admin paths", () => {
  it.each([
    "/api/admin/books",
    "/api/admin/books/3",
    "/api/books/12/featured",
    "/api/caja/stats",
    "/api/caja/subscriptions",
    "/api/caja/subscriptions/7/status",
    "/api/caja/bulk-email",
    "/api/qr/admin/list",
    "/api/discount-codes/admin",
    "/api/discount-codes/stats",
    "/api/discount-codes/create",
    "/api/discount-codes/42",
  ])("%s is an admin API", (path) => {
    expect(isAdminApiPath(path)).toBe(true);
  });

  it.each([
    "/api/books",
    "/api/featured-books",
    "/api/caja/subscribe",
    "/api/qr/claim/ABC",
    "/api/auth/login",
    "/api/discount-codes/validate",
  ])("%s is public", (path) => {
    expect(isAdminApiPath(path)).toBe(false);
  });

  it("protects every admin page but the sign-in", () => {
    expect(isAdminPagePath("/admin")).toBe(true);
    expect(isAdminPagePath("/admin/carousel")).toBe(true);
    expect(isAdminPagePath("/admin.data")).toBe(true);
    expect(isAdminPagePath("/admin/login")).toBe(false);
    expect(isAdminPagePath("/administracion-de-libros")).toBe(false);
  });

  it("only returns to admin pages after signing in (no open redirect)", () => {
    expect(safeNext("/admin/caja?tab=2")).toBe("/admin/caja?tab=2");
    for (const hostile of [
      "https://evil.example",
      "//evil.example",
      "/admin/../tienda",
      "/tienda",
      "/admin/login",
      null,
    ]) {
      expect(safeNext(hostile)).toBe("/admin");
    }
  });
});
