import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, hydrated, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { type FakeMercadoPago, startFakeMercadoPago } from "../support/fake-mercadopago";
import { payOrderAtFake } from "../support/mercadopago-notify";
import { saleBooks } from "../support/shop";

const admin = { email: "arrepentimientos@rizoma.com.ar", password: "clave-de-prueba-arrepentimientos" };
const WEBHOOK_SECRET = "secreto-de-prueba-arrepentimiento";
const REASON = "Me regalaron el mismo libro";

let mp: FakeMercadoPago;
beforeAll(async () => {
  mp = await startFakeMercadoPago();
});
afterAll(() => mp?.close());

// The real Mercado Pago client against the fake (credentials set): the refund is a real HTTP call.
const shop = browserSuite(() => ({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  MP_API_BASE: mp.url,
  MP_ACCESS_TOKEN: mp.token,
  MP_WEBHOOK_SECRET: WEBHOOK_SECRET,
}));

/**
 * The buyer's request, as a buyer makes it: on a phone, from the header's link on the home page, with the
 * order's number and e-mail. Returns the código de gestión the confirmation page shows.
 */
async function requestWithdrawal(number: string, email: string): Promise<string> {
  const { page } = await shop.visit("/", { width: 390, height: 844 });
  const link = page.locator("header").getByRole("link", { name: "Botón de arrepentimiento" });
  expect(await link.isVisible()).toBe(true);
  await link.click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Botón de arrepentimiento");
  await page.getByLabel("Número de pedido").fill(number);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Motivo (opcional)").fill(REASON);
  await page.getByRole("button", { name: "ARREPENTIRME DE LA COMPRA" }).click();
  await page.waitForURL(/\/arrepentimiento\/listo\?/);
  const code = new URL(page.url()).searchParams.get("codigo") ?? "";
  expect(code).toMatch(/^ARR-[A-Z2-9]{8}$/);
  expect(await page.getByRole("status").textContent()).toContain(code);
  return code;
}

describe("the admin resolves a withdrawal", () => {
  it("cancels and refunds a Mercado Pago order from its page: one refund at MP, the stock back", async () => {
    const [book] = await saleBooks(shop.app, 1);
    if (!book) throw new Error("no book for sale");
    const placed = await fetch(`${shop.app.baseUrl}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: [{ id: book.id, quantity: 2 }],
        customer: {
          firstName: "Ana",
          lastName: "Pérez",
          email: "arrepentida@example.com",
          phone: "+54 9 11 5555-1234",
        },
        delivery: { method: "pickup" },
        paymentMethod: "mercadopago",
      }),
    });
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as { order: { number: string } };
    const paymentId = await payOrderAtFake(mp, shop.app.baseUrl, WEBHOOK_SECRET, order.number);
    const CODE = await requestWithdrawal(order.number, "arrepentida@example.com");

    const { page, errors } = await shop.watch({ width: 1280 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/pedidos");
    const stockNow = async () => {
      const answer = await page.request.get(`${shop.app.baseUrl}/api/admin/books/${book.id}`);
      return ((await answer.json()) as { book: { stock: number } }).book.stock;
    };
    const stockAfterOrder = await stockNow();
    const row = page.getByTestId("order-row").filter({ hasText: order.number });
    expect(await row.getByText("Arrepentimiento solicitado").count()).toBe(1);

    await row.getByRole("link", { name: order.number }).click();
    await page.waitForURL(`${shop.app.baseUrl}/admin/pedidos/${order.number}`);
    await hydrated(page);
    const panel = page.getByRole("region", { name: "Arrepentimiento" });
    expect(await panel.getByText(CODE).count()).toBe(1);
    expect(await panel.getByTestId("withdrawal-status").textContent()).toBe("Solicitado");
    expect(await panel.getByText(REASON).count()).toBe(1);
    // The buyer's e-mail with the code went out at once, and the shop's notice.
    const mail = await page.request.get(`${shop.app.baseUrl}/api/admin/mail`);
    const messages = ((await mail.json()) as { messages: { to: string; subject: string }[] }).messages;
    expect(messages).toContainEqual(
      expect.objectContaining({
        to: "arrepentida@example.com",
        subject: `Recibimos tu arrepentimiento — pedido ${order.number}`,
      }),
    );
    await expectAccessible(page);

    await panel.getByRole("button", { name: "Cancelar el pedido" }).click();
    await expect.poll(() => page.getByText("Pedido cancelado por arrepentimiento").count()).toBe(1);
    expect(await page.getByTestId("admin-order-status").textContent()).toBe("CANCELADO");
    expect(await panel.getByTestId("withdrawal-status").textContent()).toBe("Pedido cancelado");
    expect(await stockNow()).toBe(stockAfterOrder + 2);

    await panel.getByRole("button", { name: "Reembolsar" }).click();
    await expect.poll(() => page.getByText("Reembolso hecho").count()).toBe(1);
    expect(await panel.getByTestId("withdrawal-status").textContent()).toBe("Reembolsado");
    const refunds = [...mp.refunds.values()];
    expect(refunds).toHaveLength(1);
    expect(String(refunds[0]?.payment_id)).toBe(paymentId);
    expect(await panel.getByText(String(refunds[0]?.id)).count()).toBe(1);
    expect(await panel.getByRole("button", { name: "Reembolsar" }).count()).toBe(0);

    await page.goto(`${shop.app.baseUrl}/admin/arrepentimientos`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Arrepentimientos");
    const listed = page.getByTestId("withdrawal-row").filter({ hasText: CODE });
    expect(await listed.getByText("Reembolsado").count()).toBe(1);
    expect(await listed.getByRole("link", { name: order.number }).count()).toBe(1);
    await expectAccessible(page);
    expect(mp.refunds.size).toBe(1);
    expect(errors).toEqual([]);
  });
});
