import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { saleBooks } from "../support/shop";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/until";

/*
 * Mi cuenta (issue 20): a guest's order, then sign-in with the e-mailed code, the order in the account and
 * its detail, another person's order as a 404, the 6th wrong code refused, the pages without JavaScript,
 * "Repetir compra" and "Cerrar sesión". The codes are read from what the shop's outbox delivered.
 */

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const shop = browserSuite(() => ({
  NODE_ENV: "test",
  SMTP_URL: smtp.url,
  MAIL_FROM: "Rizoma <hola@rizoma.test>",
}));
afterAll(async () => {
  await smtp?.close();
});

const BUYER = "lectora-cuenta@example.com";
const url = (path: string) => `${shop.app.baseUrl}${path}`;
const DEAD = "El código venció o se usaron los 5 intentos. Pedí uno nuevo.";

/** The code of the newest sign-in letter to `email` delivered after `before` letters. */
async function codeFor(email: string, before: number): Promise<string> {
  const letters = () =>
    smtp.received.filter((m) => m.to === email && /código para entrar/.test(m.parsed.subject ?? ""));
  const letter = await until(() => letters()[before], "the sign-in letter");
  const code = /Tu código para entrar a Rizoma: (\d{6})\. Vence en 15 minutos\./.exec(letter.parsed.text ?? "")?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code ?? "";
}
const lettersTo = (email: string) =>
  smtp.received.filter((m) => m.to === email && /código para entrar/.test(m.parsed.subject ?? "")).length;

/** A guest buys a book through the shop's own pages (card, cart, checkout), paying by transfer, picking it up. */
async function guestOrder(page: Page, email: string): Promise<string> {
  const [book] = await saleBooks(shop.app, 1);
  if (!book) throw new Error("no book for sale");
  await page.goto(url(`/tienda?search=${encodeURIComponent(book.title)}`));
  await hydrated(page);
  const card = page
    .getByTestId("book-card")
    .filter({ has: page.getByRole("heading", { name: book.title, exact: true }) })
    .first();
  await card.getByRole("button", { name: /^COMPRAR/ }).click();
  await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
  await page.goto(url("/checkout"));
  await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
  await hydrated(page);
  await page.getByLabel(/Retiro en persona/).check();
  await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
  await page.getByLabel("Apellido").fill("Pérez");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Teléfono").fill("+54 9 11 5555-1234");
  await page.getByRole("button", { name: "CONFIRMAR PEDIDO" }).click();
  await page.waitForURL(/\/pedido\/RZ-\d{6}\?token=/);
  const number = /\/pedido\/(RZ-\d{6})/.exec(page.url())?.[1] ?? "";
  await page.getByRole("dialog").getByRole("button", { name: "ENTENDIDO" }).click();
  return number;
}

/** Someone else's order, placed through the same API the checkout posts to. */
async function otherOrder(): Promise<string> {
  const [book] = await saleBooks(shop.app, 1);
  const response = await fetch(url("/api/orders"), {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.app.baseUrl },
    body: JSON.stringify({
      items: [{ id: book?.id, quantity: 1 }],
      customer: { firstName: "Otro", lastName: "Lector", email: "otro-lector@example.com", phone: "+54 11 4444-5555" },
      delivery: { method: "pickup" },
      paymentMethod: "transfer",
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { order: { number: string } }).order.number;
}

/** /cuenta sends a visitor to the sign-in page; the email, then the code from the letter, then back in /cuenta. */
async function signIn(page: Page, email: string, javaScript: boolean) {
  await page.goto(url("/cuenta"));
  await page.waitForURL(/\/cuenta\/ingresar\?volver=%2Fcuenta$/);
  if (javaScript) {
    await hydrated(page);
    await expectAccessible(page);
  }
  const before = lettersTo(email);
  const main = page.locator("main");
  await main.getByLabel("Email").fill(email);
  await main.getByRole("button", { name: "Enviarme el código" }).click();
  const codeField = main.getByLabel("Código", { exact: true });
  await codeField.waitFor();
  if (javaScript) await expectAccessible(page);
  await codeField.fill(await codeFor(email, before));
  await main.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL(url("/cuenta"));
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Mis pedidos");
}

describe("Mi cuenta", () => {
  let mine = "";
  let theirs = "";

  it("a guest orders, signs in with the code from the e-mail, sees the order and its detail; another's is a 404", async () => {
    const { page, errors } = await shop.watch({ width: 390, height: 844 });
    mine = await guestOrder(page, BUYER);
    expect(mine).toMatch(/^RZ-\d{6}$/);
    theirs = await otherOrder();

    await signIn(page, BUYER, true);
    await hydrated(page);
    const list = page.locator("main").getByRole("link", { name: new RegExp(mine) });
    await expect.poll(() => list.count()).toBe(1);
    expect(await page.locator("main").getByText(theirs).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/cuenta-390.png", fullPage: true });

    await list.click();
    await page.waitForURL(url(`/cuenta/pedidos/${mine}`));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Pedido ${mine}`);
    expect(await page.getByTestId("order-status").textContent()).toBe("PAGO PENDIENTE");
    const timeline = page.getByTestId("order-timeline");
    expect(await timeline.getByRole("listitem").count()).toBe(4);
    expect(await timeline.textContent()).toContain("Hiciste el pedido");
    expect(await timeline.textContent()).toContain("Pendiente");
    expect(await page.getByRole("heading", { name: "Detalle" }).count()).toBe(1);
    expect(await page.getByTestId("order-total").textContent()).toMatch(/^\$\s[\d.]+(,\d+)?$/);
    // An unpaid transfer: the bank details to pay it, as on the buyer's page.
    expect(await page.locator("main").textContent()).toContain("Hacé la transferencia");
    await hydrated(page);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/cuenta-pedido-390.png", fullPage: true });

    const session = (await page.context().cookies()).find((cookie) => cookie.name === "rizoma_cuenta");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    // Another person's order, and a malformed number: the shop's 404 page.
    for (const number of [theirs, "RZ-12"]) {
      const response = await page.goto(url(`/cuenta/pedidos/${number}`));
      expect(response?.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("404 — Página no encontrada");
    }
    // The JSON list says the same: only this email's orders.
    const listed = await page.evaluate(async () => (await fetch("/api/cuenta/pedidos")).json());
    expect((listed as { orders: { number: string }[] }).orders.map((order) => order.number)).toEqual([mine]);
    expect(errors).toEqual([]);
  });

  it("'Repetir compra' fills the cart with the order's books and goes to the cart; 'Cerrar sesión' signs out", async () => {
    const { page, errors } = await shop.watch({ width: 1280 });
    await signIn(page, BUYER, true);
    await page.goto(url(`/cuenta/pedidos/${mine}`));
    await hydrated(page);
    await page.screenshot({ path: "/tmp/cuenta-pedido-1280.png", fullPage: true });
    await page.getByRole("button", { name: "Repetir compra" }).click();
    await page.waitForURL(url("/carrito"));
    const notice = page.getByTestId("reorder-notice");
    await expect.poll(() => notice.textContent()).toContain(`del pedido ${mine} que sigue a la venta`);
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/cuenta-repetir-1280.png", fullPage: true });

    await page.goto(url("/cuenta"));
    await hydrated(page);
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(url("/"));
    expect((await page.context().cookies()).some((cookie) => cookie.name === "rizoma_cuenta")).toBe(false);
    await page.goto(url("/cuenta"));
    await page.waitForURL(/\/cuenta\/ingresar/);
    expect(errors).toEqual([]);
  });

  it("refuses a 6th wrong code in Spanish, and then the right one too", async () => {
    const email = "adivina-cuenta@example.com";
    const { page } = await shop.watch({ width: 390, height: 844 });
    await page.goto(url("/cuenta/ingresar"));
    await hydrated(page);
    const main = page.locator("main");
    const before = lettersTo(email);
    await main.getByLabel("Email").fill(email);
    await main.getByRole("button", { name: "Enviarme el código" }).click();
    const code = await codeFor(email, before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const expected: [number, string][] = [
      [422, "El código no es correcto. Te quedan 4 intentos."],
      [422, "El código no es correcto. Te quedan 3 intentos."],
      [422, "El código no es correcto. Te quedan 2 intentos."],
      [422, "El código no es correcto. Te queda 1 intento."],
      [410, DEAD],
      [410, DEAD],
    ];
    for (const [status, message] of expected) {
      await main.getByLabel("Código", { exact: true }).fill(wrong);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/cuenta/ingresar")),
        main.getByRole("button", { name: "Entrar", exact: true }).click(),
      ]);
      expect(answer.status()).toBe(status);
      await expect.poll(() => main.getByRole("alert").textContent()).toBe(message);
    }
    await main.getByLabel("Código", { exact: true }).fill(code);
    await main.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect.poll(() => main.getByRole("alert").textContent()).toBe(DEAD);
    expect(page.url()).toContain("/cuenta/ingresar");
    await expectAccessible(page);
    // The refusals (422, then 410) are the page's data requests: Chromium logs their status.
    shop.acknowledge(page, /status of 4(22|10)/);
  });

  it("works without JavaScript: sign-in, the orders, the detail, 'Repetir compra' says why not, and signing out", async () => {
    const { page, errors } = await shop.watch({ width: 390, height: 844, javaScriptEnabled: false });
    await signIn(page, BUYER, false);
    await page.getByRole("link", { name: new RegExp(mine) }).click();
    await page.waitForURL(url(`/cuenta/pedidos/${mine}`));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Pedido ${mine}`);
    expect(await page.getByTestId("order-timeline").getByRole("listitem").count()).toBe(4);
    await page.getByRole("button", { name: "Repetir compra" }).click();
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toContain("Tu carrito se guarda en este navegador y necesita JavaScript");
    const notFound = await page.goto(url(`/cuenta/pedidos/${theirs}`));
    expect(notFound?.status()).toBe(404);

    await page.goto(url("/cuenta"));
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(url("/"));
    await page.goto(url("/cuenta"));
    await page.waitForURL(/\/cuenta\/ingresar/);
    expect(errors).toEqual([]);
  });
});
