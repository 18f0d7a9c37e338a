import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode, totpStep } from "../../app/domain/auth/totp";
import { type AppServer, adminCookie, appEnv, removeDataDir, startApp } from "../support/app-server";

/**
 * The second factor under attack (issue 34), on the database the suite runs on: an owner enrols an
 * authenticator app through /admin/seguridad's forms; then guesses of the code from one address lock that
 * e-mail out at that address only (the same counters as wrong passwords), and one recovery code sent many
 * times at once opens exactly one session.
 */
const owner = { email: "duena-2fa@rizoma.com.ar", password: "clave-de-prueba-2fa" };
const report = (line: string) => console.log(`[second-factor] ${line}`);
let app: AppServer;
let secret = "";
let recoveryCodes: string[] = [];

/** A sign-in through the API from `ip` (the shop trusts the loopback proxy's X-Forwarded-For). */
async function signIn(ip: string, code?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(code === undefined ? owner : { ...owner, code }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A form post to /admin/seguridad as the signed-in owner; the page's HTML. */
async function securityForm(cookie: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${app.baseUrl}/admin/seguridad`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  app = await startApp(
    await appEnv({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, TRUST_PROXY: "loopback" }),
  );
  const cookie = await adminCookie(app, owner);
  const started = await securityForm(cookie, { intent: "totp-start" });
  secret = started.match(/data-testid="totp-secret"[^>]*>([A-Z2-7]+)</)?.[1] ?? "";
  const factorId = started.match(/name="factorId" value="(\d+)"/)?.[1] ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const confirmed = await securityForm(cookie, {
    intent: "totp-confirm",
    factorId,
    code: totpCode(secret, totpStep() - 1),
  });
  recoveryCodes = [...confirmed.matchAll(/>([2-9A-Z]{4}-[2-9A-Z]{4})</g)].map((match) => match[1] ?? "");
  expect(recoveryCodes).toHaveLength(10);
});

afterAll(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
});

describe("the second factor under attack", () => {
  it("30 code guesses at once from one address: 5 refused as wrong, the rest locked out; elsewhere the owner gets in", async () => {
    const attacker = "203.0.113.77";
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(attacker, String(100000 + i * 7919).slice(0, 6))),
    );
    const tally: Record<number, number> = {};
    for (const guess of guesses) tally[guess.status] = (tally[guess.status] ?? 0) + 1;
    expect(tally).toEqual({ 401: 5, 429: 25 });
    for (const guess of guesses.filter((g) => g.status === 401)) expect(guess.body.factor).toBe("required");
    // The right code from the attacker's address is refused too: the e-mail is locked out there.
    expect((await signIn(attacker, totpCode(secret))).status).toBe(429);
    // The same address's /64 (IPv6) or another address: the owner is never locked out from elsewhere.
    const owners = await signIn("198.51.100.20", totpCode(secret));
    expect(owners.status).toBe(200);
    report(
      `30 simultaneous wrong codes from one address -> ${JSON.stringify(tally)}; right code there 429, elsewhere 200`,
    );
  });

  it("one recovery code sent ten times at once, from ten addresses, opens exactly one session", async () => {
    const code = recoveryCodes[0] ?? "";
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(`192.0.2.${10 + i}`, code)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(9);
    // Spent: it never works again; the next code still does.
    expect((await signIn("192.0.2.99", code)).status).toBe(401);
    expect((await signIn("192.0.2.98", recoveryCodes[1])).status).toBe(200);
    report(`one recovery code x10 at once -> ${statuses.join(" ")}; again -> 401; the next code -> 200`);
  });
});
