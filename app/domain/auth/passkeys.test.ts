import { generateKeyPairSync } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { adminFactors, adminRecoveryCodes, adminSessions, auditLog } from "~db/schema";
import { softAuthenticator } from "../../../tests/support/soft-authenticator";
import { testDatabase } from "../../../tests/support/test-database";
import { Conflict, Invalid, Unauthorized } from "../errors";
import { createAdmin } from "./admin-users.server";
import { completeSignIn, login } from "./login.server";
import {
  authenticationOptions,
  PASSKEY_MESSAGES,
  registerPasskey,
  registrationOptions,
  relyingParty,
  signInOptions,
  verifyPasskeyAssertion,
} from "./passkeys.server";
import { createSession, digestToken, readSession } from "./sessions.server";

const database = await testDatabase();
const db = database.db;
afterAll(() => database.close());

const password = "una-clave-larga-de-prueba";
const rp = { rpID: "localhost", origin: "http://localhost:3000" };
let emails = 0;

/** A new admin with a signed-in session (`stage` as asked) and a software passkey for this origin. */
async function adminWithSession(stage: "ready" | "enrol" = "ready") {
  const admin = await createAdmin(db, { email: `llave${++emails}@rizoma.com.ar`, password });
  const { token } = await createSession(db, admin.id, { ip: "10.9.0.1" }, stage);
  return { admin, token, key: softAuthenticator(rp.origin, rp.rpID) };
}

async function enrolled() {
  const who = await adminWithSession();
  const options = await registrationOptions(db, who.admin, who.token, rp);
  await registerPasskey(db, who.admin, who.token, { response: who.key.create(options.challenge) }, rp);
  return who;
}

const storedChallenge = async (token: string) =>
  (
    await db
      .select({ c: adminSessions.challenge })
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, digestToken(token)))
  )[0]?.c ?? null;

describe("the relying party", () => {
  it("is the shop's public name, or the page's own name on localhost", () => {
    expect(relyingParty("https://rizoma.com.ar", "https://rizoma.com.ar")).toEqual({
      rpID: "rizoma.com.ar",
      origin: "https://rizoma.com.ar",
    });
    expect(relyingParty("https://rizoma.com.ar", null)).toEqual({
      rpID: "rizoma.com.ar",
      origin: "https://rizoma.com.ar",
    });
    expect(relyingParty("http://127.0.0.1:3000", "http://localhost:3000")).toEqual(rp);
    expect(relyingParty("https://rizoma.com.ar", "http://tienda.localhost:5173")).toEqual({
      rpID: "tienda.localhost",
      origin: "http://tienda.localhost:5173",
    });
  });

  it("refuses an IP address (never a valid RP ID) and a page on another address, in Spanish", () => {
    expect(() => relyingParty("http://127.0.0.1:3000", "http://127.0.0.1:3000")).toThrow(
      new Invalid(PASSKEY_MESSAGES.ipAddress),
    );
    expect(() => relyingParty("http://[::1]:3000", null)).toThrow(new Invalid(PASSKEY_MESSAGES.ipAddress));
    expect(() => relyingParty("https://rizoma.com.ar", "https://www.rizoma.com.ar")).toThrow(
      "Para usar llaves de acceso, abrí el panel desde https://rizoma.com.ar.",
    );
  });
});

describe("adding a passkey", () => {
  it("asks for a resident key and user verification where possible, excluding the admin's own keys", async () => {
    const { admin, token, key } = await enrolled();
    const options = await registrationOptions(db, admin, token, rp);
    expect(options.rp).toEqual({ name: "Rizoma", id: "localhost" });
    expect(options.user.name).toBe(admin.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "preferred", userVerification: "preferred" });
    expect(options.excludeCredentials?.map((c) => c.id)).toEqual([key.credentialId]);
    expect(await storedChallenge(token)).toMatch(new RegExp(`^\\d+\\.${options.challenge}$`));
  });

  it("keeps the first passkey confirmed, audited, with ten recovery codes, and ends an enrolment-only session", async () => {
    const { admin, token, key } = await adminWithSession("enrol");
    const options = await registrationOptions(db, admin, token, rp);
    const added = await registerPasskey(
      db,
      admin,
      token,
      { response: key.create(options.challenge), label: "  Notebook de Ana  " },
      rp,
    );
    expect(added.label).toBe("Notebook de Ana");
    expect(added.recoveryCodes).toHaveLength(10);
    const [factor] = await db.select().from(adminFactors).where(eq(adminFactors.userId, admin.id));
    expect(factor).toMatchObject({ kind: "passkey", label: "Notebook de Ana", credentialId: key.credentialId });
    expect(factor?.confirmedAt).toBeInstanceOf(Date);
    expect(factor?.publicKey).toMatch(/^[\w-]+$/);
    expect(factor?.transports).toBe("internal");
    expect((await readSession(db, token))?.stage).toBe("ready");
    expect(await storedChallenge(token)).toBeNull();
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "admin.factor_added"), eq(auditLog.entityId, String(admin.id))));
    expect(audit?.summary).toBe("Agregó un segundo factor: Notebook de Ana");

    // A second passkey brings no new codes, and the default name.
    const other = softAuthenticator(rp.origin, rp.rpID);
    const again = await registrationOptions(db, admin, token, rp);
    const second = await registerPasskey(db, admin, token, { response: other.create(again.challenge) }, rp);
    expect(second).toEqual({ label: "Llave de acceso", recoveryCodes: null });
    const [codes] = await db
      .select({ n: count() })
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.userId, admin.id));
    expect(codes?.n).toBe(10);
  });

  it("uses a challenge once: a replayed or missing one is refused and nothing is added", async () => {
    const { admin, token, key } = await adminWithSession();
    await expect(registerPasskey(db, admin, token, { response: key.create("c2lu") }, rp)).rejects.toThrow(
      new Invalid(PASSKEY_MESSAGES.challengeGone),
    );
    const options = await registrationOptions(db, admin, token, rp);
    const response = key.create(options.challenge);
    // Signed for another origin: refused, and the challenge is spent all the same.
    const elsewhere = key.create(options.challenge, { origin: "https://rizoma-falsa.example" });
    await expect(registerPasskey(db, admin, token, { response: elsewhere }, rp)).rejects.toThrow(
      new Invalid(PASSKEY_MESSAGES.notRegistered),
    );
    await expect(registerPasskey(db, admin, token, { response }, rp)).rejects.toThrow(
      new Invalid(PASSKEY_MESSAGES.challengeGone),
    );
    const [rows] = await db.select({ n: count() }).from(adminFactors).where(eq(adminFactors.userId, admin.id));
    expect(rows?.n).toBe(0);
  });

  it("settles two answers racing for one challenge: one is added, the other refused", async () => {
    const { admin, token, key } = await adminWithSession();
    const options = await registrationOptions(db, admin, token, rp);
    const other = softAuthenticator(rp.origin, rp.rpID);
    const results = await Promise.allSettled([
      registerPasskey(db, admin, token, { response: key.create(options.challenge) }, rp),
      registerPasskey(db, admin, token, { response: other.create(options.challenge) }, rp),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const [rows] = await db.select({ n: count() }).from(adminFactors).where(eq(adminFactors.userId, admin.id));
    expect(rows?.n).toBe(1);
  });

  it("refuses a credential another admin already registered", async () => {
    const first = await adminWithSession();
    const second = await adminWithSession();
    const one = await registrationOptions(db, first.admin, first.token, rp);
    await registerPasskey(db, first.admin, first.token, { response: first.key.create(one.challenge) }, rp);
    const two = await registrationOptions(db, second.admin, second.token, rp);
    await expect(
      registerPasskey(db, second.admin, second.token, { response: first.key.create(two.challenge) }, rp),
    ).rejects.toThrow(new Conflict(PASSKEY_MESSAGES.taken));
  });

  it("refuses a challenge older than five minutes", async () => {
    const { admin, token, key } = await adminWithSession();
    const options = await registrationOptions(db, admin, token, rp);
    const old = `${Date.now() - 6 * 60 * 1000}.${options.challenge}`;
    await db
      .update(adminSessions)
      .set({ challenge: old })
      .where(eq(adminSessions.tokenHash, digestToken(token)));
    await expect(registerPasskey(db, admin, token, { response: key.create(options.challenge) }, rp)).rejects.toThrow(
      new Invalid(PASSKEY_MESSAGES.challengeGone),
    );
  });
});

describe("proving a session with a passkey", () => {
  it("accepts the admin's key once per challenge and moves its counter", async () => {
    const { admin, token, key } = await enrolled();
    const options = await authenticationOptions(db, token, admin.id, rp);
    expect(options.rpId).toBe("localhost");
    expect(options.userVerification).toBe("preferred");
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.credentialId]);
    const response = key.get(options.challenge);
    expect(await verifyPasskeyAssertion(db, token, admin.id, response, rp)).toBe(true);
    const [factor] = await db.select().from(adminFactors).where(eq(adminFactors.userId, admin.id));
    expect(factor?.signCount).toBe(1);
    expect(factor?.lastUsedAt).toBeInstanceOf(Date);
    // The same answer again: its challenge is spent.
    expect(await verifyPasskeyAssertion(db, token, admin.id, response, rp)).toBe(false);
    // With a fresh challenge, an answer replayed from before (an old counter and challenge) is refused too.
    await authenticationOptions(db, token, admin.id, rp);
    expect(await verifyPasskeyAssertion(db, token, admin.id, response, rp)).toBe(false);
  });

  it("refuses a wrong signature, another admin's key, another origin or RP ID, and no challenge", async () => {
    const { admin, token, key } = await enrolled();
    const stranger = await enrolled();
    const attempts = [
      (c: string) => key.get(c, { key: generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey }),
      (c: string) => stranger.key.get(c),
      (c: string) => key.get(c, { origin: "https://rizoma-falsa.example" }),
      (c: string) => key.get(c, { rpID: "rizoma-falsa.example" }),
    ];
    for (const answer of attempts) {
      const options = await authenticationOptions(db, token, admin.id, rp);
      expect(await verifyPasskeyAssertion(db, token, admin.id, answer(options.challenge), rp)).toBe(false);
    }
    expect(await verifyPasskeyAssertion(db, token, admin.id, key.get("c2lu"), rp)).toBe(false);
    const [factor] = await db.select().from(adminFactors).where(eq(adminFactors.userId, admin.id));
    expect(factor?.lastUsedAt).toBeNull();
  });

  it("completes the sign-in's second step, and a refused key counts as a failure", async () => {
    const { admin, key } = await enrolled();
    const pending = await login(db, { email: admin.email, password }, { ip: "10.9.1.1" }, { twoSteps: true });
    expect(pending.stage).toBe("factor");

    const wrong = await signInOptions(db, pending.token, rp);
    const forged = key.get(wrong.challenge, { key: generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey });
    const refused = completeSignIn(
      db,
      pending.token,
      (userId) => verifyPasskeyAssertion(db, pending.token, userId, forged, rp),
      { ip: "10.9.1.1" },
      PASSKEY_MESSAGES.refused,
    );
    await expect(refused).rejects.toMatchObject({ message: PASSKEY_MESSAGES.refused, status: 401 });
    const failures = await db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "admin.login_failed"), eq(auditLog.entityId, String(admin.id))));
    expect(failures).toEqual([{ details: { ip: "10.9.1.1", reason: "factor" } }]);

    const options = await signInOptions(db, pending.token, rp);
    const signedIn = await completeSignIn(
      db,
      pending.token,
      (userId) => verifyPasskeyAssertion(db, pending.token, userId, key.get(options.challenge), rp),
      { ip: "10.9.1.1" },
    );
    expect(signedIn.stage).toBe("ready");
    expect((await readSession(db, signedIn.token))?.admin.email).toBe(admin.email);
    // The half-session is gone: its options cannot be asked again.
    await expect(signInOptions(db, pending.token, rp)).rejects.toThrow(Unauthorized);
  });

  it("offers the sign-in's options only to a half-session of an admin with a passkey", async () => {
    const { token } = await enrolled();
    await expect(signInOptions(db, token, rp)).rejects.toThrow(Unauthorized);
    await expect(signInOptions(db, null, rp)).rejects.toThrow(Unauthorized);
    const plain = await adminWithSession();
    await expect(authenticationOptions(db, plain.token, plain.admin.id, rp)).rejects.toThrow(
      new Invalid(PASSKEY_MESSAGES.noPasskeys),
    );
  });
});
