import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, appEnv, removeDataDir, startApp } from "../support/app-server";

// Small things a browser or an API client meets over HTTP on the built app: the icon browsers ask for,
// when a refused form may be sent again, and Spanish answers to hostile JSON.
let app: AppServer;

beforeAll(async () => {
  app = await startApp(await appEnv());
});
afterAll(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
});

const english = /Unrecognized|Expected|Invalid input|Required|received/i;

describe("over HTTP", () => {
  it("serves /favicon.ico as a cacheable icon", async () => {
    const response = await fetch(`${app.baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(response.headers.get("cache-control")).toMatch(/max-age=[1-9]/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it("serves the footer's Data Fiscal QR as an image of its own, kept for good under its address", async () => {
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    const src = /<img src="(\/datos-fiscales-qr\.svg\?v=[\w-]+)" alt="Data Fiscal"/.exec(html)?.[1];
    expect(src).toBeDefined();
    // Not a data: URL any more: no page carries the drawing's bytes, twice (issue 36).
    expect(html).not.toContain("data:image/svg+xml;base64");
    const qr = await fetch(`${app.baseUrl}${src}`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get("content-type")).toBe("image/svg+xml");
    expect(qr.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await qr.text()).toContain("<svg");
    // An address from before a change still draws today's QR, kept only a minute.
    const stale = await fetch(`${app.baseUrl}/datos-fiscales-qr.svg?v=viejo`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("tells a newsletter form sent too often when to try again (429 with Retry-After)", async () => {
    const signUp = (i: number) =>
      fetch(`${app.baseUrl}/newsletter`, {
        method: "POST",
        body: new URLSearchParams({ email: `lector${i}@example.com` }),
      });
    // The default limit is 10 sign-ups per connection and hour.
    for (let i = 0; i < 10; i++) expect((await signUp(i)).status).toBe(200);
    const refused = await signUp(10);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(await refused.text()).toContain("Demasiadas suscripciones desde tu conexión");
    // The JSON API the forms use with JavaScript says the same.
    const api = await fetch(`${app.baseUrl}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "otra@example.com" }),
    });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers unknown and wrongly typed JSON fields in Spanish", async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${app.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7" },
        body: JSON.stringify(body),
      });
      return { status: response.status, error: ((await response.json()) as { error: string }).error };
    };
    expect(await post("/api/validate-cart-stock", { items: [], role: "admin" })).toEqual({
      status: 400,
      error: "Campo no permitido: role",
    });
    const wrongType = await post("/api/validate-cart-stock", { items: [{ id: "uno", quantity: "dos" }] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.error).not.toMatch(english);
    const notAnObject = await post("/api/discount-codes/validate", [1, 2]);
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.error).not.toMatch(english);
  });
});
