import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../app/lib/money";
import { adminCookie } from "../support/app-server";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite, type PageOptions } from "../support/e2e";
import { saleBooks, setStock } from "../support/shop";

/**
 * Fairs (issue 35 item 4): an owner creates a fair, takes 3 copies of a book there (the shop's stock and the
 * public book page go down), prints the packing list, and closes it with 2 counted back: 1 shortage is shown
 * and the shop gets 2 back. On a desktop with JavaScript and on a phone without it.
 */
const admin = { email: "ferias@rizoma.com.ar", password: "clave-de-prueba-ferias" };
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

async function signedIn(options: PageOptions): Promise<Page> {
  const page = await shop.open(options);
  await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/ferias");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Ferias");
  if (options?.javaScriptEnabled !== false) await hydrated(page);
  return page;
}

/** The public book page's stock line, once the shop's cached page has caught up. */
async function publicStockLine(page: Page, bookId: number, expected: string) {
  await expect
    .poll(async () => {
      await page.goto(`${shop.app.baseUrl}/libro/${bookId}`);
      return page.getByTestId("stock-line").textContent();
    })
    .toBe(expected);
}

async function createFair(page: Page, fair: { name: string; discount: string }) {
  const form = page.getByRole("region", { name: "Nueva feria" });
  await form.getByLabel("Nombre").fill(fair.name);
  await form.getByLabel("Lugar").fill("Parque Centenario");
  await form.getByLabel("Empieza").fill("2026-12-05");
  await form.getByLabel("Termina").fill("2026-12-06");
  await form.getByLabel("Descuento en la feria (%)").fill(fair.discount);
  await form.getByRole("button", { name: "Crear feria" }).click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(fair.name);
  await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Feria creada");
}

async function takeToFair(page: Page, title: string, quantity: string) {
  const section = page.getByRole("region", { name: "Llevar a la feria" });
  await section.getByLabel("Buscar libros").fill(title);
  await section.getByRole("button", { name: "Buscar" }).click();
  const input = section.getByLabel(`Llevar de «${title}»`, { exact: true });
  await input.waitFor();
  await input.fill(quantity);
  await section.getByRole("button", { name: "Llevar a la feria" }).click();
}

async function closeWith(page: Page, title: string, counted: string, shown = "3") {
  const section = page.getByRole("region", { name: "Cerrar la feria" });
  const input = section.getByLabel(`Volvieron de «${title}»`);
  // What is on the table by default; after a refused count, what was typed.
  expect(await input.inputValue()).toBe(shown);
  await input.fill(counted);
  await section.getByRole("button", { name: "Cerrar la feria y devolver a la tienda" }).click();
  await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Feria cerrada");
}

/** The fair's books table (desktop) or cards (phone) as text, for what a person reads. */
const totals = (page: Page) => page.getByTestId("fair-totals").textContent();

describe("/admin/ferias", () => {
  it("on a desktop: create, take 3 copies, print the packing list, close with 2 back and 1 missing", async () => {
    const cookie = await adminCookie(shop.app, admin);
    const [book, , sold] = await saleBooks(shop.app, 3);
    if (!book || !sold) throw new Error("no book");
    await setStock(shop.app, cookie, book.id, 5);
    await setStock(shop.app, cookie, sold.id, 2);

    const page = await signedIn({ width: 1280 });
    expect(await page.getByText("Todavía no hay ferias.").count()).toBe(1);
    await expectAccessible(page);
    // Above the law's 10%, the form warns as it is typed.
    await page.getByLabel("Descuento en la feria (%)").fill("15");
    await expect
      .poll(() => page.getByRole("region", { name: "Nueva feria" }).getByRole("status").textContent())
      .toContain("supera el 10% que la Ley 25.542");
    await createFair(page, { name: "Feria del Libro Independiente", discount: "15" });
    expect(await page.getByRole("region", { name: "Descuento por encima de la Ley 25.542" }).textContent()).toContain(
      "responsabilidad de la tienda",
    );

    await takeToFair(page, book.title, "3");
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Llevaste 3 ejemplares");
    await expect.poll(() => totals(page)).toBe("Enviados: 3 · Vendidos: 0 · En la mesa: 3");
    const row = page.getByRole("row", { name: new RegExp(book.title) });
    expect((await row.getByRole("cell").allTextContents()).slice(0, 4)).toEqual(["3", "0", "3", "2"]);

    // Another book goes too; the fair opens and one copy of it is sold there (the sale page's API).
    await takeToFair(page, sold.title, "1");
    await expect.poll(() => totals(page)).toBe("Enviados: 4 · Vendidos: 0 · En la mesa: 4");
    await hydrated(page);
    await page.getByRole("button", { name: "Abrir la feria" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Feria abierta");
    const fairId = Number(new URL(page.url()).pathname.split("/").at(-1));
    const answer = await fetch(`${shop.app.baseUrl}/api/admin/ventas`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.app.baseUrl, cookie },
      body: JSON.stringify({ clientId: randomUUID(), items: [{ id: sold.id, quantity: 1 }], payment: "cash", fairId }),
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const { sale } = (await answer.json()) as { sale: { total: number; discountPercent: number } };
    expect(sale.discountPercent).toBe(15);
    await page.reload();
    await expect.poll(() => totals(page)).toBe("Enviados: 4 · Vendidos: 1 · En la mesa: 3");
    const sales = page.getByRole("region", { name: "Ventas" });
    expect(await sales.getByTestId("fair-sales-total").textContent()).toBe(formatMoney(Math.round(sale.total * 100)));
    const salesText = await sales.textContent();
    for (const phrase of ["Efectivo (1 venta)", `${sold.title} × 1`, admin.email]) expect(salesText).toContain(phrase);
    await expectAccessible(page);
    await shot(page, "feria-detalle-1280");

    await page.getByRole("link", { name: "Remito para imprimir" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Remito de libros a la feria");
    const packing = page.getByRole("row", { name: new RegExp(book.title) });
    expect(await packing.getByRole("cell").last().textContent()).toBe("3");
    expect(await page.getByTestId("remito-copies").textContent()).toBe("4");
    expect(await page.getByText("Entregó", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Recibió", { exact: true }).count()).toBe(1);
    await hydrated(page);
    expect(await page.getByRole("button", { name: "Imprimir" }).count()).toBe(1);
    await expectAccessible(page);
    await shot(page, "feria-remito-1280");
    // On paper only the document is left: the actions are hidden.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("navigation", { name: "Acciones del remito" }).isVisible()).toBe(false);
    await shot(page, "feria-remito-papel");
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "Volver a la feria" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Feria del Libro Independiente");
    await hydrated(page);

    // Only what is on the table is counted: the book sold out there is not asked for.
    const closing = page.getByRole("region", { name: "Cerrar la feria" });
    expect(await closing.getByLabel(`Volvieron de «${sold.title}»`).count()).toBe(0);
    await closeWith(page, book.title, "2");
    await expect.poll(() => totals(page)).toBe("Enviados: 4 · Vendidos: 1 · En la mesa: 0 · Volvieron: 2 · Faltan: 1");
    const shortages = page.getByRole("region", { name: "Faltantes" });
    expect(await shortages.getByRole("listitem").allInnerTexts()).toEqual([expect.stringContaining("Falta 1")]);
    expect(await shortages.textContent()).toContain(book.title);
    await expectAccessible(page);

    const visitor = await shop.open({ width: 1280 });
    await publicStockLine(visitor, book.id, "En stock (4 unidades)");
    await page.goto(`${shop.app.baseUrl}/admin/ferias`);
    await shot(page, "ferias-lista-1280");
  });

  it("on a phone without JavaScript: the same forms work, and asking for more than the shop has says so", async () => {
    const cookie = await adminCookie(shop.app, admin);
    const [, book] = await saleBooks(shop.app, 2);
    if (!book) throw new Error("no book");
    await setStock(shop.app, cookie, book.id, 4);
    const visitor = await shop.open({ width: 390, height: 844 });
    await publicStockLine(visitor, book.id, "En stock (4 unidades)");
    const phone = { width: 390, height: 844 };
    // axe runs in a page with JavaScript (it needs it), at the same width, on the pages the other one used.
    const checker = await signedIn(phone);
    const checked = async (path: string, name?: string) => {
      await checker.goto(`${shop.app.baseUrl}${path}`);
      await hydrated(checker);
      expect(await checker.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectAccessible(checker);
      if (name) await shot(checker, name);
    };

    const page = await signedIn({ ...phone, javaScriptEnabled: false });
    await createFair(page, { name: "Noche de las Librerías", discount: "" });
    const fairPath = new URL(page.url()).pathname;
    await takeToFair(page, book.title, "7");
    expect(await page.getByRole("alert").textContent()).toContain(`«${book.title}»: pediste 7 y en la tienda hay 4`);
    const input = page.getByLabel(`Llevar de «${book.title}»`, { exact: true });
    expect(await input.inputValue()).toBe("7");
    expect(await input.getAttribute("aria-invalid")).toBe("true");

    await input.fill("3");
    await page.getByRole("button", { name: "Llevar a la feria" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Llevaste 3 ejemplares");
    expect(await totals(page)).toBe("Enviados: 3 · Vendidos: 0 · En la mesa: 3");
    await publicStockLine(visitor, book.id, "En stock (1 unidad)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checked(`${fairPath}?buscar=${encodeURIComponent(book.title)}`, "feria-detalle-390");

    await page.getByRole("link", { name: "Remito para imprimir" }).click();
    await expect.poll(() => page.getByTestId("remito-copies").textContent()).toBe("3");
    await checked(`${fairPath}/remito`, "feria-remito-390");
    await page.getByRole("link", { name: "Volver a la feria" }).click();

    // Counted more than the table holds: said, and nothing changes.
    const section = page.getByRole("region", { name: "Cerrar la feria" });
    await section.getByLabel(`Volvieron de «${book.title}»`).fill("5");
    await section.getByRole("button", { name: "Cerrar la feria y devolver a la tienda" }).click();
    expect(await page.getByRole("alert").textContent()).toContain("contaste 5 y en la mesa de la feria hay 3");
    await closeWith(page, book.title, "2", "5");
    expect(await totals(page)).toBe("Enviados: 3 · Vendidos: 0 · En la mesa: 0 · Volvieron: 2 · Faltan: 1");
    expect(await page.getByRole("region", { name: "Faltantes" }).textContent()).toContain("Falta 1");
    await publicStockLine(visitor, book.id, "En stock (3 unidades)");
    await checked(fairPath, "feria-cerrada-390");
    await checked("/admin/ferias", "ferias-lista-390");
  });
});
