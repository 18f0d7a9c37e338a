import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { adminFactors, adminSessions, mailOutbox, settings } from "~db/schema";
import { SHOP_MODE_KEY } from "~db/seed";
import { testDatabase } from "../../../tests/support/test-database";
import { Invalid, TooManyRequests, Unauthorized } from "../errors";
import { type AdminIdentity, createAdmin } from "./admin-users.server";
import { FACTOR_MESSAGES } from "./factors";
import {
  confirmTotp,
  factorRequired,
  hasFactor,
  listFactors,
  recoveryCodesLeft,
  removeFactor,
  setFactorRequired,
  startTotp,
  verifyCode,
} from "./factors.server";
import { completeSignIn, login } from "./login.server";
import { readSession } from "./sessions.server";
import { totpCode, totpStep } from "./totp";

const database = await testDatabase();
const db = database.db;
const password = "una-clave-larga-de-prueba";

afterAll(() => database.close());

/** An admin with a confirmed authenticator app; its secret and recovery codes. */
async function adminWithApp(email: string) {
  const created = await createAdmin(db, { email, password });
  const admin: AdminIdentity = { id: created.id, email: created.email, role: created.role };
  const enrolment = await startTotp(db, admin);
  // The code of the step before now: the sign-ins below use the current one, which must still be unused.
  const { recoveryCodes } = await confirmTotp(db, admin, {
    factorId: enrolment.factorId,
    code: totpCode(enrolment.secret, totpStep() - 1),
  });
  return { admin, secret: enrolment.secret, recoveryCodes: recoveryCodes ?? [] };
}

const setMode = (state: "demo" | "live" | null) =>
  state
    ? db
        .insert(settings)
        .values({ key: SHOP_MODE_KEY, value: { state } })
        .onConflictDoUpdate({ target: settings.key, set: { value: { state } } })
    : db.delete(settings).where(eq(settings.key, SHOP_MODE_KEY));

describe("an authenticator app", () => {
  it("counts only once a code confirms it, and the first one comes with ten recovery codes", async () => {
    const created = await createAdmin(db, { email: "nueva@rizoma.com.ar", password });
    const admin: AdminIdentity = { id: created.id, email: created.email, role: created.role };
    const enrolment = await startTotp(db, admin);
    expect(enrolment.qrSvg).toContain("<svg");
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(await hasFactor(db, admin.id)).toBe(false);

    await expect(confirmTotp(db, admin, { factorId: enrolment.factorId, code: "000000" })).rejects.toThrow(Invalid);
    const { recoveryCodes } = await confirmTotp(db, admin, {
      factorId: enrolment.factorId,
      code: totpCode(enrolment.secret),
      label: "Teléfono de Ana",
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes ?? []) expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(await listFactors(db, admin.id)).toMatchObject([{ kind: "totp", label: "Teléfono de Ana" }]);
    expect(await recoveryCodesLeft(db, admin.id)).toBe(10);

    // A second app adds no new recovery codes (the first ones stay valid).
    const second = await startTotp(db, admin);
    expect(
      (await confirmTotp(db, admin, { factorId: second.factorId, code: totpCode(second.secret) })).recoveryCodes,
    ).toBeNull();
    // The secret is never stored for someone else to confirm.
    const other = await createAdmin(db, { email: "otra@rizoma.com.ar", password });
    const third = await startTotp(db, admin);
    await expect(
      confirmTotp(
        db,
        { id: other.id, email: other.email, role: other.role },
        {
          factorId: third.factorId,
          code: totpCode(third.secret),
        },
      ),
    ).rejects.toThrow(FACTOR_MESSAGES.enrolmentGone);
  });

  it("accepts each code once: one seen over a shoulder is refused afterwards", async () => {
    const { admin, secret } = await adminWithApp("una-vez@rizoma.com.ar");
    const code = totpCode(secret);
    expect(await verifyCode(db, admin.id, code)).toBe("totp");
    expect(await verifyCode(db, admin.id, code)).toBeNull();
  });
});

describe("signing in with a second factor", () => {
  it("the API asks for the code with factor:'required', and a right code opens the session", async () => {
    const { secret } = await adminWithApp("api@rizoma.com.ar");
    const missing = await login(db, { email: "api@rizoma.com.ar", password }, { ip: "10.9.0.1" }).catch((e) => e);
    expect(missing).toBeInstanceOf(Unauthorized);
    expect(missing).toMatchObject({ message: FACTOR_MESSAGES.required, details: { factor: "required" } });
    const wrong = await login(db, { email: "api@rizoma.com.ar", password, code: "123456" }, { ip: "10.9.0.1" }).catch(
      (e) => e,
    );
    expect(wrong).toMatchObject({ message: FACTOR_MESSAGES.wrongCode, details: { factor: "required" } });
    const session = await login(
      db,
      { email: "api@rizoma.com.ar", password, code: totpCode(secret) },
      { ip: "10.9.0.1" },
    );
    expect(session.stage).toBe("ready");
    expect((await readSession(db, session.token))?.stage).toBe("ready");
  });

  it("the form's first step gives a 5-minute half-session that is not an admin's, the second step a new token", async () => {
    const { secret } = await adminWithApp("form@rizoma.com.ar");
    const pending = await login(db, { email: "form@rizoma.com.ar", password }, { ip: "10.9.0.2" }, { twoSteps: true });
    expect(pending.stage).toBe("factor");
    expect(pending.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect((await readSession(db, pending.token))?.stage).toBe("factor");

    const session = await completeSignIn(
      db,
      pending.token,
      async (userId) => (await verifyCode(db, userId, totpCode(secret))) !== null,
      { ip: "10.9.0.2" },
    );
    expect(session.token).not.toBe(pending.token);
    expect(await readSession(db, pending.token)).toBeNull();
    expect((await readSession(db, session.token))?.stage).toBe("ready");
    // The half-session is gone: it cannot be finished twice.
    await expect(completeSignIn(db, pending.token, async () => true, { ip: "10.9.0.2" })).rejects.toThrow(
      FACTOR_MESSAGES.signInAgain,
    );
  });

  it("guessing codes locks the e-mail out at that address, like guessing passwords, never elsewhere", async () => {
    const { secret } = await adminWithApp("adivinada@rizoma.com.ar");
    const email = "adivinada@rizoma.com.ar";
    const pending = await login(db, { email, password }, { ip: "10.9.1.1" }, { twoSteps: true });
    const guesses = Array.from({ length: 5 }, (_, i) => String(100000 + i));
    for (const guess of guesses) {
      await expect(
        completeSignIn(db, pending.token, async (id) => (await verifyCode(db, id, guess)) !== null, { ip: "10.9.1.1" }),
      ).rejects.toThrow(Unauthorized);
    }
    const locked = await completeSignIn(
      db,
      pending.token,
      async (id) => (await verifyCode(db, id, totpCode(secret))) !== null,
      { ip: "10.9.1.1" },
    ).catch((e) => e);
    expect(locked).toBeInstanceOf(TooManyRequests);
    // The API path shares the same counters.
    await expect(login(db, { email, password, code: "999999" }, { ip: "10.9.1.1" })).rejects.toThrow(TooManyRequests);
    // From another address the owner still signs in.
    const session = await login(db, { email, password, code: totpCode(secret) }, { ip: "10.9.2.1" });
    expect(session.stage).toBe("ready");
  });

  it("a recovery code works once, also when the same code is sent five times at once", async () => {
    const { admin, recoveryCodes } = await adminWithApp("recupera@rizoma.com.ar");
    const code = recoveryCodes[0] ?? "";
    const results = await Promise.all(Array.from({ length: 5 }, () => verifyCode(db, admin.id, code.toLowerCase())));
    expect(results.filter((r) => r === "recovery")).toHaveLength(1);
    expect(await verifyCode(db, admin.id, code)).toBeNull();
    expect(await recoveryCodesLeft(db, admin.id)).toBe(9);
    // Another admin's code is not this admin's.
    const other = await adminWithApp("otra-recupera@rizoma.com.ar");
    expect(await verifyCode(db, admin.id, other.recoveryCodes[0] ?? "")).toBeNull();
  });
});

describe("requiring a second factor", () => {
  it("never in a demo shop, always once live, and before that when an owner chooses so", async () => {
    const owner = await createAdmin(db, { email: "titular@rizoma.com.ar", password });
    const actor: AdminIdentity = { id: owner.id, email: owner.email, role: owner.role };
    await setMode("demo");
    const origin = { ip: "10.9.0.1", userAgent: null, siteUrl: "https://rizoma.test" };
    await setFactorRequired(db, actor, true, origin);
    // Every owner is told (docs/decisions/0046).
    const alerts = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "owner-alert"));
    expect(alerts.map((mail) => [mail.toAddress, mail.subject])).toContainEqual([
      owner.email,
      "Ahora todo el equipo necesita un segundo factor para entrar",
    ]);
    expect(await factorRequired(db)).toBe(false);
    await setMode(null);
    expect(await factorRequired(db)).toBe(true);
    await setFactorRequired(db, actor, false, origin);
    expect(await factorRequired(db)).toBe(false);
    await setMode("live");
    expect(await factorRequired(db)).toBe(true);
    await setMode(null);
  });

  it("in a live shop an admin without a factor gets a session only to enrol, and cannot drop the last factor", async () => {
    await setMode("live");
    try {
      const created = await createAdmin(db, { email: "sin-factor@rizoma.com.ar", password });
      const session = await login(db, { email: "sin-factor@rizoma.com.ar", password }, { ip: "10.9.3.1" });
      expect(session.stage).toBe("enrol");
      const [row] = await db.select().from(adminSessions).where(eq(adminSessions.userId, created.id));
      expect(row?.stage).toBe("enrol");

      const { admin } = await adminWithApp("con-factor@rizoma.com.ar");
      const [factor] = await listFactors(db, admin.id);
      await expect(removeFactor(db, admin, factor?.id ?? 0)).rejects.toThrow(FACTOR_MESSAGES.lastRequired);
      expect(await db.select().from(adminFactors).where(eq(adminFactors.userId, admin.id))).toHaveLength(1);
    } finally {
      await setMode(null);
    }
  });
});
