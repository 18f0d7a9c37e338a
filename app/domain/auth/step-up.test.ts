import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { DomainError, Forbidden, TooManyRequests, Unauthorized } from "~/domain/errors";
import {
  adminFactors,
  adminRecoveryCodes,
  adminSessions,
  adminUsers,
  auditLog,
  mailOutbox,
  rateLimits,
  settings,
} from "~db/schema";
import { SHOP_MODE_KEY } from "~db/seed";
import { testDatabase } from "../../../tests/support/test-database";
import { type AdminIdentity, createAdmin } from "./admin-users.server";
import { confirmTotp, startTotp } from "./factors.server";
import { login } from "./login.server";
import { alertOwners, bankChangeAlert, describeBrowser, maskTail } from "./owner-alerts.server";
import { createSession, readSession } from "./sessions.server";
import { STEP_UP_MESSAGES } from "./step-up";
import { readStepUpState, requireStepUp } from "./step-up.server";
import { totpCode, totpStep } from "./totp";

/**
 * The step-up (issue 34 item 3, docs/decisions/0046): a fresh session goes on; a stale one proves itself with
 * a code (TOTP or recovery) or, for an admin with no factor where none is required, the password; wrong
 * proofs count in the sign-in's lockout and are audited. And the owners' alert: what it says, to whom.
 */
const database = await testDatabase();
const { db } = database;
afterAll(() => database.close());
const password = "una-clave-larga-de-prueba";
const HOUR_AGO = () => new Date(Date.now() - 60 * 60 * 1000);

let owner: AdminIdentity;
let secret: string;
let recoveryCodes: string[];
let token: string;

beforeEach(async () => {
  for (const table of [adminRecoveryCodes, adminFactors, adminSessions, auditLog, mailOutbox, rateLimits, adminUsers]) {
    await db.delete(table);
  }
  await db.delete(settings).where(eq(settings.key, SHOP_MODE_KEY));
  owner = await createAdmin(db, { email: "duena@rizoma.com.ar", password }, "owner");
  const enrolment = await startTotp(db, owner);
  secret = enrolment.secret;
  // Confirmed with the previous step's code, so the current one is still unused.
  const confirmed = await confirmTotp(db, owner, {
    factorId: enrolment.factorId,
    code: totpCode(secret, totpStep() - 1),
  });
  recoveryCodes = confirmed.recoveryCodes ?? [];
  ({ token } = await createSession(db, owner.id));
  await db.update(adminSessions).set({ provedAt: HOUR_AGO() });
});

const stale = (proof: string | null, ip = "10.40.0.1", who: AdminIdentity = owner, sessionToken = token) =>
  requireStepUp({ db, admin: who, sessionToken, adminSession: { provedAt: HOUR_AGO() }, proof, ip });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("requireStepUp", () => {
  it("lets a session proved in the last 10 minutes go on without asking", async () => {
    const fresh = { provedAt: new Date(Date.now() - 9 * 60 * 1000) };
    const args = { db, admin: owner, sessionToken: token, adminSession: fresh, proof: null, ip: "10.40.0.2" };
    await expect(requireStepUp(args)).resolves.toBe("fresh");
    expect(await readStepUpState(db, owner, fresh)).toEqual({
      fresh: true,
      method: "code",
      minutesLeft: 1,
      passkey: false,
    });
    expect(await readStepUpState(db, owner, { provedAt: HOUR_AGO() })).toMatchObject({ fresh: false, minutesLeft: 0 });
  });

  it("asks a stale session for the code, with stepUp:'required' and the method", async () => {
    const error = await refusal(stale(null));
    expect(error).toBeInstanceOf(Unauthorized);
    expect(error.message).toBe(STEP_UP_MESSAGES.code);
    expect(error.details).toMatchObject({ stepUp: "required", method: "code" });
    // A blank field is no proof either, and costs no attempt.
    expect((await refusal(stale("   "))).message).toBe(STEP_UP_MESSAGES.code);
    expect(await db.select().from(rateLimits)).toHaveLength(0);
  });

  it("takes the right code: the session counts as proved for the next 10 minutes", async () => {
    await expect(stale(totpCode(secret))).resolves.toBe("proved");
    const session = await readSession(db, token);
    expect(Date.now() - (session?.provedAt.getTime() ?? 0)).toBeLessThan(5_000);
    // The same code cannot prove twice.
    const again = await refusal(stale(totpCode(secret)));
    expect(again.message).toBe(STEP_UP_MESSAGES.wrongCode);
  });

  it("refuses a wrong code, audits it, and counts it in the sign-in's lockout for this e-mail and address", async () => {
    const error = await refusal(stale("000000", "10.41.0.1"));
    expect(error).toBeInstanceOf(Unauthorized);
    expect(error.message).toBe(STEP_UP_MESSAGES.wrongCode);
    expect(error.details).toMatchObject({ stepUp: "required", method: "code" });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "admin.step_up_failed"));
    expect(audit).toMatchObject({ adminEmail: owner.email, details: { method: "code", ip: "10.41.0.1" } });
    // Four more wrong codes use up the five the limit allows; then even the right one is refused from here...
    for (let i = 0; i < 4; i++) await refusal(stale("111111", "10.41.0.1"));
    expect(await refusal(stale(totpCode(secret), "10.41.0.1"))).toBeInstanceOf(TooManyRequests);
    // ...and so is the sign-in, which shares the lockout; from another address the owner still gets in.
    await expect(login(db, { email: owner.email, password }, { ip: "10.41.0.1" })).rejects.toThrow(TooManyRequests);
    await expect(stale(totpCode(secret), "10.42.0.1")).resolves.toBe("proved");
    const [row] = await db.select().from(adminSessions).where(eq(adminSessions.userId, owner.id));
    expect(row?.provedAt.getTime()).toBeGreaterThan(Date.now() - 5_000);
  });

  it("takes a recovery code once", async () => {
    const code = recoveryCodes[0] ?? "";
    await expect(stale(code.toLowerCase())).resolves.toBe("proved");
    expect((await refusal(stale(code))).message).toBe(STEP_UP_MESSAGES.wrongCode);
  });

  it("asks an admin with no factor for the password in a demo shop, and never once a factor is required", async () => {
    await db
      .insert(settings)
      .values({ key: SHOP_MODE_KEY, value: { state: "demo", since: new Date().toISOString() } })
      .onConflictDoNothing();
    const clerk = await createAdmin(db, { email: "caja@rizoma.com.ar", password }, "owner");
    const { token: clerkToken } = await createSession(db, clerk.id);
    expect(await readStepUpState(db, clerk, { provedAt: HOUR_AGO() })).toMatchObject({ method: "password" });
    const missing = await refusal(stale(null, "10.43.0.1", clerk, clerkToken));
    expect(missing.message).toBe(STEP_UP_MESSAGES.password);
    expect(missing.details).toMatchObject({ stepUp: "required", method: "password" });
    const wrong = await refusal(stale("no-es-la-clave", "10.43.0.1", clerk, clerkToken));
    expect(wrong.message).toBe(STEP_UP_MESSAGES.wrongPassword);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "admin.step_up_failed"), eq(auditLog.adminId, clerk.id)));
    expect(audit?.details).toMatchObject({ method: "password" });
    await expect(stale(password, "10.43.0.1", clerk, clerkToken)).resolves.toBe("proved");

    // A live shop requires a factor: a password is no proof there.
    await db
      .update(settings)
      .set({ value: { state: "live" } })
      .where(eq(settings.key, SHOP_MODE_KEY));
    expect(await refusal(stale(password, "10.43.0.2", clerk, clerkToken))).toBeInstanceOf(Forbidden);
  });

  it("spends a recovery code once when two requests race with it", async () => {
    const code = recoveryCodes[1] ?? "";
    const results = await Promise.allSettled([stale(code, "10.44.0.1"), stale(code, "10.44.0.2")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});

describe("alertOwners", () => {
  it("mails every owner (not staff) who, when, from where and what, with the bank details masked", async () => {
    const second = await createAdmin(db, { email: "socia@rizoma.com.ar", password }, "owner");
    await createAdmin(db, { email: "mostrador@rizoma.com.ar", password }, "staff");
    const before = {
      holder: "Rizoma Libros",
      bank: "Banco Nación",
      cbu: "0110599520000001234567",
      alias: "RIZOMA.LIBROS",
      cuit: "30712345678",
      transferExpiryDays: 3,
      transferDiscountPercent: 10,
    };
    const change = bankChangeAlert(before, { ...before, cbu: "2850590940090418135201" });
    if (!change) throw new Error("the CBU changed");
    const sent = await alertOwners(db, {
      ...change,
      actor: second,
      ip: "200.45.1.2",
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      siteUrl: "https://rizoma.test",
      at: new Date("2026-03-02T15:04:00Z"),
    });
    expect(sent).toBe(2);
    const mails = await db.select().from(mailOutbox);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([owner.email, second.email].sort());
    for (const mail of mails) {
      expect(mail.template).toBe("owner-alert");
      expect(mail.subject).toBe("Se cambió el CBU de la cuenta de transferencias");
      expect(mail.text).toContain("Quién: socia@rizoma.com.ar");
      expect(mail.text).toMatch(/Cuándo: 2 de marzo de 2026 a las 12:04\sp\.\sm\. \(hora de Buenos Aires\)/);
      expect(mail.text).toContain("Desde dónde: 200.45.1.2 · Chrome en Windows");
      expect(mail.text).toContain("CBU o CVU: •••• 4567 → •••• 5201");
      // Never the whole account number, in the text or the HTML.
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toContain("0110599520000001234567");
        expect(body).not.toContain("2850590940090418135201");
      }
    }
  });

  it("names other bank changes plainly, and nothing when nothing changed", () => {
    const bank = {
      holder: "Rizoma",
      bank: "Banco",
      cbu: "0110599520000001234567",
      alias: "RIZOMA.LIBROS",
      cuit: "30712345678",
      transferExpiryDays: 3,
      transferDiscountPercent: 10,
    };
    expect(bankChangeAlert(bank, { ...bank })).toBeNull();
    expect(bankChangeAlert(bank, { ...bank, transferDiscountPercent: 5 })).toEqual({
      what: "Se cambiaron los datos bancarios",
      details: [["Descuento por transferencia (%)", "10 → 5"]],
    });
    expect(bankChangeAlert(bank, { ...bank, alias: "OTRO.ALIAS" })?.what).toBe(
      "Se cambió el CBU de la cuenta de transferencias",
    );
    expect(maskTail("")).toBe("(vacío)");
    expect(describeBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1")).toBe(
      "Safari en iOS",
    );
    expect(describeBrowser(null)).toBe("navegador desconocido");
  });
});
