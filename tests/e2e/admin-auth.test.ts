import { spawn } from "node:child_process";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { isAdminApiPath, isAdminPagePath } from "../../app/domain/auth/admin-paths";
import { resourceRoutes } from "../../app/resource-routes";
import pageRoutes from "../../app/routes";

import { expectAccessible } from "../support/browser";
import { browserSuite } from "../support/e2e";

/** Every URL the shop serves: React Router's pages and the resource routes Express serves. */
const routes = [...pageRoutes, ...resourceRoutes];

const admin = { email: "libreria@rizoma.com.ar", password: "clave-de-prueba-e2e" };

// TRUST_PROXY lets the throttling test speak from its own address (X-Forwarded-For) without
// locking the browser tests out of 127.0.0.1.
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, TRUST_PROXY: "loopback" });

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [{ path: path || "/", file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

/** A concrete URL for a route pattern: params become 1, a splat becomes "x". */
const concrete = (pattern: string) => pattern.replace(/:\w+\??/g, "1").replace(/\*$/, "x");

const routeTable = flatten(routes);
/** Admin endpoints the spec names that later issues build: the gate covers them before they exist. */
const specAdminApis = [
  "/api/admin/books",
  "/api/admin/books/1",
  "/api/books/1/featured",
  "/api/caja/stats",
  "/api/caja/subscriptions",
  "/api/caja/subscriptions/1/status",
  "/api/caja/bulk-email",
  "/api/qr/admin/list",
  "/api/qr/admin/winners",
  "/api/qr/admin/create",
  "/api/discount-codes/admin",
  "/api/discount-codes/stats",
  "/api/discount-codes/create",
  "/api/discount-codes/1",
];

async function signIn(): Promise<string> {
  const response = await fetch(`${shop.app.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Lax/);
  return cookie.split(";")[0] ?? "";
}

describe("admin protection", () => {
  it("every route file under routes/admin or routes/api/admin is covered by the gate", () => {
    const adminFiles = routeTable.filter(
      (route) =>
        /routes\/(admin|api\/admin)\//.test(route.file) &&
        !route.file.endsWith("admin/login.tsx") &&
        !route.file.endsWith("admin/invitacion.tsx"),
    );
    expect(adminFiles.length).toBeGreaterThan(0);
    for (const route of adminFiles) {
      const url = concrete(route.path);
      expect(isAdminPagePath(url) || isAdminApiPath(url), `${route.path} (${route.file}) is not protected`).toBe(true);
    }
  });

  it("refuses anonymous requests to every admin page and API", async () => {
    const adminPages = routeTable.map((route) => concrete(route.path)).filter(isAdminPagePath);
    const adminApis = [...new Set([...routeTable.map((route) => concrete(route.path)), ...specAdminApis])].filter(
      isAdminApiPath,
    );
    expect(adminPages).toContain("/admin");
    for (const url of adminPages) {
      const page = await fetch(`${shop.app.baseUrl}${url}`, { redirect: "manual" });
      expect(page.status, url).toBe(303);
      expect(page.headers.get("location"), url).toMatch(/^\/admin\/login/);
      const data = await fetch(`${shop.app.baseUrl}${url === "/admin" ? "/admin" : url}.data`, { redirect: "manual" });
      expect(await data.text(), `${url}.data`).toMatch(/SingleFetchRedirect.*\/admin\/login/);
    }
    for (const url of adminApis) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const response = await fetch(`${shop.app.baseUrl}${url}`, {
          method,
          headers: { "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        expect(response.status, `${method} ${url}`).toBe(401);
        expect(await response.json()).toEqual({ success: false, error: "Necesitás iniciar sesión como administrador" });
      }
    }
    expect(await fetch(`${shop.app.baseUrl}/api/auth/me`).then((r) => r.status)).toBe(401);
  });

  it("refuses a cross-site write even with a valid session", async () => {
    const cookie = await signIn();
    const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of foreign) {
      const response = await fetch(`${shop.app.baseUrl}/api/auth/logout`, {
        method: "POST",
        headers: { cookie, ...headers },
      });
      expect(response.status).toBe(403);
    }
    const me = await fetch(`${shop.app.baseUrl}/api/auth/me`, { headers: { cookie } });
    expect(await me.json()).toEqual({ email: admin.email });
  });

  it("answers 429 after five wrong passwords", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${shop.app.baseUrl}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
        body: JSON.stringify({ email: "alguien@rizoma.com.ar", password: "incorrecta" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe("npm run admin:create", () => {
  it("adds an admin through the running server, who can then sign in", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/admin-create.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, ...shop.app.env, ADMIN_EMAIL: "", ADMIN_PASSWORD: "" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.stdin.end("segunda@rizoma.com.ar\notra-clave-larga\n");
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code, output).toBe(0);
    expect(output).toContain("Administrador creado: segunda@rizoma.com.ar");
    const response = await fetch(`${shop.app.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.20" },
      body: JSON.stringify({ email: "segunda@rizoma.com.ar", password: "otra-clave-larga" }),
    });
    expect(response.status).toBe(200);
  });
});

describe("signing in", () => {
  it("works without JavaScript: wrong password, then the dashboard, then out", async () => {
    const { page, errors } = await shop.watch({ width: 390, javaScriptEnabled: false });
    await page.goto(`${shop.app.baseUrl}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");

    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Contraseña").fill("no-es-esta");
    await page.getByRole("button", { name: "Ingresar" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Email o contraseña incorrectos");

    await page.getByLabel("Contraseña").fill(admin.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Panel Principal");
    expect(await page.getByText("Libros en el catálogo").count()).toBe(1);
    for (const tile of [
      "Panel Principal",
      "Carrusel",
      "Newsletter",
      "Caja Rizoma",
      "Códigos QR",
      "Códigos de Descuento",
      "Gastos",
      "Ver sitio",
    ]) {
      expect(
        await page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: tile }).count(),
        tile,
      ).toBe(1);
    }

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/login`);
    await page.goto(`${shop.app.baseUrl}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("returns to the page the admin asked for, with JavaScript too", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    await page.goto(`${shop.app.baseUrl}/admin/caja`);
    expect(page.url()).toBe(`${shop.app.baseUrl}/admin/login?next=%2Fadmin%2Fcaja`);
    await expectAccessible(page);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Contraseña").fill(admin.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/caja`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Caja Rizoma");
    await page.getByRole("link", { name: "Panel Principal" }).first().click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Panel Principal");
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
