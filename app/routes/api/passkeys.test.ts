import { generateKeyPairSync } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/domain/auth/admin-users.server";
import { login } from "~/domain/auth/login.server";
import { PASSKEY_MESSAGES } from "~/domain/auth/passkeys";
import { createSession, digestToken, readSession } from "~/domain/auth/sessions.server";
import { adminFactors, adminSessions, auditLog } from "~db/schema";
import { routeArgs, routeCaller } from "../../../tests/support/route-context";
import { softAuthenticator } from "../../../tests/support/soft-authenticator";
import { testDatabase } from "../../../tests/support/test-database";
import * as adminOptions from "./admin/passkeys-options";
import * as adminRegister from "./admin/passkeys-register";
import * as stepUpRoute from "./admin/passkeys-step-up";
import * as stepUpOptionsRoute from "./admin/passkeys-step-up-options";
import * as signInOptionsRoute from "./auth-passkey-options";
import * as signInVerify from "./auth-passkey-verify";

const database = await testDatabase();
const db = database.db;
afterAll(() => database.close());
const call = routeCaller(database);

const password = "una-clave-larga-de-prueba";
const origin = "http://localhost:3000";
const headers = { "content-type": "application/json", origin };
let emails = 0;

async function signedIn() {
  const admin = await createAdmin(db, { email: `api${++emails}@rizoma.com.ar`, password });
  const { token } = await createSession(db, admin.id, { ip: "10.8.0.1" });
  const key = softAuthenticator(origin, "localhost");
  const context = { admin, sessionToken: token };
  const options = () => call(adminOptions.action, "/api/admin/passkeys/options", { method: "POST", headers, context });
  const register = (body: unknown, raw?: string) =>
    call(adminRegister.action, "/api/admin/passkeys/register", {
      method: "POST",
      headers,
      body: raw ?? JSON.stringify(body),
      context,
    });
  return { admin, token, key, options, register };
}

/** An admin with a passkey whose password was just right: the sign-in's second step, by the API. */
async function halfwayIn() {
  const who = await signedIn();
  const { body } = await who.options();
  expect((await who.register({ response: who.key.create(body.options.challenge) })).status).toBe(201);
  const pending = await login(db, { email: who.admin.email, password }, { ip: "10.8.1.1" }, { twoSteps: true });
  const context = { admin: null, pendingSignIn: { email: who.admin.email }, sessionToken: pending.token };
  const options = () =>
    call(signInOptionsRoute.action, "/api/auth/passkey/options", { method: "POST", headers, context });
  const verify = (body: unknown, raw?: string) =>
    call(signInVerify.action, "/api/auth/passkey/verify", {
      method: "POST",
      headers,
      body: raw ?? JSON.stringify(body),
      context,
    });
  return { ...who, pending, options, verify };
}

const challengeOf = async (token: string) =>
  (
    await db
      .select({ c: adminSessions.challenge })
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, digestToken(token)))
  )[0]?.c ?? null;
const factorsOf = async (userId: number) =>
  (await db.select({ n: count() }).from(adminFactors).where(eq(adminFactors.userId, userId)))[0]?.n ?? 0;
const auditRows = async () => (await db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

/** What a malformed body is told. */
const spanish = [
  PASSKEY_MESSAGES.invalidResponse,
  "El nombre no es válido",
  "El nombre es demasiado largo",
  "El cuerpo debe ser un objeto JSON",
  "Campo no permitido: admin",
  "Campo no permitido: role",
  "Campo no permitido: evil",
];

/** Registration bodies a hostile client might send, each with what it breaks. */
function hostileRegistrations(good: ReturnType<ReturnType<typeof softAuthenticator>["create"]>): [string, unknown][] {
  return [
    ["no response", { label: "x" }],
    ["an extra field", { response: good, label: "x", admin: true }],
    ["an extra field in the credential", { response: { ...good, role: "owner" } }],
    ["an extra field in its response", { response: { ...good, response: { ...good.response, evil: "1" } } }],
    ["a wrong type", { response: { ...good, type: "password" } }],
    ["an id that is not base64url", { response: { ...good, id: "no es base64url!" } }],
    [
      "an enormous attestation",
      { response: { ...good, response: { ...good.response, attestationObject: "A".repeat(30_000) } } },
    ],
    ["a number for a string", { response: { ...good, response: { ...good.response, clientDataJSON: 12 } } }],
    [
      "transports that are not names",
      { response: { ...good, response: { ...good.response, transports: ["<script>"] } } },
    ],
    ["a label that is too long", { response: good, label: "x".repeat(201) }],
    ["a label that is not text", { response: good, label: { $ne: 1 } }],
    ["an array", [good]],
    ["null", null],
  ];
}

describe("POST /api/admin/passkeys/*", () => {
  it("refuses visitors without an admin session", async () => {
    const anonymous = { admin: null, sessionToken: null };
    const options = await call(adminOptions.action, "/api/admin/passkeys/options", {
      method: "POST",
      headers,
      context: anonymous,
    });
    expect(options).toEqual({
      status: 401,
      body: { success: false, error: "Necesitás iniciar sesión como administrador" },
    });
    const register = await call(adminRegister.action, "/api/admin/passkeys/register", {
      method: "POST",
      headers,
      body: "{}",
      context: anonymous,
    });
    expect(register.status).toBe(401);
  });

  it("adds a passkey: options, then the browser's answer, with the recovery codes once", async () => {
    const { admin, key, options, register } = await signedIn();
    const first = await options();
    expect(first.status).toBe(200);
    expect(first.body.options.rp).toEqual({ name: "Rizoma", id: "localhost" });
    const added = await register({ response: key.create(first.body.options.challenge), label: "Llave USB" });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ success: true, label: "Llave USB", recoveryCodes: expect.any(Array) });
    expect(added.body.recoveryCodes).toHaveLength(10);
    expect(await factorsOf(admin.id)).toBe(1);
  });

  it("answers hostile bodies with a 400 in Spanish and writes nothing (the challenge stays)", async () => {
    const { admin, token, key, options, register } = await signedIn();
    const { body } = await options();
    const good = key.create(body.options.challenge);
    const stored = await challengeOf(token);
    const audits = await auditRows();
    for (const [what, hostile] of hostileRegistrations(good)) {
      const answer = await register(hostile);
      expect(answer.status, what).toBe(400);
      expect(answer.body.success, what).toBe(false);
      expect(spanish, what).toContain(answer.body.error);
      expect(answer.body.error, what).not.toMatch(/expected|invalid input|required/i);
    }
    for (const raw of ["{", '{"response": {"__proto__": {"x": 1}}}', '{"response": "\\u0000"}']) {
      const answer = await register(null, raw);
      expect(answer.status, raw).toBe(400);
      expect(answer.body.success).toBe(false);
    }
    const wrongType = await call(adminRegister.action, "/api/admin/passkeys/register", {
      method: "POST",
      headers: { "content-type": "text/plain", origin },
      body: JSON.stringify({ response: good }),
      context: { admin, sessionToken: token },
    });
    expect(wrongType.status).toBe(415);
    expect(await challengeOf(token)).toBe(stored);
    expect(await factorsOf(admin.id)).toBe(0);
    expect(await auditRows()).toBe(audits);
    // The good answer still works after all that: nothing above spent the challenge.
    expect((await register({ response: good })).status).toBe(201);
  });

  it("refuses a replayed registration: the challenge works once", async () => {
    const { admin, key, options, register } = await signedIn();
    const { body } = await options();
    const response = key.create(body.options.challenge);
    expect((await register({ response })).status).toBe(201);
    const other = softAuthenticator(origin, "localhost");
    const replay = await register({ response: { ...other.create(body.options.challenge) } });
    expect(replay).toEqual({ status: 400, body: { success: false, error: PASSKEY_MESSAGES.challengeGone } });
    expect(await factorsOf(admin.id)).toBe(1);
  });

  it("tells an admin on an address that cannot hold passkeys why", async () => {
    const { admin, token } = await signedIn();
    const answer = await call(adminOptions.action, "/api/admin/passkeys/options", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.1:3000" },
      context: { admin, sessionToken: token, config: { ...testConfig(), publicUrl: "http://127.0.0.1:3000" } },
    });
    expect(answer).toEqual({ status: 400, body: { success: false, error: PASSKEY_MESSAGES.ipAddress } });
    expect(await challengeOf(token)).toBeNull();
  });
});

describe("POST /api/auth/passkey/*", () => {
  it("signs in with the passkey, sets the session cookie and goes to a safe next page", async () => {
    const { admin, key, pending, options } = await halfwayIn();
    const first = await options();
    expect(first.status).toBe(200);
    const response = await signInVerify.action(
      routeArgs("/api/auth/passkey/verify", database, {
        method: "POST",
        headers,
        body: JSON.stringify({ response: key.get(first.body.options.challenge), next: "/admin/pedidos" }),
        context: { pendingSignIn: { email: admin.email }, sessionToken: pending.token },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, redirect: "/admin/pedidos" });
    const token = /^rizoma_admin=([\w-]+);/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(token).not.toBe(pending.token);
    expect(await readSession(db, token)).toMatchObject({ stage: "ready", admin: { email: admin.email } });
    expect(await readSession(db, pending.token)).toBeNull();

    const again = await halfwayIn();
    const second = await again.options();
    const outside = await again.verify({
      response: again.key.get(second.body.options.challenge),
      next: "https://rizoma-falsa.example/admin",
    });
    expect(outside.body).toEqual({ success: true, redirect: "/admin" });
  });

  it("refuses a replayed assertion, a forged one and a missing challenge, each counted as a failure", async () => {
    const { admin, key, options, verify } = await halfwayIn();
    const noChallenge = await verify({ response: key.get("c2lu") });
    expect(noChallenge).toEqual({
      status: 401,
      body: { success: false, error: PASSKEY_MESSAGES.refused, factor: "required" },
    });
    const { body } = await options();
    const genuine = key.get(body.options.challenge);
    const forged = {
      ...genuine,
      response: {
        ...genuine.response,
        signature: key.get(body.options.challenge, {
          key: generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey,
        }).response.signature,
      },
    };
    expect((await verify({ response: forged })).status).toBe(401);
    // The genuine answer to that same challenge comes too late: the forged one spent it.
    expect((await verify({ response: genuine })).body.error).toBe(PASSKEY_MESSAGES.refused);
    const failures = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.adminId, admin.id));
    expect(failures.filter((row) => row.action === "admin.login_failed")).toHaveLength(3);
  });

  it("answers hostile bodies with a 400 in Spanish, before anything is spent or counted", async () => {
    const { key, pending, options, verify } = await halfwayIn();
    const { body } = await options();
    const good = key.get(body.options.challenge);
    const stored = await challengeOf(pending.token);
    const audits = await auditRows();
    const hostile: [string, unknown][] = [
      ["no response", { next: "/admin" }],
      ["an extra field", { response: good, email: "otra@rizoma.com.ar" }],
      ["an extra field in its response", { response: { ...good, response: { ...good.response, x: "1" } } }],
      ["a signature that is not base64url", { response: { ...good, response: { ...good.response, signature: "%%" } } }],
      ["an enormous signature", { response: { ...good, response: { ...good.response, signature: "A".repeat(5000) } } }],
      ["a next that is not text", { response: good, next: ["/admin"] }],
      ["a wrong type", { response: { ...good, type: "otp" } }],
    ];
    for (const [what, attempt] of hostile) {
      const answer = await verify(attempt);
      expect(answer.status, what).toBe(400);
      expect(answer.body.success, what).toBe(false);
      expect(answer.body.error, what).not.toMatch(/expected|invalid input|required/i);
    }
    expect((await verify(null, "no es json")).status).toBe(400);
    expect(await challengeOf(pending.token)).toBe(stored);
    expect(await auditRows()).toBe(audits);
    expect((await verify({ response: good })).status).toBe(200);
  });

  it("refuses both steps without a half-session whose password was right", async () => {
    const { token } = await signedIn();
    for (const context of [
      { admin: null, pendingSignIn: null, sessionToken: null },
      // A full session is not a half-session: nothing to complete.
      { admin: null, pendingSignIn: null, sessionToken: token },
    ]) {
      const options = await call(signInOptionsRoute.action, "/api/auth/passkey/options", {
        method: "POST",
        headers,
        context,
      });
      expect(options.status).toBe(401);
      expect(options.body.error).toMatch(/Ingresá de nuevo/);
    }
    const verify = await call(signInVerify.action, "/api/auth/passkey/verify", {
      method: "POST",
      headers,
      body: JSON.stringify({ response: softAuthenticator(origin, "localhost").get("c2lu") }),
      context: { admin: null, pendingSignIn: null, sessionToken: null },
    });
    expect(verify.status).toBe(401);
  });
});

function testConfig() {
  return {
    publicUrl: "http://localhost:3000",
    storeUrl: null,
    secureCookies: false,
    configuredSecret: null,
    mailFrom: "Rizoma <hola@rizoma.test>",
    shopNotifyEmail: null,
  };
}

describe("a step-up with a passkey", () => {
  it("the admin's own key marks the session proved; a refused one is counted and changes nothing", async () => {
    const who = await signedIn();
    const { body } = await who.options();
    expect((await who.register({ response: who.key.create(body.options.challenge) })).status).toBe(201);
    // The session's proof is an hour old: a sensitive action would ask for it again.
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await db
      .update(adminSessions)
      .set({ provedAt: hourAgo })
      .where(eq(adminSessions.tokenHash, digestToken(who.token)));
    const context = { admin: who.admin, sessionToken: who.token };
    const stepUpOptions = () =>
      call(stepUpOptionsRoute.action, "/api/admin/passkeys/step-up/options", { method: "POST", headers, context });
    const stepUp = (response: unknown) =>
      call(stepUpRoute.action, "/api/admin/passkeys/step-up", {
        method: "POST",
        headers,
        body: JSON.stringify({ response }),
        context,
      });

    // Another key (same id, other private key) is refused: the session stays stale.
    const clone = softAuthenticator(origin, "localhost");
    const first = await stepUpOptions();
    expect(first.status).toBe(200);
    const refused = await stepUp(clone.get(first.body.options.challenge));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(PASSKEY_MESSAGES.refused);
    expect((await readSession(db, who.token))?.provedAt.getTime()).toBe(hourAgo.getTime());

    const second = await stepUpOptions();
    const proved = await stepUp(who.key.get(second.body.options.challenge));
    expect(proved).toMatchObject({ status: 200, body: { success: true } });
    expect(Date.now() - ((await readSession(db, who.token))?.provedAt.getTime() ?? 0)).toBeLessThan(5_000);
    // The challenge was spent: the same answer again is refused.
    expect((await stepUp(who.key.get(second.body.options.challenge))).status).toBe(401);
  });
});
