import type { APIResponse, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { openPglite, openPostgres } from "~db/connect";
import { books, fairStock, fairs } from "~db/schema";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite, type PageOptions } from "../support/e2e";

/**
 * Issue 35's cierre de caja, end to end: sales made through POST /api/admin/ventas (as the sale page makes
 * them, signed in) show in /admin/cierre per payment method and per seller; the cash expected (float + cash
 * sales) against what was counted is saved once; a sale sold beyond the stock is marked reviewed; the reports
 * show the counter's channel. A catalogue and a fair of our own (no demo), so every figure is this file's.
 */
const admin = { email: "caja@rizoma.com.ar", password: "clave-de-prueba-cierre" };
const ids = new Map<string, number>();
let fairId = 0;

const openDatabase = (env: Record<string, string>) =>
  env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "");

const shop = browserSuite(
  { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, DEMO_DATA: "off" },
  {
    async beforeStart(env) {
      // The first start migrates; the books and the fair (with five copies of Zama) are written while it is down.
      const first = await startApp(env);
      await first.stop();
      const database = await openDatabase(env);
      const rows = await database.db
        .insert(books)
        .values([
          { title: "Zama", slug: "zama", author: "Antonio Di Benedetto", priceCents: 1_000_000, stock: 10 },
          { title: "Facundo", slug: "facundo", author: "Domingo F. Sarmiento", priceCents: 500_000, stock: 10 },
          { title: "Los siete locos", slug: "los-siete-locos", author: "Roberto Arlt", priceCents: 700_000, stock: 1 },
        ])
        .returning({ id: books.id, title: books.title });
      for (const row of rows) ids.set(row.title, row.id);
      const today = todayInBuenosAires();
      const [fair] = await database.db
        .insert(fairs)
        .values({
          name: "Feria de Editores",
          place: "Parque Centenario",
          startsOn: addDays(today, -1),
          endsOn: addDays(today, 1),
          status: "open",
        })
        .returning();
      fairId = fair?.id ?? 0;
      await database.db
        .insert(fairStock)
        .values({ fairId, bookId: ids.get("Zama") ?? 0, quantity: 5, sentQuantity: 5 });
      await database.close();
    },
  },
);

const plain = (text: string | null) =>
  (text ?? "")
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();

async function signedIn(path: string, options: PageOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const watched = await shop.watch(options);
  await signInAsAdmin(watched.page, shop.app.baseUrl, admin, path);
  if (options.javaScriptEnabled !== false) await hydrated(watched.page);
  return watched;
}

/** A sale as the sale page sends it: the admin's cookie, the shop's Origin, a UUID made on the phone. */
async function sell(page: Page, body: Record<string, unknown>): Promise<{ number: string; day: string }> {
  const response: APIResponse = await page.request.post(`${shop.app.baseUrl}/api/admin/ventas`, {
    data: { clientId: crypto.randomUUID(), ...body },
    headers: { Origin: shop.app.baseUrl },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { sale } = (await response.json()) as { sale: { number: string; soldAt: string } };
  return { number: sale.number, day: todayInBuenosAires(new Date(sale.soldAt)) };
}

describe("/admin/cierre", () => {
  it("totals the counter's day per payment method and seller, saves cash expected vs counted, and reviews a flagged sale", async () => {
    const { page, errors } = await signedIn("/admin/cierre", { width: 1280 });
    const zama = ids.get("Zama");
    const facundo = ids.get("Facundo");
    const { day } = await sell(page, { payment: "cash", cashReceived: 25_000, items: [{ id: zama, quantity: 2 }] });
    await sell(page, { payment: "card", items: [{ id: facundo, quantity: 1 }] });
    await sell(page, {
      payment: "transfer",
      customer: { email: "lectora@example.com" },
      items: [
        { id: zama, quantity: 1 },
        { id: facundo, quantity: 1 },
      ],
    });
    // Two copies of a book the shop had one of: the sale stands, flagged.
    const short = await sell(page, { payment: "cash", items: [{ id: ids.get("Los siete locos"), quantity: 2 }] });

    await page.goto(`${shop.app.baseUrl}/admin/cierre?fecha=${day}&lugar=local`);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Cierre de caja");
    const row = async (method: string) => plain(await page.getByTestId(`metodo-${method}`).textContent());
    // Cash: 20.000 + 14.000; card 5.000; transfer 10.000 + 5.000.
    expect(await row("cash")).toBe("Efectivo2$ 34.000");
    expect(await row("transfer")).toBe("Transferencia1$ 15.000");
    expect(await row("card")).toBe("Tarjeta (terminal)1$ 5.000");
    expect(await row("mercadopago_qr")).toBe("QR de Mercado Pago0$ 0");
    const seller = page.getByTestId("vendedor");
    expect(plain(await seller.locator("p").first().textContent())).toBe("4 ventas · $ 54.000");
    expect(plain(await seller.locator("p").last().textContent())).toBe(
      "Libros: Zama × 3 · Facundo × 2 · Los siete locos × 2",
    );

    // The difference follows the typing: 5.000 of float + 34.000 of cash sales = 39.000 expected.
    await page.getByLabel("Cambio inicial").fill("5.000");
    await page.getByLabel("Efectivo contado").fill("38.500");
    await expect.poll(async () => plain(await page.locator("output").textContent())).toBe("Faltan $ 500");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/cierre-1280.png", fullPage: true });

    await page.getByRole("button", { name: "Guardar cierre" }).click();
    await page.getByText("Caja cerrada", { exact: true }).waitFor();
    const saved = page.getByRole("region", { name: "Efectivo en la caja" });
    expect(plain(await saved.locator("dl").textContent())).toBe(
      "Cambio inicial$ 5.000Ventas en efectivo$ 34.000Esperado en la caja$ 39.000Contado$ 38.500DiferenciaFaltan $ 500",
    );
    expect(await saved.getByText(`Caja cerrada por ${admin.email}`).count()).toBe(1);

    // On paper: the day's figures, without the panel's header, menu, pickers and buttons.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("navigation", { name: "Secciones del panel" }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Ver el día" }).isVisible()).toBe(false);
    expect(await page.getByRole("heading", { name: "Quién vendió qué" }).isVisible()).toBe(true);
    await page.screenshot({ path: "/tmp/cierre-impresion.png", fullPage: true });
    await page.emulateMedia({ media: "screen" });

    const flagged = page.getByTestId("venta-sin-stock");
    expect(plain(await flagged.textContent())).toContain("«Los siete locos»: se vendieron 2, había 1");
    await flagged.getByRole("button", { name: `Revisado (${short.number})` }).click();
    await page.getByText("Venta revisada", { exact: true }).waitFor();
    expect(await page.getByText("No hay ventas sin stock pendientes de revisar.").count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("shows the counter's channel in the reports and its CSV, and the buyer's purchase in the customers", async () => {
    const { page, errors } = await signedIn("/admin/cierre", { width: 1280 });
    const day = todayInBuenosAires();
    await page.goto(`${shop.app.baseUrl}/admin/reportes?desde=${addDays(day, -1)}&hasta=${day}`);
    await hydrated(page);
    const channels = page.getByRole("table", { name: "Ventas por día: montos por canal" });
    expect(plain(await channels.locator("thead").textContent())).toBe("PeríodoOnlineEn el localEn feriasTotal");
    // The previous test's four counter sales (54.000), nothing online or at the fair.
    expect(plain(await channels.locator("tfoot").textContent())).toBe("Total$ 0$ 54.000$ 0$ 54.000");
    const sales = page.getByRole("table", { name: "Ventas por día: cantidad y montos por medio de pago" });
    expect(plain(await sales.locator("thead").textContent())).toBe(
      "PeríodoVentasTransferenciaMercado PagoEfectivoTarjetaTotal",
    );
    expect(plain(await sales.locator("tfoot").textContent())).toBe("Total4$ 15.000$ 0$ 34.000$ 5.000$ 54.000");
    await page.locator("#canales .recharts-surface").first().waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/reportes-canales-1280.png", fullPage: true });

    // Only the counter: the form's channel travels in the URL, and in the CSV's link.
    await page.getByLabel("Canal", { exact: true }).selectOption("local");
    await page.getByRole("button", { name: "Ver reportes" }).click();
    await page.waitForURL(/canal=local/);
    await page.getByText("Estás viendo solo las ventas en el local").waitFor();
    const href = await page
      .locator("#canales")
      .getByRole("link", { name: /Descargar CSV/ })
      .getAttribute("href");
    expect(href).toContain("canal=local");
    const csv = await page.request.get(`${shop.app.baseUrl}${href}`);
    expect(csv.headers()["content-disposition"]).toMatch(/filename="ventas-por-canal-local-/);
    expect(await csv.text()).toContain(';0;"0,00";4;"54000,00";0;"0,00";"54000,00"\r\n');

    await page.goto(`${shop.app.baseUrl}/admin/clientes/lectora%40example.com`);
    await hydrated(page);
    const purchase = page.getByTestId("customer-purchase");
    expect(plain(await purchase.textContent())).toMatch(/^VT-\d{6}Compra en el local.*PAGADA\$ 15\.000$/);
    expect(await purchase.getByRole("link").getAttribute("href")).toMatch(/^\/recibo\/VT-\d{6}\?token=/);
    expect(errors).toEqual([]);
  });

  it("closes a fair's cash on a phone without JavaScript: the difference first, then the closing", async () => {
    const setup = await signedIn("/admin/cierre", { width: 1280 });
    const { day } = await sell(setup.page, {
      payment: "cash",
      fairId,
      items: [{ id: ids.get("Zama"), quantity: 1, price: 9_000 }],
    });
    await sell(setup.page, {
      payment: "transfer",
      fairId,
      items: [{ id: ids.get("Zama"), quantity: 1, price: 9_000 }],
    });

    const { page } = await signedIn(`/admin/cierre?fecha=${day}`, {
      width: 390,
      height: 844,
      javaScriptEnabled: false,
    });
    await page.getByLabel("Lugar").selectOption(`feria-${fairId}`);
    await page.getByRole("button", { name: "Ver el día" }).click();
    await page.waitForURL(new RegExp(`lugar=feria-${fairId}`));
    expect(plain(await page.locator("main p").first().textContent())).toContain("Feria de Editores");
    expect(plain(await page.getByTestId("metodo-cash").textContent())).toBe("Efectivo1$ 9.000");

    // "Calcular diferencia" is a GET of the page with what was typed: no float, 10.000 counted.
    await page.getByLabel("Efectivo contado").fill("10.000");
    await page.getByRole("button", { name: "Calcular diferencia" }).click();
    await page.waitForURL(/contado=10\.000/);
    expect(plain(await page.locator("output").textContent())).toBe("Sobran $ 1.000");
    expect(await page.getByLabel("Efectivo contado").inputValue()).toBe("10.000");

    await page.getByRole("button", { name: "Guardar cierre" }).click();
    await page.waitForURL(/aviso=cerrada/);
    expect(plain(await page.getByRole("region", { name: "Efectivo en la caja" }).locator("dl").textContent())).toBe(
      "Cambio inicial$ 0Ventas en efectivo$ 9.000Esperado en la caja$ 9.000Contado$ 10.000DiferenciaSobran $ 1.000",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The same page with JavaScript on a phone: accessible, nothing scrolls sideways; and the reports too.
    const phone = await signedIn(`/admin/cierre?fecha=${day}&lugar=feria-${fairId}`, { width: 390, height: 844 });
    await expectAccessible(phone.page);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: "/tmp/cierre-feria-390.png", fullPage: true });
    await phone.page.goto(`${shop.app.baseUrl}/admin/cierre?fecha=${day}&lugar=local`);
    await hydrated(phone.page);
    await phone.page.screenshot({ path: "/tmp/cierre-390.png", fullPage: true });
    await phone.page.goto(`${shop.app.baseUrl}/admin/reportes?desde=${day}&hasta=${day}`);
    await hydrated(phone.page);
    await phone.page.locator("#canales .recharts-surface").first().waitFor();
    const channels = phone.page.getByRole("table", { name: "Ventas por día: montos por canal" });
    // 54.000 at the counter (the first test) and the fair's two sales of 9.000.
    expect(plain(await channels.locator("tfoot").textContent())).toBe("Total$ 0$ 54.000$ 18.000$ 72.000");
    expect(
      await phone.page.getByRole("table", { name: "Ferias del período: ventas, ejemplares y montos" }).count(),
    ).toBe(1);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone.page);
    await phone.page.screenshot({ path: "/tmp/reportes-canales-390.png", fullPage: true });
    await phone.page.locator("#canales").screenshot({ path: "/tmp/reportes-canales-390-seccion.png" });
    expect(phone.errors).toEqual([]);
    expect(setup.errors).toEqual([]);
  });
});
