import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { priceOrder } from "~/domain/orders/pricing";
import { splitTax } from "~/domain/taxes/fiscal";
import { openPglite, openPostgres } from "~db/connect";
import { books, orderItems, orders } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";

/**
 * Ley 27.743: "Precio sin impuestos nacionales: $ X" next to each price. The admin adds a 21% category
 * and puts a mug in it; a book (IVA exento) shows its price as its net, the mug its price / 1,21; the cart
 * and the checkout show the same, and the order's lines store the amounts the checkout showed.
 */
const admin = { email: "impuestos@rizoma.com.ar", password: "clave-de-prueba-impuestos" };
const MUG_CENTS = 1_210_000; // $ 12.100 -> $ 10.000 without IVA 21%
let bookId = 0;
let bookCents = 0;
let mugId = 0;

const openDatabase = (env: Record<string, string>) =>
  env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "");

const shop = browserSuite(
  { NODE_ENV: "test", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  {
    async beforeStart(env) {
      // The first start migrates and loads the demo; the mug (a product the demo has not) is written here.
      const first = await startApp(env);
      await first.stop();
      const database = await openDatabase(env);
      const [facundo] = await database.db.select().from(books).where(eq(books.title, "Facundo"));
      if (!facundo?.priceCents) throw new Error("the demo has Facundo with a price");
      [bookId, bookCents] = [facundo.id, facundo.promotionalPriceCents ?? facundo.priceCents];
      const [mug] = await database.db
        .insert(books)
        .values({ title: "Taza Rizoma", author: "Rizoma", slug: "taza-rizoma", priceCents: MUG_CENTS, stock: 8 })
        .returning();
      mugId = mug?.id ?? 0;
      await database.close();
    },
  },
);

const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ").trim();
/** "$ 12.100" / "$ 8.264,46", as formatMoney writes them (whole pesos without centavos). */
const pesos = (cents: number) =>
  `$ ${Math.floor(cents / 100).toLocaleString("de-DE")}${cents % 100 ? `,${String(cents % 100).padStart(2, "0")}` : ""}`;
const net = (cents: number) => `Precio sin impuestos nacionales: ${pesos(cents)}`;

async function signIn(page: Page, path: string) {
  await page.goto(`${shop.app.baseUrl}${path}`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Contraseña").fill(admin.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL(`${shop.app.baseUrl}${path}`);
}

describe("prices without national taxes", () => {
  it("the admin adds «Merchandising» at 21% and puts the mug in it; a used category cannot be removed", async () => {
    const page = await shop.open({ width: 1280 });
    await signIn(page, "/admin/ajustes");
    await hydrated(page);
    const taxes = page.getByRole("region", { name: "Impuestos por categoría" });
    expect(plain(await taxes.textContent())).toContain("exentos de IVA por la Ley 23.349");
    await taxes.getByRole("button", { name: "Agregar categoría fiscal" }).click();
    const added = taxes.getByTestId("tax-row").nth(2);
    await added.getByLabel("Nombre").fill("Merchandising");
    expect(await added.getByLabel("IVA").inputValue()).toBe("21");
    await taxes.getByRole("button", { name: "Guardar impuestos" }).click();
    await page.waitForURL(/guardado=taxes/);
    await expect.poll(() => taxes.getByRole("status").textContent()).toContain("Ajustes guardados");
    await expectAccessible(page);

    await page.goto(`${shop.app.baseUrl}/admin/libros/${mugId}`);
    await hydrated(page);
    await page.getByLabel("Categoría fiscal").selectOption("merchandising");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await page.waitForURL(/aviso=actualizado/);
    await page.goto(`${shop.app.baseUrl}/admin/libros/${mugId}`);
    expect(await page.getByLabel("Categoría fiscal").inputValue()).toBe("merchandising");

    await page.goto(`${shop.app.baseUrl}/admin/ajustes#taxes`);
    await hydrated(page);
    const row = taxes.getByRole("group", { name: "Merchandising", exact: true });
    expect(plain(await row.textContent())).toContain("1 producto");
    await row.getByRole("button", { name: /^Quitar/ }).click();
    await taxes.getByRole("button", { name: "Guardar impuestos" }).click();
    await expect
      .poll(async () => plain(await taxes.getByRole("alert").textContent()))
      .toContain("No se puede quitar la categoría fiscal «Merchandising»: 1 producto la usa.");
    shop.acknowledge(page, /status of 400/);
  });

  it("the book page shows the net: the price for a book, the price / 1,21 for the mug (390 and 1280 px)", async () => {
    for (const width of [390, 1280]) {
      const { page } = await shop.visit(`/libro/${bookId}`, { width });
      expect(plain(await page.getByTestId("net-price").textContent())).toBe(net(bookCents));
      await page.screenshot({ path: `/tmp/net-prices-book-${width}.png` });
      await page.goto(`${shop.app.baseUrl}/libro/${mugId}`);
      expect(plain(await page.getByTestId("book-price").textContent())).toBe(pesos(MUG_CENTS));
      expect(plain(await page.getByTestId("net-price").textContent())).toBe(net(1_000_000));
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/net-prices-mug-${width}.png` });
    }
  });

  it("the cart and the checkout show it per line and for the total; the order stores what the checkout showed", async () => {
    const page = await shop.open({ width: 390 });
    for (const [index, id] of [bookId, mugId].entries()) {
      await page.goto(`${shop.app.baseUrl}/libro/${id}`);
      await hydrated(page);
      await page.getByRole("main").getByRole("button", { name: "Agregar al carrito" }).click();
      await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe(String(index + 1));
    }

    await page.goto(`${shop.app.baseUrl}/carrito`);
    const lines = page.getByRole("main").getByTestId("cart-line");
    await expect.poll(() => lines.count()).toBe(2);
    await expect
      .poll(async () => (await lines.getByTestId("net-price").allTextContents()).map(plain))
      .toEqual([net(bookCents), net(1_000_000)]);
    expect(plain(await page.getByRole("main").getByTestId("cart-total-net").textContent())).toBe(
      net(bookCents + 1_000_000),
    );
    await expectAccessible(page);

    await page.goto(`${shop.app.baseUrl}/checkout`);
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(2);
    // Transfer is chosen: 15% off, shared over the lines; each net is of its discounted line total.
    const subtotalCents = bookCents + MUG_CENTS;
    const transfer = priceOrder({
      subtotalCents,
      code: null,
      paymentMethod: "transfer",
      shippingCents: 0,
      transferDiscountPercent: 15,
    }).totalCents;
    await expect.poll(async () => plain(await page.getByTestId("checkout-total").textContent())).toBe(pesos(transfer));
    const shownNets = (await page.getByTestId("cart-line").getByTestId("net-price").allTextContents()).map(plain);
    const totalNet = plain(await page.getByTestId("checkout-total-net").textContent());
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Apellido").fill("Pérez");
    await page.getByLabel("Email").fill("lucia@example.com");
    await page.getByLabel("Teléfono").fill("+54 9 11 5555-1234");
    await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=/);
    const number = new URL(page.url()).pathname.split("/").pop() ?? "";

    // The order's lines, read from the database (the app is stopped for PGlite's single owner, then restarted).
    await page.goto("about:blank");
    await shop.app.stop();
    const database = await openDatabase(shop.env);
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
    const items = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0))
      .orderBy(orderItems.id);
    await database.close();
    shop.app = await startApp(shop.env);

    const byBook = (id: number) => items.find((item) => item.bookId === id);
    expect(byBook(bookId)).toMatchObject({ taxCategory: "libros", taxRate: "exento", taxCents: 0 });
    expect(byBook(mugId)).toMatchObject({ taxCategory: "merchandising", taxRate: "21" });
    const mugLine = byBook(mugId);
    expect(mugLine?.netCents).toBe(splitTax(mugLine?.lineTotalCents ?? 0, "21").netCents);
    for (const item of items) expect(item.netCents + item.taxCents).toBe(item.lineTotalCents);
    expect(items.reduce((sum, item) => sum + item.lineTotalCents, 0)).toBe(transfer);
    // What the checkout showed is what the order keeps.
    expect(shownNets).toEqual([net(byBook(bookId)?.netCents ?? -1), net(mugLine?.netCents ?? -1)]);
    expect(totalNet).toBe(net(items.reduce((sum, item) => sum + item.netCents, 0)));
  });
});
