import { createHash } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../support/browser";
import { browserSuite } from "../support/e2e";

const admin = { email: "catalogo@rizoma.com.ar", password: "clave-del-catalogo" };
const title = "Las nubes de papel";

const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

/** A real PNG cover, drawn by the browser itself, as large as a phone photo's crop (640×960). */
async function drawCover(page: Page): Promise<Buffer> {
  await page.setContent(
    `<div id="c" style="width:640px;height:960px;background:#7a3b2e;color:#f7f3ea;font:64px Georgia;padding:40px;box-sizing:border-box">${title}</div>`,
  );
  return page.locator("#c").screenshot({ type: "png" });
}

/**
 * The cover shown in `scope` came from the image pipeline as WebP/AVIF variants of the upload, with URLs
 * that carry the upload's content version (`v`, the first 16 hex digits of its SHA-256). Returns them.
 */
async function expectOptimisedUpload(scope: Locator, coverUrl: string, version: string): Promise<string[]> {
  const upload = coverUrl.replace(/^\//, "");
  const webp = await scope.locator('picture source[type="image/webp"]').first().getAttribute("srcset");
  expect(webp).toContain(`/api/images/optimize/${upload}?f=webp&q=85&w=320&v=${version} 320w`);
  const avif = await scope.locator('picture source[type="image/avif"]').first().getAttribute("srcset");
  expect(avif).toContain(`/api/images/optimize/${upload}?f=avif&q=85&w=320&v=${version} 320w`);
  const img = scope.locator("picture img").first();
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : "")))
    .toContain(`/api/images/optimize/${upload}?f=`);
  return `${webp}, ${avif}`.split(", ").map((candidate) => candidate.split(" ")[0] ?? "");
}

async function signIn(page: Page) {
  await page.goto(`${shop.app.baseUrl}/admin/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Contraseña").fill(admin.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL(`${shop.app.baseUrl}/admin`);
}

describe("managing the catalogue", () => {
  it("creates a book with an uploaded cover, features it, and the shop shows it", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    const cover = await drawCover(page);
    await signIn(page);

    await page.goto(`${shop.app.baseUrl}/admin/libros/nuevo`);
    await expectAccessible(page);
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Autor").fill("Elena Prueba");
    await page.getByLabel("Precio ($)").fill("21.900");
    await page.getByLabel("Stock", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Crear libro" }).click();
    await page.waitForURL(/\/admin\/libros\?aviso=creado/);
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Libro creado correctamente");
    await page.getByRole("link", { name: new RegExp(title) }).click();
    await page.waitForURL(/\/admin\/libros\/\d+$/);
    const id = Number(page.url().split("/").pop());

    // A mistake first: the form keeps what was typed and says what is wrong, in Spanish.
    await page.getByLabel("Título").fill("");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect.poll(() => page.locator("#title-error").textContent()).toBe("El título es requerido");
    // The refused form answers 400, which Chromium logs: that one is expected.
    expect(errors.splice(0)).toEqual([
      "Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Stock", { exact: true }).fill("7");
    await page.getByLabel("Subir imagen").setInputFiles({ name: "tapa.png", mimeType: "image/png", buffer: cover });
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await page.waitForURL(/aviso=actualizado/);
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Libro actualizado correctamente");

    const { book } = await (await page.request.get(`${shop.app.baseUrl}/api/admin/books/${id}`)).json();
    expect(book).toMatchObject({ title, stock: 7, price: 21900 });
    expect(book.coverUrl).toMatch(/^\/uploads\/\d+\.png$/);
    const served = await page.request.get(`${shop.app.baseUrl}${book.coverUrl}`);
    expect(Buffer.from(await served.body()).equals(cover)).toBe(true);
    // The pipeline resizes and re-encodes the upload (issue 3: "served through the image pipeline").
    const optimised = await page.request.get(
      `${shop.app.baseUrl}/api/images/optimize${book.coverUrl}?f=webp&q=85&w=320`,
    );
    expect(optimised.status()).toBe(200);
    expect(optimised.headers()["content-type"]).toBe("image/webp");
    const variant = await sharp(Buffer.from(await optimised.body())).metadata();
    expect(variant.format).toBe("webp");
    expect(variant.width).toBeLessThanOrEqual(320);
    expect(variant.width).toBeGreaterThan(0);

    await page.goto(`${shop.app.baseUrl}/admin/carousel?buscar=${encodeURIComponent("nubes de papel")}`);
    await page.getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Actualizado");
    const row = page.locator("ol li", { hasText: title });
    await row.getByLabel("Orden").fill("0");
    await row.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Orden actualizado");
    await expectAccessible(page);

    const featured = await (await page.request.get(`${shop.app.baseUrl}/api/featured-books`)).json();
    expect(featured[0]).toMatchObject({ id, title, coverUrl: book.coverUrl });

    // First of the featured books: the carousel's third slide, after the transfer and payment slides.
    await page.goto(`${shop.app.baseUrl}/`);
    const slide = page.locator(
      `[data-testid="carousel-slide"][aria-label^="3 de "][aria-label$=": Destacado: ${title}"]`,
    );
    expect(await slide.locator(`img[alt="Tapa de ${title}, de Elena Prueba"]`).count()).toBe(1);
    // The carousel's cover comes through the pipeline too, with the upload's content version.
    const version = createHash("sha256").update(cover).digest("hex").slice(0, 16);
    expect(await slide.locator('picture source[type="image/avif"]').getAttribute("srcset")).toBe(
      `/api/images/optimize${book.coverUrl}?f=avif&q=85&w=320&v=${version} 320w`,
    );
    await page.goto(`${shop.app.baseUrl}/tienda`);
    expect(await page.locator("section[aria-labelledby=results-title] article h3").first().textContent()).toBe(title);
    await expectOptimisedUpload(
      page.locator("section[aria-labelledby=results-title] article").first(),
      book.coverUrl,
      version,
    );
    await page.goto(`${shop.app.baseUrl}/libro/${id}`);
    // The cover is the page's LCP: the <head> asks for it (in AVIF, with its immutable URLs) first thing.
    const preload = page.locator('head link[rel="preload"][as="image"][type="image/avif"]');
    expect(await preload.getAttribute("imagesrcset")).toBe(
      `/api/images/optimize${book.coverUrl}?f=avif&q=85&w=320&v=${version} 320w, /api/images/optimize${book.coverUrl}?f=avif&q=85&w=640&v=${version} 640w`,
    );
    const urls = await expectOptimisedUpload(page.locator("main"), book.coverUrl, version);
    // The gallery asks for 320 and 640 wide, in both formats; each URL names one exact image: immutable.
    expect(urls.filter((url) => url.includes("&v=")).length).toBe(4);
    for (const url of urls) {
      const answer = await page.request.get(`${shop.app.baseUrl}${url}`);
      expect(answer.status(), url).toBe(200);
      expect(answer.headers()["cache-control"], url).toBe("public, max-age=31536000, immutable");
    }
    // A version that is not the cover's gets the cover all the same, but only for a day.
    const stale = await page.request.get(
      `${shop.app.baseUrl}${urls[0]?.replace(/v=[0-9a-f]{16}/, "v=0000000000000000")}`,
    );
    expect(stale.status()).toBe(200);
    expect(stale.headers()["cache-control"]).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("refuses a 7th featured book in the API and disables 'Agregar' on the page", async () => {
    const { page, errors } = await shop.watch({ width: 390 });
    await signIn(page);
    const state = await (await page.request.get(`${shop.app.baseUrl}/api/admin/carousel`)).json();
    const free = 6 - state.featured.length;
    const statuses: number[] = [];
    for (const candidate of state.candidates.slice(0, free + 1)) {
      const response = await page.request.patch(`${shop.app.baseUrl}/api/books/${candidate.id}/featured`, {
        data: { featured: true },
      });
      statuses.push(response.status());
      if (response.status() === 409) {
        expect(await response.json()).toEqual({ success: false, error: "Máximo 6 libros en el carrusel" });
      }
    }
    expect(statuses).toEqual([...Array(free).fill(200), 409]);

    await page.goto(`${shop.app.baseUrl}/admin/carousel`);
    const add = page.getByRole("button", { name: "Agregar" }).first();
    expect(await add.isDisabled()).toBe(true);
    expect(await add.getAttribute("title")).toBe("Máximo 6 libros en el carrusel");
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
