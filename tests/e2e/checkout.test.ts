import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "~db/connect";
import { discountCodes } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/until";

const admin = { email: "pedidos@rizoma.com.ar", password: "clave-de-prueba-pedidos" };
const SHOP = "tienda@rizoma.test";
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
// NODE_ENV=test: no MP_ACCESS_TOKEN outside production, so Mercado Pago is the built-in sandbox.
const shop = browserSuite(
  () => ({
    NODE_ENV: "test",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Rizoma <hola@rizoma.test>",
    SHOP_NOTIFY_EMAIL: SHOP,
  }),
  {
    async beforeStart(env) {
      // First start migrates and loads the demo; the discount code is then written straight into the
      // database (the discount admin is another screen), and the app started again.
      const first = await startApp(env);
      await first.stop();
      const database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.DATA_DIR ?? "");
      await database.db.insert(discountCodes).values({ code: "LECTORES10", discountPercentage: 10 });
      await database.close();
    },
  },
);
afterAll(async () => {
  await smtp?.close();
});

const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");
const mailsTo = (to: string) => smtp.received.filter((mail) => mail.to === to);

/** Adds a book from the shop; `count` is what the header's cart badge then says. */
async function addToCart(page: Page, title: string, count: number) {
  await page.goto(`${shop.app.baseUrl}/tienda?search=${encodeURIComponent(title)}`);
  const card = page.getByTestId("book-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  // Before hydration the button does nothing (and the badge does not show the saved cart yet).
  await hydrated(page);
  await card.getByRole("button", { name: /^COMPRAR/ }).click();
  await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe(String(count));
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
  await page.getByLabel("Apellido").fill("Pérez");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Teléfono").fill("+54 9 11 5555-1234");
}

describe("checkout", () => {
  let orderNumber = "";

  it("a visitor (390 px) adds two books, applies a code, pays by transfer and sees the modal with the order number", async () => {
    const { page, errors } = await shop.watch({ width: 390 });
    await addToCart(page, "Facundo", 1);
    await addToCart(page, "Recuerdos de provincia", 2);
    await page.goto(`${shop.app.baseUrl}/checkout`);
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(2);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/checkout-390.png", fullPage: true });

    // Shipping shows its cost as the province changes.
    await page.getByLabel(/Envío a todo el país/).check();
    await page.getByLabel("Provincia", { exact: true }).selectOption("X");
    await expect.poll(async () => plain(await page.getByTestId("shipping-standard").textContent())).toBe("$ 7.200");
    await page.getByLabel(/Retiro en persona/).check();

    await page.getByLabel("Código de descuento").fill("lectores10");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect.poll(() => page.getByTestId("discount-message").count()).toBe(1);

    // The server asks for what is missing, in Spanish.
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await expect.poll(() => page.getByTestId("checkout-error").textContent()).toBe("El nombre es requerido");
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Teléfono").fill("123");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await expect.poll(() => page.getByTestId("checkout-error").textContent()).toBe("El apellido es requerido");
    await fillContact(page, "lucia@example.com");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();

    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=/);
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const text = plain(await dialog.textContent());
    expect(text).toContain("TU PEDIDO FUE REGISTRADO");
    expect(text).toContain("Estado: PAGO PENDIENTE");
    orderNumber = (await dialog.getByTestId("order-number").textContent()) ?? "";
    expect(orderNumber).toMatch(/^RZ-\d{6}$/);
    expect(text).toContain("RIZOMA.LIBROS.DEMO");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/checkout-confirmation-390.png" });
    await dialog.getByRole("button", { name: "ENTENDIDO" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByTestId("order-status").textContent()).toBe("Estado: PAGO PENDIENTE");
    expect(plain(await page.getByTestId("order-total").textContent())).toMatch(/^\$ [\d.]+(,\d+)?$/);
    // The cart is empty after ordering.
    await expect.poll(() => page.getByTestId("cart-count").count()).toBe(0);
    await page.reload();
    await expectAccessible(page);
    const response = await page.goto(page.url());
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");

    const received = await until(
      () => mailsTo("lucia@example.com").find((m) => m.parsed.subject?.includes(orderNumber)),
      "the buyer's order mail",
    );
    expect(received.parsed.text).toContain("TU PEDIDO FUE REGISTRADO");
    expect(received.parsed.text).toContain("Descuentos");
    await until(
      () => mailsTo(SHOP).find((m) => m.parsed.subject?.startsWith(`Nuevo pedido ${orderNumber}`)),
      "the shop's notification",
    );
    // The checkout's live check and the server agree on the code.
    const validate = await fetch(`${shop.app.baseUrl}/api/discount-codes/validate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: "LECTORES10", subtotal: 100_000 }),
    });
    expect(((await validate.json()) as { valid: boolean }).valid).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the admin confirms the transfer in /admin/pedidos and the buyer gets the paid e-mail", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    await page.goto(`${shop.app.baseUrl}/admin/pedidos`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Contraseña").fill(admin.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/pedidos`);
    await expectAccessible(page);
    await page.getByRole("link", { name: "PAGO PENDIENTE" }).click();
    await page.getByLabel("Buscar por número, nombre o email").fill("lucia@example");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect.poll(() => page.getByTestId("order-row").count()).toBe(1);
    await page.getByRole("link", { name: orderNumber }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/pedidos/${orderNumber}`);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Confirmar pago de la transferencia" }).click();
    await expect.poll(() => page.getByTestId("admin-order-status").textContent()).toBe("PAGADO");
    expect(await page.getByRole("status").first().textContent()).toContain("Pago confirmado");
    await page.screenshot({ path: "/tmp/admin-pedido-1280.png", fullPage: true });
    await until(
      () => mailsTo("lucia@example.com").find((m) => m.parsed.subject === `¡Pago confirmado! Pedido ${orderNumber}`),
      "the paid mail",
    );
    await page.goto(`${shop.app.baseUrl}/admin`);
    expect(await page.getByText("Ventas de este mes").count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a second visitor pays through the sandbox Mercado Pago and the order becomes paid", async () => {
    const { page, errors } = await shop.watch({ width: 390 });
    await addToCart(page, "El desierto", 1);
    await page.goto(`${shop.app.baseUrl}/checkout`);
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
    await fillContact(page, "mp@example.com");
    await page.getByLabel(/Mercado Pago/).check();
    await page.getByRole("button", { name: "PAGAR CON MERCADO PAGO" }).click();
    await page.waitForURL(/\/pagos\/sandbox\/sbp/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Rechazar pago" }).click();
    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=.*status=rejected/);
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("Mercado Pago no aprobó el pago");
    expect(await page.getByTestId("order-status").textContent()).toBe("Estado: PAGO PENDIENTE");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Pagar con Mercado Pago" }).click();
    await page.waitForURL(/\/pagos\/sandbox\/sbp/);
    await page.getByRole("button", { name: "Aprobar pago" }).click();
    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=.*status=approved/);
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId("order-status").textContent();
      })
      .toBe("Estado: PAGADO");
    await until(
      () => mailsTo("mp@example.com").find((m) => m.parsed.subject?.startsWith("¡Pago confirmado!")),
      "the paid mail",
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("without JavaScript, /checkout says the cart needs it and links to the shop", async () => {
    const { page } = await shop.watch({ width: 390, javaScriptEnabled: false });
    await page.goto(`${shop.app.baseUrl}/checkout`);
    expect(await page.getByTestId("checkout-noscript").textContent()).toContain("necesitamos JavaScript");
    expect(await page.getByRole("link", { name: "tienda", exact: true }).getAttribute("href")).toBe("/tienda");
    await page.context().close();
  });

  it("an order page with a wrong token is a 404", async () => {
    const response = await fetch(`${shop.app.baseUrl}/pedido/${orderNumber}?token=nope`);
    expect(response.status).toBe(404);
    const api = await fetch(`${shop.app.baseUrl}/api/orders/${orderNumber}`);
    expect(api.status).toBe(404);
  });
});
