import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appEnv, removeDataDir, startApp } from "../support/app-server";
import { expectAccessible, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { boxSubscription, subscribeInSandbox } from "../support/shop";

/**
 * Demo mode (issue 17): a fresh shop with the demo catalogue simulates Mercado Pago in production
 * (NODE_ENV=production, no MP credentials, as `npm start` runs) and says so on every page, until the
 * admin takes it to production; a production setup without the demo never reaches the sandbox.
 */
const admin = { email: "demo@rizoma.com.ar", password: "clave-de-prueba-demo" };

const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

/** A complete, valid subscription: only the payments can refuse it. */
const subscription = JSON.stringify(boxSubscription);

const banner = (page: Page) => page.getByRole("complementary", { name: "Tienda de demostración" });

const signIn = (page: Page, path: string) => signInAsAdmin(page, shop.app.baseUrl, admin, path);

async function firstBookId(): Promise<number> {
  const response = await fetch(`${shop.app.baseUrl}/api/books?limit=100`);
  const { books } = (await response.json()) as { books: { id: number; stock: number; preorder?: unknown }[] };
  const book = books.find((b) => b.stock > 2);
  if (!book) throw new Error("no book in stock");
  return book.id;
}

describe("a demo shop in production", () => {
  it("says so in one line of the start log", () => {
    const lines = shop.app
      .output()
      .split("\n")
      .filter((line) => line.includes("Tienda de demostración"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("los pagos son simulados");
  });

  it("shows the banner on every shop page at 390 and 1280 px, linking to its explanation", async () => {
    for (const width of [390, 1280]) {
      const { page, errors } = await shop.watch({ width });
      for (const path of ["/", "/tienda", "/caja-rizoma", "/checkout", "/no-existe"]) {
        await page.goto(`${shop.app.baseUrl}${path}`);
        await expect
          .poll(() => banner(page).textContent())
          .toContain("Tienda de demostración: los pagos son simulados.");
        // Visible at first sight, above the header.
        const box = await banner(page).boundingBox();
        expect(box?.y).toBe(0);
      }
      await page.goto(`${shop.app.baseUrl}/`);
      await page.screenshot({ path: `/tmp/demo-banner-${width}.png` });
      await expectAccessible(page);
      await banner(page).getByRole("link", { name: "Saber más" }).click();
      await page.waitForURL(`${shop.app.baseUrl}/demostracion`);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("Esta es una tienda de demostración");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      await expectAccessible(page);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("takes a box subscription through the sandbox, and the subscriber is active in /admin/caja", async () => {
    const { page, errors } = await shop.watch({ width: 390, javaScriptEnabled: false });
    await subscribeInSandbox(page, shop.app.baseUrl);
    await page.context().close();

    const admin = await shop.watch({ width: 1280 });
    await signIn(admin.page, "/admin/caja");
    await expect.poll(() => admin.page.getByTestId("stat-Activas").textContent()).toBe("1");
    expect(await admin.page.getByRole("row").filter({ hasText: "lucia@example.com" }).count()).toBe(1);
    expect([...errors, ...admin.errors]).toEqual([]);
    await admin.page.context().close();
  });

  it("sells a book paid with the sandbox Mercado Pago, and the order is paid", async () => {
    const response = await fetch(`${shop.app.baseUrl}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: [{ id: await firstBookId(), quantity: 1 }],
        customer: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+54 9 11 5555-1234" },
        delivery: { method: "pickup" },
        paymentMethod: "mercadopago",
      }),
    });
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as { order: { number: string; paymentUrl: string } };
    expect(order.paymentUrl).toContain("/pagos/sandbox/sbp");
    const { page, errors } = await shop.watch({ width: 390 });
    await page.goto(order.paymentUrl);
    await page.getByRole("button", { name: "Aprobar pago" }).click();
    await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=.*status=approved/);
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId("order-status").textContent();
      })
      .toBe("Estado: PAGADO");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("Pasar a producción", () => {
  it("says what happens and what it deletes, then deletes it: no banner, no sandbox, no demo catalogue", async () => {
    const { page, errors } = await shop.watch({ width: 390 });
    await signIn(page, "/admin/ajustes");
    const section = page.getByRole("region", { name: "Modo demostración" });
    await section.getByRole("link", { name: "Pasar a producción" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/ajustes/produccion`);
    const listed = await page.getByTestId("demo-data").textContent();
    expect(listed).toMatch(/\d+ libros del catálogo de demostración/);
    expect(listed).toContain("1 pedido (con sus artículos e historial)");
    expect(listed).toContain("1 suscripción a la Caja Rizoma (con sus cobros)");
    expect(await page.getByText("Los pagos simulados dejan de funcionar.", { exact: false }).count()).toBe(1);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/demo-produccion-390.png", fullPage: true });

    // The confirmation word is checked by the server too.
    await page.getByLabel(/Borrar el catálogo de demostración/).check();
    await page.getByLabel("Escribí PRODUCCION para confirmar.").fill("dale");
    await page.getByRole("button", { name: "Pasar a producción" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Escribí PRODUCCION para confirmar.");
    await page.getByLabel(/Borrar el catálogo de demostración/).check();
    await page.getByLabel("Escribí PRODUCCION para confirmar.").fill("produccion");
    await page.getByRole("button", { name: "Pasar a producción" }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/ajustes?produccion=listo`);
    await expect.poll(() => page.getByText("La tienda pasó a producción").count()).toBe(1);
    expect(await page.getByRole("region", { name: "Modo demostración" }).count()).toBe(0);

    // The storefront: no banner (cached pages were dropped), no explanation page, an empty catalogue.
    await page.goto(`${shop.app.baseUrl}/`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBeGreaterThan(0);
    expect(await banner(page).count()).toBe(0);
    expect((await fetch(`${shop.app.baseUrl}/demostracion`)).status).toBe(404);
    const books = (await (await fetch(`${shop.app.baseUrl}/api/books`)).json()) as { pagination: { total: number } };
    expect(books.pagination.total).toBe(0);
    // The refused confirmation answered 400, as a refused form does.
    shop.acknowledge(page, /status of 400/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("refuses the sandbox from then on, also after a restart", async () => {
    for (const round of ["now", "after a restart"]) {
      if (round === "after a restart") {
        await shop.app.stop();
        // A shop out of demo needs its own SESSION_SECRET in production: without it, start refuses and says so.
        const refused = await startApp(shop.env, { waitReady: false });
        await new Promise((resolve) => refused.process.once("exit", resolve));
        expect(refused.process.exitCode).toBe(1);
        expect(refused.output()).toContain("SESSION_SECRET es obligatoria en producción");
        shop.app = await startApp({ ...shop.env, SESSION_SECRET: "una-clave-de-produccion-larga-y-al-azar" });
        expect(shop.app.output()).not.toContain("Tienda de demostración");
      }
      const subscribe = await fetch(`${shop.app.baseUrl}/api/caja/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: subscription,
      });
      const body = (await subscribe.json()) as { error: string };
      expect(subscribe.status, round).toBe(503);
      expect(body.error).toContain("Los pagos con Mercado Pago no están configurados");
      expect((await fetch(`${shop.app.baseUrl}/pagos/sandbox/sbp-1`)).status, round).toBe(404);
      const home = await (await fetch(`${shop.app.baseUrl}/`)).text();
      expect(home).not.toContain("demostración");
    }
  });
});

describe("a production setup (DEMO_DATA=off)", () => {
  it("never reaches the sandbox and shows no banner", async () => {
    const prodEnv = await appEnv({ DEMO_DATA: "off", SESSION_SECRET: "una-clave-de-produccion-larga-y-al-azar" });
    const prod = await startApp(prodEnv);
    try {
      expect(prod.output()).not.toContain("Tienda de demostración");
      const subscribe = await fetch(`${prod.baseUrl}/api/caja/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: subscription,
      });
      expect(subscribe.status).toBe(503);
      expect(((await subscribe.json()) as { error: string }).error).toContain("no están configurados");
      const home = await (await fetch(`${prod.baseUrl}/`)).text();
      expect(home).not.toContain("demostración");
    } finally {
      await prod.stop();
      removeDataDir(prod.dataDir);
    }
  });
});
