import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "~db/connect";
import { settings } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";

/** Issue 19: a buyer asks for a Factura A at checkout; the admin and the buyer's order page show it. */
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

  it("asks for the CUIT and the razón social together, checks the CUIT, and shows them on the order page", async () => {
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
    await page.getByText("¿Necesitás factura A? Cargá el CUIT").click();
    await expectAccessible(page);
    await page.getByLabel("CUIT").fill("30-71654321-4");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await expect
      .poll(() => page.getByTestId("checkout-legalName-error").textContent())
      .toBe("Completá el CUIT y la razón social para la factura A");
    expect(await page.getByLabel("Razón social").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("CUIT").fill("30-71654321-5");
    await page.getByLabel("Razón social").fill("Librería del Sur SRL");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await expect
      .poll(() => page.getByTestId("checkout-cuit-error").textContent())
      .toBe("El CUIT no es válido: revisá los 11 dígitos (XX-XXXXXXXX-X)");
    await page.screenshot({ path: "/tmp/checkout-invoice-390.png", fullPage: true });

    await page.getByLabel("CUIT").fill("30716543214");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=/);
    orderNumber = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "ENTENDIDO" }).click();
    expect(await page.getByTestId("order-invoice-request").textContent()).toBe(
      "Factura A: Librería del Sur SRL — 30-71654321-4",
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
    expect(await page.getByTestId("order-invoice-request").textContent()).toBe("Librería del Sur SRL — 30-71654321-4");
    expect(await page.getByText("Factura A", { exact: true }).count()).toBe(1);

    const refused = await page.goto(`${shop.app.baseUrl}/pedido/${orderNumber}/factura/1?token=no-es-el-token`);
    expect(refused?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("No encontramos esa factura");
    expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
    shop.acknowledge(page, /404/);
  });
});
