import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openPglite, openPostgres } from "~db/connect";
import { books, orderItems, stockAlerts } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { insertOrder } from "../support/order-row";

/**
 * The bookseller's reports: orders written straight into the database (June 2025, before anything the demo
 * has) appear in /admin/reportes' tables with their charts drawn, the CSV downloads, and a book out of stock
 * that readers wait for heads the reorder list.
 */
const admin = { email: "reportes@rizoma.com.ar", password: "clave-de-prueba-reportes" };
const REORDER_TITLE = "Libro muy esperado";

const openDatabase = (env: Record<string, string>) =>
  env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "");

const shop = browserSuite(
  { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  {
    async beforeStart(env) {
      // The first start migrates and loads the demo; the orders and the awaited book are written here.
      const first = await startApp(env);
      await first.stop();
      const database = await openDatabase(env);
      const db = database.db;
      const [facundo] = await db.select().from(books).where(eq(books.title, "Facundo"));
      if (!facundo) throw new Error("the demo has Facundo");
      const sale = async (values: Parameters<typeof insertOrder>[1], quantity: number) => {
        const order = await insertOrder(db, values);
        const total = values?.totalCents ?? 0;
        await db.insert(orderItems).values({
          orderId: order.id,
          bookId: facundo.id,
          title: facundo.title,
          author: facundo.author,
          unitPriceCents: total / quantity,
          quantity,
          lineTotalCents: total,
          netCents: total,
          taxCents: 0,
        });
      };
      await sale(
        {
          status: "paid",
          paymentMethod: "transfer",
          paidAt: new Date("2025-06-10T12:00:00-03:00"),
          subtotalCents: 1_234_500,
          totalCents: 1_234_500,
        },
        1,
      );
      await sale(
        {
          status: "delivered",
          paymentMethod: "mercadopago",
          paidAt: new Date("2025-06-12T12:00:00-03:00"),
          subtotalCents: 2_000_000,
          totalCents: 2_000_000,
        },
        2,
      );
      await sale(
        {
          status: "cancelled",
          paymentMethod: "mercadopago",
          paidAt: new Date("2025-06-11T12:00:00-03:00"),
          subtotalCents: 9_999_900,
          totalCents: 9_999_900,
        },
        1,
      );
      const [awaited] = await db
        .insert(books)
        .values({
          title: REORDER_TITLE,
          slug: "libro-muy-esperado",
          author: "Autora Pedida",
          publisher: "Distribuidora Sur",
          priceCents: 1_500_000,
          stock: 0,
        })
        .returning();
      if (!awaited) throw new Error("no book");
      await db.insert(stockAlerts).values(
        ["a", "b", "c", "d", "e"].map((name) => ({
          bookId: awaited.id,
          email: `${name}@example.com`,
          kind: "restock" as const,
        })),
      );
      await database.close();
    },
  },
);

const plain = (text: string | null) =>
  (text ?? "")
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("/admin/reportes", () => {
  it("shows the seeded orders in the tables, draws the charts and downloads the CSV", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    const path = "/admin/reportes?desde=2025-06-01&hasta=2025-06-30";
    await signInAsAdmin(page, shop.app.baseUrl, admin, path);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Reportes");

    const sales = page.getByRole("table", { name: "Ventas por día: cantidad y montos por medio de pago" });
    const row = (name: string) => sales.getByRole("row", { name: new RegExp(`^${name}`) });
    expect(plain(await row("10/06").textContent())).toBe("10/061$ 12.345$ 0$ 12.345");
    expect(plain(await row("12/06").textContent())).toBe("12/061$ 0$ 20.000$ 20.000");
    // The cancelled order of the 11th is not a sale.
    expect(plain(await row("11/06").textContent())).toBe("11/060$ 0$ 0$ 0");
    expect(plain(await sales.locator("tfoot").textContent())).toBe("Total2$ 12.345$ 20.000$ 32.345");
    const top = page.getByRole("table", { name: "Libros más vendidos: ejemplares e ingresos" });
    expect(plain(await top.getByRole("row", { name: /^Facundo/ }).textContent())).toContain("3$ 32.345");

    // recharts loads after hydration, in its own chunk, and draws an SVG per chart.
    await page.locator("#ventas .recharts-surface").first().waitFor();
    expect(await page.locator("#ventas .recharts-bar-rectangle").count()).toBeGreaterThan(0);
    await expectAccessible(page);

    const href = await page
      .locator("#ventas")
      .getByRole("link", { name: /Descargar CSV/ })
      .getAttribute("href");
    const csv = await page.request.get(`${shop.app.baseUrl}${href}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toBe('attachment; filename="ventas-2025-06-01-a-2025-06-30.csv"');
    const body = await csv.text();
    // Every payment method has its column in the file (the counter's are zero here).
    expect(body).toContain('10/06;2025-06-10;1;"12345,00";"0,00";"0,00";"0,00";"0,00";"12345,00"\r\n');
    expect(body).toContain('12/06;2025-06-12;1;"0,00";"20000,00";"0,00";"0,00";"0,00";"20000,00"\r\n');

    // On a phone the wide tables scroll inside their boxes: the page itself never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator("#categorias .recharts-surface").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });

  it("says there were no sales in an empty range, and fits a phone", async () => {
    const { page } = await shop.watch({ width: 390, height: 844 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/reportes?desde=2024-01-01&hasta=2024-01-31");
    await hydrated(page);
    expect(await page.locator("#ventas").getByText("No hay ventas en estas fechas").count()).toBe(1);
    expect(await page.locator("#ventas .recharts-surface").count()).toBe(0);
    // The stock report always draws its tables; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe("/admin/reportes/reposicion", () => {
  it("lists the book out of stock with the readers waiting for it, and filters by publisher", async () => {
    const { page } = await shop.watch({ width: 1280 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/reportes/reposicion");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Reposición");
    const first = page.locator("tbody tr").first();
    // Most awaited first: 5 alerts, no sales, no stock → 5 to order.
    expect(plain(await first.textContent())).toBe(`${REORDER_TITLE}Autora Pedida—Distribuidora Sur05005`);

    await page.getByLabel("Editorial").selectOption("Distribuidora Sur");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/editorial=Distribuidora/);
    // The URL changes a moment before React renders the filtered rows.
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    const href = await page.getByRole("link", { name: "Descargar CSV para el distribuidor" }).getAttribute("href");
    const csv = await (await page.request.get(`${shop.app.baseUrl}${href}`)).text();
    expect(csv).toContain(`;${REORDER_TITLE};Autora Pedida;Distribuidora Sur;0;5;0;5\r\n`);
    await expectAccessible(page);
  });
});
