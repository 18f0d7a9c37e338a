import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "~db/connect";
import { settings } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";

/**
 * Issue 19: a buyer asks for a company's invoice at checkout; the admin and the buyer's order page show it.
 * Issue 32: with its condición frente al IVA (which picks A or B), and a final consumer's DNI or CUIL above
 * ARCA's identification threshold.
 */
const admin = { email: "facturas@rizoma.com.ar", password: "clave-de-prueba-facturas" };
const shop = browserSuite(
  { NODE_ENV: "test", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  {
    async beforeStart(env) {
      // The demo shop is Monotributo; this one is Responsable Inscripto, so a CUIT gets a Factura A.
      const first = await startApp(env);
      await first.stop();
      const database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.DATA_DIR ?? "");
      const [row] = await database.db.select().from(settings).where(eq(settings.key, "fiscal"));
      const value = { ...(row?.value as object), taxCondition: "responsable_inscripto" };
      await database.db
        .insert(settings)
        .values({ key: "fiscal", value })
        .onConflictDoUpdate({ target: settings.key, set: { value } });
      // RG 5700/2025's threshold down to $ 1, so every final consumer is asked for a DNI or CUIL here.
      const [invoicing] = await database.db.select().from(settings).where(eq(settings.key, "invoicing"));
      const identify = { ...(invoicing?.value as object), identifyConsumerFrom: 1 };
      await database.db
        .insert(settings)
        .values({ key: "invoicing", value: identify })
        .onConflictDoUpdate({ target: settings.key, set: { value: identify } });
      await database.close();
    },
  },
);

async function addToCart(page: Page, title: string) {
  await page.goto(`${shop.app.baseUrl}/tienda?search=${encodeURIComponent(title)}`);
  const card = page.getByTestId("book-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await hydrated(page);
  await card.getByRole("button", { name: /^COMPRAR/ }).click();
  await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
}

describe("a company's invoice at checkout", () => {
  let orderNumber = "";

  it("asks for the CUIT, the razón social and the condition together, checks the CUIT, and shows them on the order page", async () => {
    const { page, errors } = await shop.watch({ width: 390 });
    await addToCart(page, "Facundo");
    await page.goto(`${shop.app.baseUrl}/checkout`);
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Apellido").fill("Pérez");
    await page.getByLabel("Email").fill("compras@delsur.example");
    await page.getByLabel("Teléfono").fill("+54 9 11 5555-1234");

    const disclosure = page.getByTestId("checkout-invoice");
    expect(await disclosure.getAttribute("open")).toBeNull();
    // Above the threshold a final consumer is asked for a DNI or CUIL; a CUIT takes its place.
    expect(await page.getByLabel("DNI o CUIL").count()).toBe(1);
    await page.getByText("¿Necesitás factura a nombre de una empresa o institución? Cargá el CUIT").click();
    await expectAccessible(page);
    await page.getByLabel(/^CUIT/).fill("30-71654321-4");
    await expect.poll(() => page.getByLabel("DNI o CUIL").count()).toBe(0);
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await expect
      .poll(() => page.getByTestId("checkout-legalName-error").textContent())
      .toBe("Completá el CUIT y la razón social para la factura a nombre de la empresa o institución");
    expect(await page.getByLabel("Razón social").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel(/^CUIT/).fill("30-71654321-5");
    await page.getByLabel("Razón social").fill("Librería del Sur SRL");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await expect
      .poll(() => page.getByTestId("checkout-cuit-error").textContent())
      .toBe("El CUIT no es válido: revisá los 11 dígitos (XX-XXXXXXXX-X)");
    await page.screenshot({ path: "/tmp/checkout-invoice-390.png", fullPage: true });

    await page.getByLabel(/^CUIT/).fill("30716543214");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await expect
      .poll(() => page.getByTestId("checkout-taxCondition-error").textContent())
      .toBe(
        "Elegí la condición frente al IVA de la empresa o institución: responsable inscripto, monotributo o exento",
      );
    expect(await page.getByLabel("Condición frente al IVA").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);
    await page.getByLabel("Condición frente al IVA").selectOption("monotributo");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=/);
    orderNumber = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "ENTENDIDO" }).click();
    expect(await page.getByTestId("order-invoice-request").textContent()).toBe(
      "Factura A: Librería del Sur SRL — 30-71654321-4 — Monotributo",
    );
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it("shows the admin whom to invoice, and refuses a voucher download without the order's token", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    await page.goto(`${shop.app.baseUrl}/admin/pedidos/${orderNumber}`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Contraseña").fill(admin.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/pedidos/${orderNumber}`);
    expect(await page.getByTestId("order-invoice-request").textContent()).toBe(
      "Librería del Sur SRL — 30-71654321-4 — Monotributo",
    );
    expect(await page.getByText("Factura A", { exact: true }).count()).toBe(1);

    const refused = await page.goto(`${shop.app.baseUrl}/pedido/${orderNumber}/factura/1?token=no-es-el-token`);
    expect(refused?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("No encontramos esa factura");
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
    shop.acknowledge(page, /404/);
  });

  it("asks a final consumer above ARCA's threshold for a DNI or CUIL, and places the order with it", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    await addToCart(page, "Facundo");
    await page.goto(`${shop.app.baseUrl}/checkout`);
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Apellido").fill("Pérez");
    await page.getByLabel("Email").fill("lucia@example.com");
    await page.getByLabel("Teléfono").fill("+54 9 11 5555-1234");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await expect
      .poll(() => page.getByTestId("checkout-document-error").textContent())
      .toBe("Para compras desde $\u00a01 ARCA pide identificar al comprador: cargá tu DNI o CUIL");
    await page.getByLabel("DNI o CUIL").fill("30.123");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await expect
      .poll(() => page.getByTestId("checkout-document-error").textContent())
      .toBe("El DNI o CUIL no es válido: el DNI tiene 7 u 8 dígitos y el CUIL 11 (XX-XXXXXXXX-X)");
    await expectAccessible(page);
    await page.getByLabel("DNI o CUIL").fill("30.123.456");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=/);
    expect(errors).toEqual([]);
  });
});
