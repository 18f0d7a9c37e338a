import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { createCustomerSession } from "~/domain/accounts/sessions.server";
import { createSession } from "~/domain/auth/sessions.server";
import { CUSTOMER_COOKIE, clearedSessionCookie, readSessionToken, sessionCookie } from "~/lib/admin-cookie.server";
import { adminTestDatabase, TEST_ADMIN } from "../tests/support/admin-database";
import { adminSession } from "./admin-gate";
import { customerSession } from "./customer-session";

/*
 * Issue 34, item 5: over https the session cookies are `__Host-` cookies (Secure, Path=/, no Domain), so a
 * sibling subdomain or an http answer cannot plant one; over http the plain names keep working.
 */

const { db } = await adminTestDatabase();

/** A server with the two session middlewares that answers who they found, over http or "https". */
async function serve(secure: boolean) {
  const app = express();
  app.use(adminSession(db, secure), customerSession(db, secure));
  app.get("/quien", (_req, res) => {
    res.json({ admin: res.locals.admin?.email ?? null, customer: res.locals.customer?.email ?? null });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const who = async (cookie: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/quien`, { headers: { cookie } });
    return { body: await response.json(), setCookie: response.headers.get("set-cookie") };
  };
  return { who, close: () => new Promise((resolve) => server.close(resolve)) };
}

const servers: { close: () => Promise<unknown> }[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

describe("the session cookies' names", () => {
  it("over https: `__Host-` names, Secure, Path=/ and no Domain; set, cleared and read under that name", () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    expect(sessionCookie("t0k3n", expiresAt, true, CUSTOMER_COOKIE)).toMatch(
      /^__Host-rizoma_cuenta=t0k3n; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(3599|3600); Secure$/,
    );
    expect(sessionCookie("t0k3n", expiresAt, true)).toMatch(
      /^__Host-rizoma_admin=t0k3n; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(3599|3600); Secure$/,
    );
    expect(clearedSessionCookie(true, CUSTOMER_COOKIE)).toBe(
      "__Host-rizoma_cuenta=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
    expect(sessionCookie("t0k3n", expiresAt, true)).not.toMatch(/Domain=/i);
    // On https only the prefixed cookie counts: an unprefixed one could have been planted.
    expect(readSessionToken("rizoma_cuenta=plantada; __Host-rizoma_cuenta=propia", true, CUSTOMER_COOKIE)).toBe(
      "propia",
    );
    expect(readSessionToken("rizoma_cuenta=plantada", true, CUSTOMER_COOKIE)).toBeNull();
  });

  it("over http: the plain names, without Secure (browsers refuse `__Host-` there)", () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    expect(sessionCookie("t0k3n", expiresAt, false, CUSTOMER_COOKIE)).toMatch(
      /^rizoma_cuenta=t0k3n; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(3599|3600)$/,
    );
    expect(clearedSessionCookie(false)).toBe("rizoma_admin=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(readSessionToken("__Host-rizoma_admin=x; rizoma_admin=propia", false)).toBe("propia");
  });

  it("a request carrying the `__Host-` cookies is recognised on https, the plain ones on http", async () => {
    const customer = await createCustomerSession(db, "lectora@example.com");
    const admin = await createSession(db, TEST_ADMIN.id);
    const https = await serve(true);
    const http = await serve(false);
    servers.push(https, http);
    const signedIn = { admin: TEST_ADMIN.email, customer: "lectora@example.com" };
    const nobody = { admin: null, customer: null };

    const prefixed = `__Host-rizoma_admin=${admin.token}; __Host-rizoma_cuenta=${customer.token}`;
    const plain = `rizoma_admin=${admin.token}; rizoma_cuenta=${customer.token}`;
    expect((await https.who(prefixed)).body).toEqual(signedIn);
    expect((await https.who(plain)).body).toEqual(nobody);
    expect((await http.who(plain)).body).toEqual(signedIn);

    // A customer's visit sends no cookie back: the session's end was fixed at sign-in.
    expect((await https.who(prefixed)).setCookie).toBeNull();
  });
});
