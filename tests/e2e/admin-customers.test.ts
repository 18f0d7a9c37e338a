import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayInBuenosAires } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { openPglite, openPostgres } from "~db/connect";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { seedCustomers } from "../support/customer-fixtures";
import { browserSuite, type PageOptions } from "../support/e2e";

/**
 * /admin/clientes as the admin uses it: search the people the shop knows (the demo's buyers among them),
 * open one, follow an order and come back, download the CSV; and the same pages on a phone without
 * JavaScript. The people are written straight into the database (tests/support/customer-fixtures.ts).
 */
const admin = { email: "clientes@rizoma.com.ar", password: "clave-de-prueba-clientes" };
const seeded = { orderNumber: "" };

const openDatabase = (env: Record<string, string>) =>
  env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "");

const shop = browserSuite(
  { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  {
    async beforeStart(env) {
      const first = await startApp(env);
      await first.stop();
      const database = await openDatabase(env);
      const { orders } = await seedCustomers(database.db);
      seeded.orderNumber = orders.delivered.number;
      await database.close();
    },
  },
);

async function signedIn(options: PageOptions, path = "/admin/clientes"): Promise<Page> {
  const page = await shop.open(options);
  await signInAsAdmin(page, shop.app.baseUrl, admin, path);
  if (options?.javaScriptEnabled !== false) await hydrated(page);
  return page;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
const rows = (page: Page) => page.getByTestId("customer-row");
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 390);

describe("/admin/clientes", () => {
  it("searches a customer, opens her page, follows an order and comes back, downloads the CSV", async () => {
    const page = await signedIn({ width: 1280 });
    expect(await heading(page)).toBe("Clientes");
    const nav = page.getByRole("navigation", { name: "Secciones del panel" });
    expect(await nav.getByRole("link", { name: "Clientes" }).getAttribute("aria-current")).toBe("page");
    await expectAccessible(page);

    await page.getByRole("searchbox", { name: "Buscar por nombre o email" }).fill("PEREZ");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL(/buscar=PEREZ/);
    await expect.poll(() => page.getByRole("status").textContent()).toBe("1 cliente");
    const ana = rows(page).first();
    const text = (await ana.textContent()) ?? "";
    for (const part of ["Ana María Pérez", "ana@example.com", formatMoney(1_350_050), "Caja Rizoma", "Newsletter"]) {
      expect(text).toContain(part);
    }
    expect(await rows(page).count()).toBe(1);

    await ana.getByRole("link", { name: "Ana María Pérez" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/clientes/ana%40example.com`);
    await expect.poll(() => heading(page)).toBe("Ana María Pérez");
    expect(await page.getByTestId("customer-order").count()).toBe(4);
    const caja = page.getByRole("region", { name: "Caja Rizoma" });
    expect(await caja.textContent()).toContain("Plan Mensual");
    expect(await caja.getByRole("link", { name: "Ver en Caja Rizoma" }).getAttribute("href")).toBe(
      "/admin/caja?buscar=ana%40example.com",
    );
    expect(await page.getByRole("region", { name: "Cuenta" }).textContent()).toContain("Av. Corrientes 1234");
    expect(await page.getByRole("region", { name: "Avisos esperando" }).textContent()).toContain("Rayuela");
    await expectAccessible(page);

    await page.getByRole("link", { name: seeded.orderNumber }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/pedidos/${seeded.orderNumber}`);
    await page.getByRole("link", { name: "Ver cliente" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/clientes/ana%40example.com`);
    await expect.poll(() => heading(page)).toBe("Ana María Pérez");

    await page.goto(`${shop.app.baseUrl}/admin/clientes?buscar=${encodeURIComponent("díaz")}`);
    await hydrated(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`clientes-${todayInBuenosAires()}.csv`);
    const csv = await readFile((await download.path()) ?? "");
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString("utf8")).toBe(
      "Email;Nombre;Pedidos;Total gastado;Último pedido;Suscriptor caja;Newsletter;Cuenta\r\n" +
        'bruno@example.com;Bruno Díaz;0;"0,00";;sí;no;no\r\n',
    );

    const answer = await page.request.get(`${shop.app.baseUrl}/api/admin/customers?q=nu%C3%B1ez`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({
      success: true,
      total: 1,
      customers: [{ email: "dario@example.com", name: "Darío Núñez", orders: 0, totalSpent: 0 }],
    });
  });

  it("works on a phone without JavaScript, and says so when an email is unknown", async () => {
    const page = await signedIn({ width: 390, height: 844, javaScriptEnabled: false });
    expect(await heading(page)).toBe("Clientes");
    expect(await fitsPhone(page)).toBe(true);
    await page.getByRole("link", { name: "Más gastado" }).click();
    await page.waitForURL(/orden=gastado/);
    // The demo has no buyers of its own: Ana, who spent the most, comes first.
    expect(await rows(page).first().textContent()).toContain("ana@example.com");
    await page.getByRole("searchbox", { name: "Buscar por nombre o email" }).fill("nunez");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL(/buscar=nunez/);
    await page.getByRole("link", { name: "Darío Núñez" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/clientes/dario%40example.com`);
    expect(await page.getByRole("region", { name: "Pedidos especiales" }).textContent()).toContain(
      "Los detectives salvajes",
    );
    expect(await page.getByRole("region", { name: "Premios QR" }).textContent()).toContain("FERIA26");
    expect(await fitsPhone(page)).toBe(true);

    const missing = await page.goto(`${shop.app.baseUrl}/admin/clientes/nadie%40example.com`);
    expect(missing?.status()).toBe(404);
    expect(await heading(page)).toBe("Cliente no encontrado");
    shop.acknowledge(page, /404/);
  });
});
