import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldAccents } from "~/lib/text";
import { expectAccessible, signInAsAdmin } from "../support/browser";
import { browserSuite } from "../support/e2e";
import { type FakeMercadoPago, startFakeMercadoPago } from "../support/fake-mercadopago";
import { notifyOrder } from "../support/mercadopago-notify";
import { saleBooks } from "../support/shop";

/**
 * Issue 35 "Done when": a Mercado Pago QR sale completes on the fake's notification — through the API the sale
 * page uses (its screen comes with the sale page): a signed-in admin records the sale, the buyer pays the QR
 * at (the fake) Mercado Pago, MP notifies the shop, the sale reads paid, and the buyer's receipt page shows the
 * invoice on its way or issued (the demo's ARCA sandbox). docs/decisions/0051.
 */
const admin = { email: "mostrador@rizoma.com.ar", password: "clave-de-prueba-mostrador" };
const WEBHOOK_SECRET = "secreto-de-prueba-qr";
const POS = "RIZOMA-MOSTRADOR";

let mp: FakeMercadoPago;
beforeAll(async () => {
  mp = await startFakeMercadoPago();
});
afterAll(() => mp?.close());

// The real Mercado Pago client against the fake (credentials set): the QR is a real HTTP call.
const shop = browserSuite(() => ({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  MP_API_BASE: mp.url,
  MP_ACCESS_TOKEN: mp.token,
  MP_WEBHOOK_SECRET: WEBHOOK_SECRET,
  MP_QR_POS_ID: POS,
  MP_TIMEOUT_MS: "5000",
}));

async function api(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${shop.app.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, response, json: JSON.parse(text) };
}

describe("a Mercado Pago QR sale at the counter", () => {
  it("is recorded with its QR, completes on Mercado Pago's notification, and its receipt shows the invoice", async () => {
    const login = await api("/api/auth/login", { body: admin });
    expect(login.status).toBe(200);
    const cookie = (login.response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const [book] = await saleBooks(shop.app, 1);
    if (!book) throw new Error("no book for sale");

    const created = await api("/api/admin/ventas", {
      cookie,
      body: { clientId: crypto.randomUUID(), items: [{ id: book.id, quantity: 1 }], payment: "mercadopago_qr" },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const sale = created.json.sale;
    expect(sale).toMatchObject({ status: "pending_payment", payment: "mercadopago_qr" });
    expect(sale.qr.data).toMatch(/^000201/);
    const order = [...mp.orders.values()].find((candidate) => candidate.external_reference === sale.number);
    if (!order) throw new Error("no QR order at Mercado Pago");
    expect(order.config?.qr).toEqual({ external_pos_id: POS, mode: "dynamic" });

    // The page polls: still waiting.
    const waiting = await api(`/api/admin/ventas/${sale.number}`, { cookie });
    expect(waiting.json.sale).toMatchObject({ status: "pending_payment", qr: { data: sale.qr.data } });

    // The buyer scans and pays; Mercado Pago notifies the shop (twice, as it may).
    mp.payOrder(order.id);
    const notices = await Promise.all([
      notifyOrder(shop.app.baseUrl, WEBHOOK_SECRET, order.id),
      notifyOrder(shop.app.baseUrl, WEBHOOK_SECRET, order.id),
    ]);
    expect(notices.map((notice) => notice.status)).toEqual([200, 200]);
    const paid = await api(`/api/admin/ventas/${sale.number}`, { cookie });
    expect(paid.json.sale).toMatchObject({ status: "paid", qr: null });
    expect(paid.json.sale.invoice).not.toBeNull();

    // The buyer's receipt (the QR the seller shows next): paid, with its invoice queued or issued by ARCA.
    const receipt = new URL(paid.json.sale.receiptUrl);
    const { page, status } = await shop.visit(`${receipt.pathname}${receipt.search}`, { width: 390, height: 844 });
    expect(status).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Comprobante ${sale.number}`);
    expect(await page.getByText("Esperando la confirmación del pago").count()).toBe(0);
    const vouchers = page.getByTestId("order-vouchers");
    await expect.poll(() => vouchers.textContent()).toMatch(/Factura/);
    await expect
      .poll(async () => {
        await page.reload();
        return (await page.getByTestId("order-vouchers").textContent()) ?? "";
      })
      .toMatch(/Factura [ABC]|Descargar PDF/);
    await expectAccessible(page);
  });

  it("is cancelled by the seller: the QR is cancelled at Mercado Pago and the book goes back to the shelf", async () => {
    const login = await api("/api/auth/login", { body: admin });
    const cookie = (login.response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const [book] = await saleBooks(shop.app, 1);
    if (!book) throw new Error("no book for sale");
    const stock = async () => (await api(`/api/admin/books/${book.id}`, { cookie })).json.book.stock as number;
    const before = await stock();
    const created = await api("/api/admin/ventas", {
      cookie,
      body: { clientId: crypto.randomUUID(), items: [{ id: book.id, quantity: 1 }], payment: "mercadopago_qr" },
    });
    expect(created.status).toBe(201);
    expect(await stock()).toBe(before - 1);
    const cancelled = await api(`/api/admin/ventas/${created.json.sale.number}/cancelar`, { cookie, method: "POST" });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json.sale.status).toBe("cancelled");
    expect(await stock()).toBe(before);
    const order = [...mp.orders.values()].find((o) => o.external_reference === created.json.sale.number);
    expect(order?.status).toBe("canceled");
  });

  it("on the sale page at 390 px: the QR is shown, the page turns paid on the notification, and a cancelled QR says so", async () => {
    const [book, other] = await saleBooks(shop.app, 2);
    if (!book || !other) throw new Error("two books for sale");
    const page = await shop.open({ width: 390, height: 844 });
    await signInAsAdmin(page, shop.app.baseUrl, admin, "/admin/venta");
    await page.getByRole("heading", { name: "Vender", level: 1 }).waitFor();
    await page.getByText(/\d+ libros en el catálogo/).waitFor();
    const sell = async (title: string) => {
      await page
        .getByRole("searchbox", { name: "Buscá por título, autor o ISBN" })
        .fill(foldAccents(title).toLowerCase());
      await page
        .getByRole("list", { name: "Resultados" })
        .getByRole("button", { name: /Agregar «/ })
        .first()
        .click();
      await page.getByRole("radio", { name: /QR de Mercado Pago/ }).check({ force: true });
      await page.getByRole("button", { name: /^Cobrar \$/ }).click();
      await page.getByRole("heading", { name: "Cobro con QR de Mercado Pago" }).waitFor();
      const image = page.getByRole("img", { name: /^Código QR de Mercado Pago para pagar la venta VT-\d+$/ });
      await image.waitFor();
      const name = await image.evaluate((element) => element.getAttribute("alt") ?? element.getAttribute("aria-label"));
      return (name ?? "").replace(/^.* /, "");
    };

    const number = await sell(book.title);
    await expectAccessible(page);
    const order = [...mp.orders.values()].find((candidate) => candidate.external_reference === number);
    if (!order) throw new Error("no QR order at Mercado Pago");
    mp.payOrder(order.id);
    expect((await notifyOrder(shop.app.baseUrl, WEBHOOK_SECRET, order.id)).status).toBe(200);
    await page.getByRole("heading", { name: "Venta cobrada" }).waitFor();

    await page.getByRole("button", { name: "Nueva venta" }).click();
    const second = await sell(other.title);
    await page.getByRole("button", { name: "Cancelar el cobro" }).click();
    await page.getByRole("heading", { name: "El QR ya no sirve" }).waitFor();
    const cancelled = [...mp.orders.values()].find((candidate) => candidate.external_reference === second);
    expect(cancelled?.status).toBe("canceled");
    await expectAccessible(page);
  });
});
