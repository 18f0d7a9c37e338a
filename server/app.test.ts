import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "~db/connect";
import { testDatabase } from "../tests/support/test-database";
import { createApp } from "./app";

const healthy = await testDatabase();
afterAll(() => healthy.close());

async function serve(database: Database, secure = false) {
  const app = createApp({
    database,
    config: {
      publicUrl: "http://localhost",
      storeUrl: null,
      secureCookies: secure,
      configuredSecret: null,
      mailFrom: "Rizoma <hola@rizoma.test>",
      shopNotifyEmail: null,
    },
    // /healthz answers before React Router; no page is requested here.
    build: {} as ServerBuild,
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("security headers", () => {
  it("never lets the admin be framed, and asks for https only when the shop is served over https", async () => {
    const plain = await serve(healthy);
    const admin = await fetch(`${plain.url}/api/admin/books`);
    expect(admin.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(admin.headers.get("x-frame-options")).toBe("DENY");
    const shop = await fetch(`${plain.url}/healthz`);
    // Scripts from here or with a nonce that changes on every response; never unsafe-inline.
    const policy = shop.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy.split("; ").find((d) => d.startsWith("script-src"))).not.toContain("unsafe");
    const again = (await fetch(`${plain.url}/healthz`)).headers.get("content-security-policy");
    expect(again).not.toBe(policy);
    expect(shop.headers.get("x-content-type-options")).toBe("nosniff");
    expect(shop.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(shop.headers.get("strict-transport-security")).toBeNull();
    await plain.close();
    const secure = await serve(healthy, true);
    const hsts = (await fetch(`${secure.url}/healthz`)).headers.get("strict-transport-security");
    expect(hsts).toBe("max-age=31536000; includeSubDomains");
    await secure.close();
  });
});

describe("GET /healthz", () => {
  it("answers ok while the database answers", async () => {
    const server = await serve(healthy);
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    await server.close();
  });

  it("answers 503 when the database does not", async () => {
    const broken = await testDatabase();
    await broken.close();
    const server = await serve(broken);
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    expect((await response.json()).status).toBe("error");
    await server.close();
  });

  it("refuses a declared oversized API body before reading it", async () => {
    const server = await serve(healthy);
    const response = await fetch(`${server.url}/api/validate-cart-stock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items: [], pad: "x".repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, error: "El cuerpo de la solicitud es demasiado grande" });
    await server.close();
  });

  it("lets the catalogue import send up to 20 MB, and only it", async () => {
    const server = await serve(healthy);
    const upload = (path: string, megabytes: number) => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(megabytes * 1024 * 1024)], "catalogo.csv"));
      return fetch(`${server.url}${path}`, { method: "POST", body: form });
    };
    expect((await upload("/api/admin/uploads", 8)).status).toBe(413);
    // Past the size check, the admin gate answers: no session.
    expect((await upload("/api/admin/books/import", 8)).status).toBe(401);
    expect((await upload("/api/admin/books/import", 22)).status).toBe(413);
    await server.close();
  });
});

describe("the admin gate and the second factor", () => {
  it("a session that must enrol reaches only Seguridad; one halfway through the sign-in is nobody's", async () => {
    const { createAdmin } = await import("~/domain/auth/admin-users.server");
    const { createSession } = await import("~/domain/auth/sessions.server");
    const created = await createAdmin(healthy.db, {
      email: "enrolando@rizoma.com.ar",
      password: "una-clave-larga-de-prueba",
    });
    const enrol = await createSession(healthy.db, created.id, {}, "enrol");
    const half = await createSession(healthy.db, created.id, {}, "factor");
    const server = await serve(healthy);
    try {
      const as = (token: string) => ({ headers: { cookie: `rizoma_admin=${token}` }, redirect: "manual" as const });
      const api = await fetch(`${server.url}/api/admin/books`, as(enrol.token));
      expect(api.status).toBe(403);
      expect(await api.json()).toEqual({
        success: false,
        error: "Antes de seguir, configurá tu segundo factor en Seguridad.",
        factor: "enrol",
      });
      const page = await fetch(`${server.url}/admin/pedidos`, as(enrol.token));
      expect(page.status).toBe(303);
      expect(page.headers.get("location")).toBe("/admin/seguridad");
      const halfApi = await fetch(`${server.url}/api/admin/books`, as(half.token));
      expect(halfApi.status).toBe(401);
      const halfPage = await fetch(`${server.url}/admin/pedidos`, as(half.token));
      expect(halfPage.status).toBe(303);
      expect(halfPage.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fpedidos");
    } finally {
      await server.close();
    }
  });
});
