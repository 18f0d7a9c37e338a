import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, appEnv, removeDataDir, startApp } from "../support/app-server";

let app: AppServer;

beforeAll(async () => {
  app = await startApp(await appEnv());
});
afterAll(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
});

const post = (path: string, body: string, type = "application/json") =>
  fetch(`${app.baseUrl}${path}`, { method: "POST", body, headers: { "content-type": type } });

async function expectJsonError(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = await response.json();
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe("string");
  return body;
}

describe("over HTTP", () => {
  it("reports health", async () => {
    const response = await fetch(`${app.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("serves the catalogue with security headers and no caching of API answers", async () => {
    const response = await fetch(`${app.baseUrl}/api/books?limit=3`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(/\S+/);
    const body = await response.json();
    expect(body.books).toHaveLength(3);
    expect(body.pagination.total).toBeGreaterThanOrEqual(80);
  });

  it("refuses bodies that are not JSON, too large or hostile, in Spanish", async () => {
    await expectJsonError(await post("/api/validate-cart-stock", "{items:"), 400);
    await expectJsonError(await post("/api/validate-cart-stock", "items=1", "application/x-www-form-urlencoded"), 415);
    const big = JSON.stringify({ items: [], pad: "x".repeat(1024 * 1024) });
    const tooLarge = await expectJsonError(await post("/api/validate-cart-stock", big), 413);
    expect(tooLarge.error).toBe("El cuerpo de la solicitud es demasiado grande");
    await expectJsonError(await post("/api/validate-cart-stock", '{"__proto__":{"admin":true},"items":[]}'), 400);
    await expectJsonError(await fetch(`${app.baseUrl}/api/validate-cart-stock`), 405);
  });

  it("answers unknown API paths and ids with JSON 404s", async () => {
    const unknownPath = await expectJsonError(await fetch(`${app.baseUrl}/api/no-existe`), 404);
    expect(unknownPath.error).toBe("Ruta de API inexistente");
    const unknownProduct = await expectJsonError(await fetch(`${app.baseUrl}/api/tienda-nube/products/999999`), 404);
    expect(unknownProduct.error).toBe("Producto no encontrado");
  });

  it("serves the demo covers from the app itself", async () => {
    const { products } = await fetch(`${app.baseUrl}/api/tienda-nube/products?limit=1`).then((r) => r.json());
    const cover = await fetch(`${app.baseUrl}${products[0].coverUrl}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toContain("image/svg+xml");
  });
});
