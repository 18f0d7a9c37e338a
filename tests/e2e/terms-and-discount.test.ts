import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";

/**
 * Issue 18, items 5–7: the transfer discount is the admin's setting and every text follows it; the
 * instalments state their CFT; the buyer accepts a version of the terms, the order keeps it, and the
 * terms print as a clean document.
 */
const admin = { email: "terminos@rizoma.com.ar", password: "clave-de-prueba-terminos" };
const shop = browserSuite({ NODE_ENV: "test", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ").replace(/\s+/g, " ");
/** "$ 12.345,50" -> 1234550 centavos. */
const cents = (text: string | null) =>
  Math.round(
    Number(
      plain(text)
        .replace(/[^\d,]/g, "")
        .replace(",", "."),
    ) * 100,
  );
const VERSION = /versión del \d{1,2} de [a-z]+ de \d{4}/;

async function setTransferDiscount(page: Page, percent: number) {
  await page.goto(`${shop.app.baseUrl}/admin/ajustes`);
  await hydrated(page);
  const bank = page.getByRole("region", { name: "Datos bancarios" });
  await bank.getByLabel("Descuento por transferencia (%)").fill(String(percent));
  await bank.getByRole("button", { name: "Guardar datos bancarios" }).click();
  await page.waitForURL(/guardado=bank/);
  expect(await bank.getByLabel("Descuento por transferencia (%)").inputValue()).toBe(String(percent));
}

async function homeTexts(page: Page) {
  await page.goto(`${shop.app.baseUrl}/`);
  return {
    main: plain(await page.locator("main").textContent()),
    footer: plain(await page.locator("footer").textContent()),
    description: await page.locator('meta[name="description"]').getAttribute("content"),
    slides: await page
      .getByTestId("carousel-slide")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label")?.replace(/^\d+ de \d+: /, ""))),
  };
}

async function addToCart(page: Page, title: string) {
  await page.goto(`${shop.app.baseUrl}/tienda?search=${encodeURIComponent(title)}`);
  const card = page.getByTestId("book-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await hydrated(page);
  await card.getByRole("button", { name: /^COMPRAR/ }).click();
  await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
}

describe("the transfer discount setting and the terms", () => {
  it("with the default, the spec's strings are as written and the instalments state their CFTEA", async () => {
    const page = await shop.open({ width: 1280 });
    const home = await homeTexts(page);
    expect(home.main).toContain("15% off por transferencia");
    expect(home.main).toContain("Hasta 3 cuotas sin interés — CFTEA 0,00%");
    expect(home.footer).toContain("15% off pagando por transferencia");
    expect(home.footer).not.toContain("cuotas");
    expect(home.description).toContain("15% off por transferencia");
  });

  it("the admin sets 10%: home, cart and checkout say 10%, a transfer order is priced with it and keeps the terms' version", async () => {
    const page = await shop.open({ width: 1280 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/ajustes");
    await setTransferDiscount(page, 10);

    const home = await homeTexts(page);
    expect(home.main).toContain("10% off por transferencia");
    expect(home.main).not.toMatch(/15% (off|de descuento|OFF)/);
    expect(home.slides[0]).toBe("10% de descuento pagando por transferencia");
    expect(home.footer).toContain("10% off pagando por transferencia");
    expect(home.description).toContain("10% off por transferencia");

    await addToCart(page, "Facundo");
    await page.goto(`${shop.app.baseUrl}/carrito`);
    await hydrated(page);
    await expect
      .poll(async () => plain(await page.locator("main").textContent()))
      .toContain("Pagando por transferencia tenés 10% de descuento.");

    await page.goto(`${shop.app.baseUrl}/checkout`);
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
    const form = plain(await page.locator("main").textContent());
    expect(form).toContain("Transferencia bancaria — 10% de descuento, sin comisiones.");
    expect(plain(await page.getByTestId("instalments-plan").textContent())).toContain(
      "Hasta 3 cuotas sin interés con Mercado Pago",
    );
    expect(form).toContain("CFTEA 0,00% (TNA 0,00% · TEA 0,00%)");
    const summary = page.getByTestId("checkout-summary");
    expect(plain(await summary.textContent())).toContain("10% por transferencia");
    const terms = page.getByTestId("checkout-terms");
    expect(plain(await terms.textContent())).toMatch(
      /^Al confirmar aceptás los Términos y condiciones, que se abren en otra pestaña \(versión del \d{1,2} de [a-z]+ de \d{4}\)\.$/,
    );
    const link = terms.getByRole("link", { name: /Términos y condiciones/ });
    expect(await link.getAttribute("href")).toBe("/terminos");
    expect(await link.getAttribute("target")).toBe("_blank");
    const version = VERSION.exec(plain(await terms.textContent()))?.[0] ?? "";
    await expectAccessible(page);

    const subtotal = cents(await summary.locator("div", { hasText: "Subtotal" }).locator("dd").textContent());
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Apellido").fill("Pérez");
    await page.getByLabel("Email").fill("lucia.terminos@example.com");
    await page.getByLabel("Teléfono").fill("+54 9 11 5555-1234");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=/);
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(plain(await dialog.textContent())).toContain("con el 10% ya descontado");
    const number = (await dialog.getByTestId("order-number").textContent()) ?? "";
    await dialog.getByRole("button", { name: "ENTENDIDO" }).click();
    expect(plain(await page.locator("main").textContent())).toContain("10% por transferencia");

    // Priced on the server with the setting: 10% off the books, pickup free.
    const api = await page.request.get(`${shop.app.baseUrl}/api/admin/orders/${number}`);
    const { order } = await api.json();
    expect(order.transferDiscountPercent).toBe(10);
    expect(Math.round(order.subtotal * 100)).toBe(subtotal);
    expect(Math.round(order.total * 100)).toBe(subtotal - Math.round(subtotal / 10));
    expect(order.terms.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.terms.hash).toMatch(/^[0-9a-f]{64}$/);

    await page.goto(`${shop.app.baseUrl}/admin/pedidos/${number}`);
    expect(plain(await page.getByTestId("order-terms").textContent())).toContain(`Aceptó la ${version}`);
    expect(plain(await page.getByTestId("order-terms").textContent())).toContain(order.terms.hash.slice(0, 16));
    expect(plain(await page.locator("main").textContent())).toContain("10% por transferencia");

    // 0%: no "0% de descuento" anywhere, the offer is simply not there.
    await setTransferDiscount(page, 0);
    const none = await homeTexts(page);
    for (const text of [none.main, none.footer, none.description ?? ""]) {
      expect(text).not.toMatch(/\d+% (off|de descuento|OFF)/);
    }
    expect(none.main).toContain("Hasta 3 cuotas sin interés — CFTEA 0,00%");
    await page.goto(`${shop.app.baseUrl}/terminos`);
    const termsText = plain(await page.locator("main").textContent());
    expect(termsText).toContain("Podés pagar por transferencia bancaria, sin comisiones.");
    expect(termsText).not.toContain("0% de descuento");

    // Back to 15: the spec's strings are back.
    await setTransferDiscount(page, 15);
    const back = await homeTexts(page);
    expect(back.main).toContain("15% off por transferencia");
    expect(back.slides[0]).toBe("15% de descuento pagando por transferencia");
    expect(back.footer).toContain("15% off pagando por transferencia");
    await page.goto(`${shop.app.baseUrl}/carrito`);
    await hydrated(page);
    await expect.poll(async () => plain(await page.locator("main").textContent())).not.toContain("10%");
  });

  it("/terminos names its version and prints as a clean document, without header, footer or buttons", async () => {
    const { page } = await shop.visit("/terminos", { width: 1280 });
    expect(plain(await page.getByTestId("terms-version").textContent())).toMatch(
      /^Versión del \d{1,2} de [a-z]+ de \d{4}/,
    );
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("body > header").isVisible()).toBe(false);
    expect(await page.locator("footer").isVisible()).toBe(false);
    expect(await page.getByRole("navigation", { name: "Migas de pan" }).isVisible()).toBe(false);
    expect(await page.locator("main").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    const visibleButtons = await page
      .locator("button")
      .evaluateAll((buttons) => buttons.filter((button) => (button as HTMLElement).offsetParent !== null).length);
    expect(visibleButtons).toBe(0);
    const color = await page
      .locator("main h2")
      .first()
      .evaluate((node) => getComputedStyle(node).color);
    expect(color).toBe("rgb(0, 0, 0)");
    await page.screenshot({ path: "/tmp/terminos-print.png", fullPage: true });
    await page.pdf({ path: "/tmp/terminos.pdf", format: "A4" });
  });
});
