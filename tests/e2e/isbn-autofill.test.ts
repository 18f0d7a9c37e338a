import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { type FakeGoogleBooks, googleBooksEnv, startFakeGoogleBooks } from "../support/fake-google-books";
import {
  BOTH_ISBN,
  type FakeOpenLibrary,
  openLibraryEnv,
  startFakeOpenLibrary,
  UNKNOWN_ISBN,
} from "../support/fake-open-library";

/**
 * Issue 22, ISBN autofill, with Open Library's and Google Books' fakes on loopback behind the real clients:
 * in "Nuevo libro" a scanned ISBN fills the empty fields (never the one the admin typed first), says where
 * each value came from and shows the cover, stored by the shop; the book saves with those data. An
 * unknown ISBN leaves the form for manual entry.
 */
const admin = { email: "isbn@rizoma.com.ar", password: "clave-de-prueba-isbn" };
let openLibrary: FakeOpenLibrary;
let google: FakeGoogleBooks;

beforeAll(async () => {
  [openLibrary, google] = await Promise.all([startFakeOpenLibrary(), startFakeGoogleBooks()]);
});
afterAll(async () => {
  await Promise.all([openLibrary?.close(), google?.close()]);
});

const shop = browserSuite(() => ({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  ...openLibraryEnv(openLibrary),
  ...googleBooksEnv(google),
}));

/** A field by its id (the name it posts): labels carry a " *" for required fields. */
const value = (page: Page, id: string) => page.locator(`#${id}`).inputValue();

/** Types the ISBN as a barcode scanner does: the digits, then Enter. */
async function scan(page: Page, isbn: string) {
  const field = page.getByLabel("ISBN", { exact: true });
  await field.click();
  await field.pressSequentially(isbn, { delay: 5 });
  await field.press("Enter");
}

describe("ISBN autofill in «Nuevo libro»", () => {
  it("a scanned ISBN fills the empty fields with their sources and the cover; the book saves with them", async () => {
    const page = await shop.open({ width: 1280, height: 900 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/libros/nuevo");
    await hydrated(page);
    // The admin typed the publisher before scanning: it stays.
    await page.getByLabel("Editorial", { exact: true }).fill("Mi editorial");
    await scan(page, BOTH_ISBN);

    // Enter looked the ISBN up instead of submitting the form.
    await expect.poll(() => page.locator("#isbn-status").textContent()).toMatch(/^Completamos \d+ campos/);
    expect(page.url()).toBe(`${shop.app.baseUrl}/admin/libros/nuevo`);
    expect(await value(page, "title")).toBe("Sobre héroes y tumbas");
    expect(await value(page, "author")).toBe("Ernesto Sabato");
    expect(await value(page, "publisher")).toBe("Mi editorial");
    expect(await value(page, "pages")).toBe("544");
    expect(await value(page, "publicationYear")).toBe("2011");
    expect(await page.getByLabel("Idioma").inputValue()).toBe("es");
    expect(await page.getByLabel("Descripción").inputValue()).toContain("Una novela de Buenos Aires & sus fantasmas.");
    expect(await value(page, "isbn")).toMatch(/^978-950-\d+-\d+-0$/);

    // Where each value came from, beside the field.
    expect(await page.locator("#title-source").textContent()).toBe("Dato de Open Library");
    expect(await page.locator("#description-source").textContent()).toBe("Dato de Google Books");
    expect(await page.locator("#publisher-source").count()).toBe(0);

    // The cover, downloaded and stored by the shop, shows in the preview.
    const coverUrl = await value(page, "coverUrl");
    expect(coverUrl).toMatch(/^\/uploads\/\d+\.jpg$/);
    const preview = page.getByRole("img", { name: /^Tapa de Sobre héroes y tumbas/ });
    // Loaded, and the stored cover itself (not the default cover that stands in for a failed image).
    await expect
      .poll(() =>
        preview.evaluate((img) => {
          const image = img as HTMLImageElement;
          return image.complete && image.naturalWidth > 0 ? decodeURIComponent(image.currentSrc) : "";
        }),
      )
      .toContain(coverUrl);
    expect(await page.getByText("Error al cargar imagen").count()).toBe(0);
    expect(openLibrary.requestsTo("/b/id/8123001-L.jpg").length).toBe(1);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Crear libro" }).click();
    await page.waitForURL(/\/admin\/libros\?aviso=creado&libro=\d+/);
    const id = new URL(page.url()).searchParams.get("libro");
    const answer = await page.request.get(`${shop.app.baseUrl}/api/admin/books/${id}`);
    const { book } = (await answer.json()) as { book: Record<string, unknown> };
    expect(book).toMatchObject({
      title: "Sobre héroes y tumbas",
      author: "Ernesto Sabato",
      publisher: "Mi editorial",
      pages: 544,
      publicationYear: 2011,
      language: "es",
      isbn: BOTH_ISBN,
      coverUrl,
    });
    const cover = await page.request.get(`${shop.app.baseUrl}${coverUrl}`);
    expect(cover.headers()["content-type"]).toBe("image/jpeg");
  });

  it("an unknown ISBN says so and leaves the form for manual entry; a wrong check digit is told on the field", async () => {
    const page = await shop.open({ width: 390, height: 844 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/libros/nuevo");
    await hydrated(page);
    await scan(page, UNKNOWN_ISBN);
    await expect
      .poll(() => page.locator("#isbn-status").textContent())
      .toBe("No encontramos ese ISBN en Open Library ni en Google Books: completá los datos a mano.");
    // The browser logs the API's 404 answer: expected here.
    shop.acknowledge(page, /404/);
    expect(await value(page, "title")).toBe("");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const field = page.getByLabel("ISBN", { exact: true });
    await field.fill("");
    await scan(page, "9789500703001");
    await expect
      .poll(() => page.locator("#isbn-error").textContent())
      .toBe("El ISBN no es válido (revisá el dígito verificador)");
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    // The admin completes it by hand and saves.
    await field.fill(UNKNOWN_ISBN);
    await page.locator("#title").fill("Un libro raro");
    await page.locator("#author").fill("Autora desconocida");
    await page.getByRole("button", { name: "Crear libro" }).click();
    await page.waitForURL(/\/admin\/libros\?aviso=creado/);
  });
});
