import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { removeDataDir, startApp } from "../support/app-server";
import { browserSuite } from "../support/e2e";
import { until } from "../support/until";

const admin = { email: "cache@rizoma.com.ar", password: "clave-de-la-cache" };
const onPostgres = inject("postgresAdminUrl") !== "";

const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

/** An anonymous visitor's GET (no cookies): what the page cache serves. */
async function visit(baseUrl: string, path: string) {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, cache: response.headers.get("x-cache"), text: await response.text() };
}

/** A book shown on the first page of /tienda whose title HTML shows unescaped (no quotes or ampersands). */
async function bookOnShopPage(baseUrl: string): Promise<{ id: number; title: string }> {
  const page = await visit(baseUrl, "/tienda");
  const ids = [...new Set([...page.text.matchAll(/href="\/libro\/(\d+)"/g)].map((match) => Number(match[1])))];
  for (const id of ids) {
    const { product } = await (await fetch(`${baseUrl}/api/tienda-nube/products/${id}`)).json();
    if (!/[&'"<>]/.test(product.title)) return { id, title: product.title };
  }
  throw new Error("no book with a plain title on /tienda");
}

async function signInCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  expect(response.status).toBe(200);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** The body as sent on the wire for an encoding, decoded once: a body compressed twice would not be HTML. */
function rawBody(url: string, encoding: "br" | "gzip"): Promise<{ encoding?: string; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const decode = encoding === "br" ? zlib.brotliDecompressSync : zlib.gunzipSync;
          resolve({ encoding: response.headers["content-encoding"], text: decode(body).toString() });
        });
      })
      .on("error", reject);
  });
}

describe("page cache", () => {
  it("sends cached pages compressed once, in brotli or gzip", async () => {
    await visit(shop.app.baseUrl, "/caja-rizoma");
    for (const encoding of ["br", "gzip"] as const) {
      const answer = await rawBody(`${shop.app.baseUrl}/caja-rizoma`, encoding);
      expect(answer.encoding).toBe(encoding);
      expect(answer.text).toMatch(/^<!DOCTYPE html>/);
    }
  });

  it("serves anonymous pages from memory and shows an admin's edit on the next visit", async () => {
    const { id, title } = await bookOnShopPage(shop.app.baseUrl);
    for (const path of [`/libro/${id}`, "/tienda", `/api/tienda-nube/products/${id}`]) {
      await visit(shop.app.baseUrl, path);
      const again = await visit(shop.app.baseUrl, path);
      expect(again.cache, path).toBe("HIT");
      expect(again.text, path).toContain(title);
    }

    const { page, errors } = await shop.watch({ width: 1280 });
    await page.goto(`${shop.app.baseUrl}/admin/login`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Contraseña").fill(admin.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin`);
    // The admin's own storefront visits skip the cache (the session cookie).
    const own = await page.request.get(`${shop.app.baseUrl}/libro/${id}`);
    expect(own.headers()["x-cache"]).toBe("BYPASS");

    const edited = `${title} (edición corregida)`;
    await page.goto(`${shop.app.baseUrl}/admin/libros/${id}`);
    await page.getByLabel("Título").fill(edited);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await page.waitForURL(/aviso=actualizado/);
    expect(errors).toEqual([]);

    const book = await visit(shop.app.baseUrl, `/libro/${id}`);
    expect(book.cache).toBe("MISS");
    expect(book.text).toContain(edited);
    const storePage = await visit(shop.app.baseUrl, "/tienda");
    expect(storePage.cache).toBe("MISS");
    expect(storePage.text).toContain(edited);
    const { product } = await (await fetch(`${shop.app.baseUrl}/api/tienda-nube/products/${id}`)).json();
    expect(product.title).toBe(edited);
    // And the browser, which revalidates with the ETag, gets the new page too.
    const visitor = await shop.watch({ width: 390 });
    await visitor.page.goto(`${shop.app.baseUrl}/libro/${id}`);
    await expect.poll(() => visitor.page.getByRole("heading", { level: 1 }).textContent()).toBe(edited);
    expect(visitor.errors).toEqual([]);
    await visitor.page.context().close();
  });

  // Two instances on one database only exist on PostgreSQL: PGlite allows one process per DATA_DIR.
  it.skipIf(!onPostgres)(
    "an edit through one instance empties the other instance's cache (its notice, not the 5-minute expiry)",
    async () => {
      const other = await startApp({ ...shop.app.env, DATA_DIR: `${shop.app.dataDir}-b` });
      try {
        const { id, title } = await bookOnShopPage(other.baseUrl);
        await visit(other.baseUrl, `/libro/${id}`);
        expect((await visit(other.baseUrl, `/libro/${id}`)).cache).toBe("HIT");

        const cookie = await signInCookie(shop.app.baseUrl);
        const edited = `${title} (segunda instancia)`;
        const response = await fetch(`${shop.app.baseUrl}/api/admin/books/${id}`, {
          method: "PUT",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ title: edited }),
        });
        expect(response.status).toBe(200);

        const fresh = await until(async () => {
          const page = await visit(other.baseUrl, `/libro/${id}`);
          return page.text.includes(edited) && page;
        }, "the other instance to drop its cached page");
        expect(fresh.cache).toBe("MISS");
      } finally {
        await other.stop();
        removeDataDir(`${shop.app.dataDir}-b`);
      }
    },
  );
});
