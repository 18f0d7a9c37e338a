import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { andreaniEnv, type FakeAndreani, startFakeAndreani } from "../support/fake-andreani";
import {
  correoArgentinoEnv,
  type FakeCorreoArgentino,
  startFakeCorreoArgentino,
} from "../support/fake-correo-argentino";
import { until } from "../support/until";

/**
 * Issue 21 end to end, with Correo Argentino's and Andreani's fakes on loopback behind the real clients:
 * a buyer gets both carriers' prices for postal code 1414 beside the shop's own options, orders to an
 * Andreani branch, the admin creates the shipment (label PDF, tracking number), the fake moves the parcel
 * and the tracking job brings the order to "Entregado" (the buyer's e-mail and timeline); with both
 * carriers down the checkout still completes on the province table.
 */
const admin = { email: "envios@rizoma.com.ar", password: "clave-de-prueba-envios" };
let correo: FakeCorreoArgentino;
let andreani: FakeAndreani;

beforeAll(async () => {
  correo = await startFakeCorreoArgentino();
  andreani = await startFakeAndreani();
});
afterAll(async () => {
  await correo?.close();
  await andreani?.close();
});

const shop = browserSuite(() => ({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  ...correoArgentinoEnv(correo),
  ...andreaniEnv(andreani),
  // The tracking job looks every 300 ms and asks about a parcel again after a second.
  TRACKING_INTERVAL_MS: "300",
  SHIPMENT_POLL_SECONDS: "1",
}));

const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");

/** Adds the first book of the shop to the cart from its card (the cart lives in the browser). */
async function addABook(page: Page) {
  await page.goto(`${shop.app.baseUrl}/tienda`);
  await hydrated(page);
  const card = page.getByTestId("book-card").filter({ has: page.getByRole("button", { name: /^COMPRAR/ }) });
  await card
    .first()
    .getByRole("button", { name: /^COMPRAR/ })
    .click();
  await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Nombre", { exact: true }).fill("Julia");
  await page.getByLabel("Apellido").fill("Ortiz");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Teléfono").fill("+54 9 11 5555-4321");
}

interface OutboxMessage {
  to: string;
  subject: string;
}
async function outbox(page: Page): Promise<OutboxMessage[]> {
  const answer = await page.request.get(`${shop.app.baseUrl}/api/admin/mail`);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages;
}

describe("shipping with carriers", () => {
  it("postal code 1414: both carriers and the shop; an Andreani branch; label and tracking; the parcel reaches 'Entregado'", async () => {
    const buyer = await shop.watch({ width: 390, height: 844 });
    const page = buyer.page;
    await addABook(page);
    await page.goto(`${shop.app.baseUrl}/checkout`);
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
    await fillContact(page, "julia@example.com");
    await page.getByLabel(/Envío a todo el país/).check();
    await page.getByLabel("Código postal").fill("1414");
    await page.getByLabel("Provincia", { exact: true }).selectOption("C");

    // Both carriers, door and branch, and the shop's own table.
    const options = page.locator('input[name="shippingOption"]');
    await expect
      .poll(async () =>
        (await options.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).sort(),
      )
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^andreani:home:/),
          expect.stringMatching(/^andreani:branch:/),
          expect.stringMatching(/^correo_argentino:home:/),
          expect.stringMatching(/^correo_argentino:branch:/),
          "table:fast",
          "table:standard",
        ]),
      );
    // The same answer through the API, with the shop's pickup points and CABA delivery, in pesos.
    const cart = (await page.evaluate(() => localStorage.getItem("rizoma.cart.v1"))) ?? "";
    const bookId = Number(/"id":(\d+)/.exec(cart)?.[1]);
    expect(bookId).toBeGreaterThan(0);
    const quote = await page.request.post(`${shop.app.baseUrl}/api/shipping/quote`, {
      data: { zipCode: "1414", items: [{ id: bookId, quantity: 1 }] },
    });
    expect(quote.status()).toBe(200);
    const quoted = (await quote.json()) as {
      success: boolean;
      options: { id: string; carrier: string; kind: string; price: number; days: unknown }[];
    };
    expect(quoted.success).toBe(true);
    const carriersQuoted = new Set(quoted.options.map((option) => option.carrier));
    expect([...carriersQuoted].sort()).toEqual(["andreani", "correo_argentino", "rizoma"]);
    expect(quoted.options.map((option) => option.kind)).toEqual(expect.arrayContaining(["pickup", "home", "branch"]));
    const andreaniBranch = quoted.options.find((option) => option.id.startsWith("andreani:branch:"));
    expect(andreaniBranch?.price).toBeGreaterThan(0);

    // The Andreani branch, the second one near 1414.
    await page.locator('input[name="shippingOption"][value^="andreani:branch:"]').check();
    const branchSelect = page.getByLabel("Sucursal", { exact: true });
    await expect.poll(() => branchSelect.locator("option").count()).toBeGreaterThan(1);
    const branchName = ((await branchSelect.locator("option").nth(1).textContent()) ?? "").split(" — ")[0] ?? "";
    await branchSelect.selectOption({ index: 1 });
    const branchId = await branchSelect.inputValue();
    const price = plain(await page.getByTestId(`shipping-option-${andreaniBranch?.id}`).textContent());
    expect(price).toMatch(/^\$ [\d.]+(,\d\d)?$/);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/carriers-checkout-390.png", fullPage: true });
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=/);
    const orderUrl = page.url();
    const number = /RZ-\d{6}/.exec(orderUrl)?.[0] ?? "";
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "ENTENDIDO" }).click();
    const orderText = plain(await page.locator("main").textContent());
    expect(orderText).toContain("Andreani");
    expect(orderText).toContain(branchName);

    // The admin confirms the transfer and creates the shipment: a tracking number and the label PDF.
    const desk = await shop.watch({ width: 1280 });
    await signInAsAdmin(desk.page, shop.app.baseUrl, admin, `/admin/pedidos/${number}`);
    await desk.page.getByRole("button", { name: "Confirmar pago de la transferencia" }).click();
    const panel = desk.page.getByRole("region", { name: "Envío" });
    await expect.poll(() => panel.getByRole("button", { name: "Crear envío" }).count()).toBe(1);
    expect(plain(await panel.textContent())).toContain(branchName);
    await panel.getByRole("button", { name: "Crear envío" }).click();
    await expect.poll(() => panel.getByTestId("shipment-tracking").count()).toBe(1);
    // The link's text is the number (and, for screen readers, where it leads).
    const tracking = /\d{6,}/.exec((await panel.getByTestId("shipment-tracking").textContent()) ?? "")?.[0] ?? "";
    expect([...andreani.shipments.keys()]).toContain(tracking);
    // Andreani got the buyer's branch, not a door.
    expect(JSON.stringify(andreani.shipments.get(tracking)?.body)).toContain(`"${branchId}"`);
    await expectAccessible(desk.page);
    await desk.page.screenshot({ path: "/tmp/carriers-admin-order-1280.png", fullPage: true });
    const labelHref = await panel.getByRole("link", { name: /Imprimir etiqueta/ }).getAttribute("href");
    const label = await desk.page.request.get(`${shop.app.baseUrl}${labelHref}`);
    expect(label.status()).toBe(200);
    expect(label.headers()["content-type"]).toContain("application/pdf");
    expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // The buyer's "on its way" e-mail names the tracking number.
    await until(
      async () =>
        (await outbox(desk.page)).find((m) => m.to === "julia@example.com" && m.subject.includes("en camino")),
      "the shipped e-mail",
    );

    // The parcel moves at Andreani; the tracking job follows it to the door.
    andreani.advance(tracking);
    andreani.advance(tracking);
    andreani.advance(tracking, "delivered");
    await until(
      async () => (await outbox(desk.page)).find((m) => m.to === "julia@example.com" && /entregad/i.test(m.subject)),
      "the delivered e-mail",
      30_000,
    );
    await page.goto(orderUrl);
    const timeline = page.getByRole("region", { name: "Seguimiento del envío" });
    await expect.poll(async () => plain(await timeline.textContent())).toContain("Entregado");
    expect(plain(await timeline.textContent())).toContain(tracking);
    expect(await page.getByTestId("order-status").textContent()).toBe("Estado: ENTREGADO");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/carriers-order-delivered-390.png", fullPage: true });
    expect(buyer.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
  });

  it("with both carriers down, the checkout offers the province table and the order completes", async () => {
    correo.down(true);
    andreani.down(true);
    try {
      const { page, errors } = await shop.watch({ width: 1280 });
      await addABook(page);
      await page.goto(`${shop.app.baseUrl}/checkout`);
      await fillContact(page, "sin-correo@example.com");
      await page.getByLabel(/Envío a todo el país/).check();
      await page.getByLabel("Dirección").fill("Bv. San Juan 500");
      await page.getByLabel("Ciudad").fill("Córdoba");
      await page.getByLabel("Provincia", { exact: true }).selectOption("X");
      await page.getByLabel("Código postal").fill("5000");
      const standard = page.getByTestId("shipping-standard");
      await expect.poll(async () => plain(await standard.textContent())).toBe("$ 7.200");
      await expect
        .poll(() => page.getByTestId("shipping-quote-status").textContent())
        .not.toBe("Buscando opciones de envío…");
      expect(await page.locator('input[name="shippingOption"][value^="andreani"]').count()).toBe(0);
      expect(await page.locator('input[name="shippingOption"][value^="correo_argentino"]').count()).toBe(0);
      await page.locator('input[name="shippingOption"][value="table:standard"]').check();
      await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
      await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=/);
      await page.getByRole("dialog").getByRole("button", { name: "ENTENDIDO" }).click();
      expect(plain(await page.locator("main").textContent())).toContain("Córdoba");
      expect(errors).toEqual([]);
    } finally {
      correo.down(false);
      andreani.down(false);
    }
  });
});
