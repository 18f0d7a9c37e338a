import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~db/schema";
import { openMigratedDatabase } from "../../server/open-database";
import { startApp } from "../support/app-server";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";

const root = path.resolve(import.meta.dirname, "../..");

// The botón de arrepentimiento from the buyer's side (Disposición 954/2025): the header link at first
// view on a phone, the form without JavaScript, the código de gestión on the page and in the outbox.
const admin = { email: "arrepentimiento@rizoma.com.ar", password: "clave-de-prueba-arrepentimiento" };
const SHOP = "avisos@rizoma.test";
const shop = browserSuite({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SHOP_NOTIFY_EMAIL: SHOP });

const LINK = "Botón de arrepentimiento";
const CODE = /ARR-[2-9A-HJ-NP-Z]{8}/;

async function adminCookie(): Promise<string> {
  const login = await fetch(`${shop.app.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** An order placed through the shop's API (a transfer, picked up), then paid, shipped and delivered by the admin. */
async function deliveredOrder(cookie: string, email: string): Promise<string> {
  const { books } = (await fetch(`${shop.app.baseUrl}/api/books?limit=1`).then((r) => r.json())) as {
    books: { id: number }[];
  };
  const placed = await fetch(`${shop.app.baseUrl}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      items: [{ id: books[0]?.id, quantity: 1 }],
      customer: { firstName: "Lucía", lastName: "Pérez", email, phone: "+54 9 11 5555-1234" },
      delivery: { method: "pickup" },
      paymentMethod: "transfer",
    }),
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { order } = (await placed.json()) as { order: { number: string } };
  for (const step of ["confirm-payment", "ship", "deliver"]) {
    const response = await fetch(`${shop.app.baseUrl}/api/admin/orders/${order.number}/${step}`, {
      method: "POST",
      headers: { origin: shop.app.baseUrl, cookie },
    });
    expect(response.status, `${step}: ${await response.clone().text()}`).toBe(200);
  }
  return order.number;
}

/** While the server is stopped (PGlite has one owner): the order was delivered at `when`. */
async function deliveredAt(number: string, when: string) {
  await shop.app.stop();
  const { database, close } = await openMigratedDatabase(
    { databaseUrl: shop.env.DATABASE_URL, dataDir: path.resolve(root, shop.env.DATA_DIR ?? "") },
    root,
  );
  await database.db
    .update(orders)
    .set({ deliveredAt: new Date(when) })
    .where(eq(orders.number, number));
  await close();
  shop.app = await startApp(shop.env);
}

interface OutboxMessage {
  template: string;
  to: string;
  subject: string;
}

async function outbox(cookie: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${shop.app.baseUrl}/api/admin/mail`, { headers: { cookie } });
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

describe("botón de arrepentimiento", () => {
  it("is in the header of the home at first view on a phone, once, and leads to the form", async () => {
    const { page } = await shop.visit("/", { width: 390, height: 844 });
    const link = page.locator("header").getByRole("link", { name: LINK });
    expect(await link.count()).toBe(1);
    expect(await link.isVisible()).toBe(true);
    const box = await link.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await hydrated(page);
    await link.click();
    await page.waitForURL(`${shop.app.baseUrl}/arrepentimiento`);
    // A client-side navigation: the address changes before the new page has rendered.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(LINK);
    expect(await page.title()).toContain(LINK);
    await expectAccessible(page);
  });

  it("works without JavaScript: the code on the page and in the buyer's e-mail, once", async () => {
    const cookie = await adminCookie();
    const email = "lucia.arrepentida@example.com";
    const number = await deliveredOrder(cookie, email);

    const { page } = await shop.visit("/arrepentimiento", { width: 390, javaScriptEnabled: false });
    // A wrong e-mail: the same answer as an unknown order, and what was typed stays.
    await page.getByLabel("Número de pedido").fill(number.toLowerCase());
    await page.getByLabel("Email").fill("otra@example.com");
    await page.getByLabel("Motivo (opcional)").fill("Me lo regalaron repetido");
    await page.getByRole("button", { name: "ARREPENTIRME DE LA COMPRA" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toBe(
      "No encontramos un pedido con ese número y ese email. Revisá los datos del correo de confirmación.",
    );
    shop.acknowledge(page, /status of 404/);
    expect(await page.getByLabel("Número de pedido").inputValue()).toBe(number.toLowerCase());
    expect(await page.getByLabel("Motivo (opcional)").inputValue()).toBe("Me lo regalaron repetido");

    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "ARREPENTIRME DE LA COMPRA" }).click();
    await page.waitForURL(/\/arrepentimiento\/listo\?/);
    const code = new URL(page.url()).searchParams.get("codigo") ?? "";
    expect(code).toMatch(CODE);
    const status = page.getByRole("status");
    expect(await status.textContent()).toContain("Código de gestión");
    expect(await status.textContent()).toContain(code);
    expect(await page.getByRole("main").textContent()).toContain("Para devolvernos los libros");
    await page.reload();
    expect(await page.getByRole("status").textContent()).toContain(code);

    const messages = await outbox(cookie);
    const buyer = messages.filter((message) => message.template === "withdrawal-received");
    expect(buyer).toEqual([
      expect.objectContaining({ to: email, subject: `Recibimos tu arrepentimiento — pedido ${number}` }),
    ]);
    expect(messages.filter((message) => message.template === "withdrawal-shop")).toEqual([
      expect.objectContaining({ to: SHOP }),
    ]);

    // Asking again (here through the API) answers the same code and sends nothing new.
    const again = await fetch(`${shop.app.baseUrl}/api/arrepentimiento`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderNumber: number, email }),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ success: true, code });
    expect((await outbox(cookie)).filter((message) => message.template.startsWith("withdrawal-"))).toHaveLength(2);

    // The confirmation page passes the accessibility check (with JavaScript, which axe needs).
    const { page: withJs } = await shop.visit(new URL(page.url()).pathname + new URL(page.url()).search, {
      width: 390,
    });
    await expectAccessible(withJs);
  });

  it("a window ending on a movable holiday closes on the next working day, and Ajustes adds a date", async () => {
    const email = "feriado.trasladado@example.com";
    const number = await deliveredOrder(await adminCookie(), email);
    // Delivered Friday 13 November 2026: the 10th day is Monday 23, the Día de la Soberanía Nacional (Friday
    // 20/11 moved by Ley 27.399 art. 6), so the last day was Tuesday 24.
    await deliveredAt(number, "2026-11-13T12:00:00-03:00");
    const { page } = await shop.visit("/arrepentimiento", { width: 1280 });
    await hydrated(page);
    await page.getByLabel("Número de pedido").fill(number);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "ARREPENTIRME DE LA COMPRA" }).click();
    shop.acknowledge(page, /status of 409/);
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toContain(
        "lo recibiste el 13 de noviembre de 2026 y el plazo para arrepentirte venció el 24 de noviembre de 2026",
      );
    await expectAccessible(page);

    // The admin adds a day off the table does not know: the window runs one day more.
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/ajustes");
    await hydrated(page);
    const holidays = page.getByRole("region", { name: "Feriados" });
    await holidays
      .getByLabel("Feriados y días no laborables agregados")
      .fill("24/11/2026 = Día no laborable de prueba");
    await holidays.getByRole("button", { name: "Guardar feriados" }).click();
    await page.waitForURL(/guardado=holidays/);
    await expect.poll(() => holidays.getByRole("status").textContent()).toContain("Ajustes guardados");
    expect(await holidays.getByLabel("Feriados y días no laborables agregados").inputValue()).toBe(
      "2026-11-24 = Día no laborable de prueba",
    );
    await expectAccessible(page);
    const again = await fetch(`${shop.app.baseUrl}/api/arrepentimiento`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderNumber: number, email }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain("venció el 25 de noviembre de 2026");
    // The refusal (409) was the form's data request: Chromium logs its status (and may log it late).
    shop.acknowledge(page, /status of 409/);
  });

  it("the header link fits a desktop header too", async () => {
    const { page } = await shop.visit("/tienda", { width: 1280 });
    const link = page.locator("header").getByRole("link", { name: LINK });
    expect(await link.count()).toBe(1);
    const box = await link.boundingBox();
    const header = await page.locator("header").boundingBox();
    expect(box && header && box.y >= header.y && box.y + box.height <= header.y + header.height).toBe(true);
  });
});
