import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decideSandboxPayment, sandboxCheckout } from "~/domain/payments/sandbox-checkout.server";
import { updateSection } from "~/domain/settings/settings.server";
import { createMercadoPago } from "~/integrations/mercadopago/index.server";
import { signNotification } from "~/integrations/mercadopago/signature.server";
import type { NewQrOrder } from "~/integrations/mercadopago/types";
import { logger } from "~/lib/logger.server";
import { auditLog, books, invoices, mailOutbox, sales, stockMovements } from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import {
  liveMercadoPago,
  MP_WEBHOOK_SECRET,
  mercadoPagoWithoutCredentials,
  QR_POS_ID,
} from "../../../../tests/support/mercadopago-link";
import * as webhookRoute from "../webhooks/mercadopago";
import * as saleRoute from "./venta";
import * as cancelRoute from "./venta-cancelar";
import * as salesRoute from "./ventas";

/**
 * Issue 35 item 1, docs/decisions/0051: a Mercado Pago QR sale against the fake Mercado Pago (the real client
 * over HTTP): recorded and given its QR, completed by Mercado Pago's `order` notification however many times
 * and in whatever order it comes, cancelled with its stock back when the QR cannot be made, expires, or the
 * seller gives up; money that does not settle the sale is flagged (and refunded when the sale is gone).
 */
const { db, admin, call } = await adminTestDatabase();
// One retry, and a timeout a loaded two-core machine still answers well within (slow answers go past it).
const { fake, live } = await liveMercadoPago(db, { retries: 1, timeoutMs: 1500 });
const mp = { mercadoPago: live };

async function book(stock = 10, priceCents = 2_000_000) {
  const [row] = await db
    .insert(books)
    .values({ title: `Libro ${randomUUID()}`, slug: `libro-${randomUUID()}`, priceCents, stock })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

const json = { "content-type": "application/json" };
const sell = (body: object, context: object = mp) =>
  call(salesRoute.action, "/api/admin/ventas", { method: "POST", body: JSON.stringify(body), headers: json, context });
const qrSale = (items: { id: number; quantity: number; price?: number }[], extra: object = {}) =>
  sell({ clientId: randomUUID(), items, payment: "mercadopago_qr", ...extra });
const read = (number: string) =>
  call(saleRoute.loader, `/api/admin/ventas/${number}`, { params: { number }, context: mp });
const cancel = (number: string) =>
  call(cancelRoute.action, `/api/admin/ventas/${number}/cancelar`, { method: "POST", params: { number }, context: mp });

/** Mercado Pago's notification, signed as MP signs it; the body says only what MP's says. */
function notify(dataId: string, type = "order", action = "order.processed") {
  const requestId = randomUUID();
  return call(webhookRoute.action, `/api/webhooks/mercadopago?data.id=${dataId}&type=${type}`, {
    asAdmin: false,
    method: "POST",
    body: JSON.stringify({ type, action, data: { id: dataId } }),
    headers: {
      ...json,
      "x-request-id": requestId,
      "x-signature": signNotification(MP_WEBHOOK_SECRET, { dataId, requestId }),
    },
    context: mp,
  });
}

const stockOf = async (id: number) =>
  (await db.select({ stock: books.stock }).from(books).where(eq(books.id, id)))[0]?.stock;
const saleRow = async (number: string) => {
  const [row] = await db.select().from(sales).where(eq(sales.number, number));
  if (!row) throw new Error(`no sale ${number}`);
  return row;
};
const movementsOf = async (saleId: number) =>
  (
    await db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.saleId, saleId))
  ).sort((a, b) => a.delta - b.delta);
const receiptMails = (to: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, "sale-receipt")));
const orderOf = async (number: string) => {
  const order = fake.orders.get((await saleRow(number)).providerOrderId ?? "");
  if (!order) throw new Error(`no order for ${number}`);
  return order;
};

async function withInvoicing<T>(run: () => Promise<T>): Promise<T> {
  await updateSection(db, admin, "fiscal", {
    legalName: "Rizoma Libros S.R.L.",
    cuit: "30-71654321-4",
    taxCondition: "responsable_inscripto",
    legalAddress: "Thames 1234, CABA",
  });
  await updateSection(db, admin, "invoicing", { enabled: true, pointOfSale: 3, identifyConsumerFrom: 10_000_000 });
  try {
    return await run();
  } finally {
    await updateSection(db, admin, "invoicing", {
      enabled: false,
      pointOfSale: null,
      identifyConsumerFrom: 10_000_000,
    });
  }
}

describe("a Mercado Pago QR sale", () => {
  it("gets a dynamic QR for its total, is paid on Mercado Pago's notification: one invoice, one receipt e-mail", async () => {
    await withInvoicing(async () => {
      const a = await book(5, 1_550_050);
      const b = await book(5, 1_000_000);
      const clientId = randomUUID();
      const created = await sell({
        clientId,
        items: [
          { id: a.id, quantity: 2 },
          { id: b.id, quantity: 1 },
        ],
        discountPercent: 10,
        payment: "mercadopago_qr",
        customer: { email: "lectora@example.com" },
      });
      expect(created.status).toBe(201);
      const sale = created.body.sale;
      expect(sale).toMatchObject({
        status: "pending_payment",
        payment: "mercadopago_qr",
        total: 36_900.9,
        invoice: null,
      });
      expect(sale.qr.data).toMatch(/^000201/);
      const expires = Date.parse(sale.qr.expiresAt) - Date.now();
      expect(expires).toBeGreaterThan(13 * 60_000);
      expect(expires).toBeLessThanOrEqual(15 * 60_000);
      expect(await stockOf(a.id)).toBe(3);

      // What the shop asked Mercado Pago for: a dynamic QR at the shop's point of sale, the sale's clientId as key.
      const request = fake.requests.find(
        (r) => r.path === "/v1/orders" && r.method === "POST" && r.headers["x-idempotency-key"] === clientId,
      );
      const body = request?.body as NewQrOrder;
      expect(body).toMatchObject({
        type: "qr",
        total_amount: "36900.90",
        external_reference: sale.number,
        expiration_time: "PT15M",
        config: { qr: { external_pos_id: QR_POS_ID, mode: "dynamic" } },
        transactions: { payments: [{ amount: "36900.90" }] },
      });
      const itemsCents = body.items.reduce(
        (sum, item) => sum + Math.round(Number(item.unit_price) * 100) * item.quantity,
        0,
      );
      expect(itemsCents).toBe(3_690_090);

      // Nothing paid yet: polling answers it waiting, no invoice, no e-mail.
      const waiting = await read(sale.number);
      expect(waiting.body.sale).toMatchObject({ status: "pending_payment", qr: { data: sale.qr.data } });

      const order = fake.payOrder((await saleRow(sale.number)).providerOrderId ?? "");
      const answer = await notify(order.id);
      expect(answer.status).toBe(200);
      const paid = await read(sale.number);
      expect(paid.body.sale).toMatchObject({ status: "paid", qr: null, paymentIssue: null });
      expect(paid.body.sale.invoice).toMatchObject({ status: expect.any(String) });
      const row = await saleRow(sale.number);
      expect(row.providerPaymentId).toBe(order.transactions?.payments?.[0]?.id);
      expect(row.paidAt).not.toBeNull();
      expect(await db.select().from(invoices).where(eq(invoices.saleId, row.id))).toHaveLength(1);
      expect(await receiptMails("lectora@example.com")).toHaveLength(1);

      // The phone sends the same sale again: the same, now paid, sale (200), never a second QR.
      const again = await sell({
        clientId,
        items: [{ id: a.id, quantity: 2 }],
        payment: "mercadopago_qr",
      });
      expect(again.status).toBe(200);
      expect(again.body.sale).toMatchObject({ number: sale.number, status: "paid" });
      expect(await stockOf(a.id)).toBe(3);
    });
  });

  it("settles 10 duplicate, concurrent and out-of-order notifications in the database: one paid, one invoice, one e-mail", async () => {
    await withInvoicing(async () => {
      const a = await book(4);
      const { body } = await qrSale([{ id: a.id, quantity: 1 }], { customer: { email: "duplicada@example.com" } });
      const order = fake.payOrder((await saleRow(body.sale.number)).providerOrderId ?? "");
      const paymentRef = order.transactions?.payments?.[0]?.reference?.id ?? "";
      // MP's payment of the order (what a `payment` notification names) answers the sale's reference.
      fake.payments.set(paymentRef, {
        id: Number(paymentRef),
        status: "approved",
        external_reference: body.sale.number,
        transaction_amount: 20_000,
      });
      const answers = await Promise.all([
        ...Array.from({ length: 7 }, () => notify(order.id)),
        notify(order.id, "order", "order.expired"), // a stale action: the order's state decides
        notify(order.id, "order", "order.action_required"),
        notify(paymentRef, "payment", "payment.created"),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      const row = await saleRow(body.sale.number);
      expect(row.status).toBe("paid");
      expect(await db.select().from(invoices).where(eq(invoices.saleId, row.id))).toHaveLength(1);
      expect(await receiptMails("duplicada@example.com")).toHaveLength(1);
      expect(await movementsOf(row.id)).toEqual([{ delta: -1, reason: "sale" }]);
    });
  });

  it("is completed by the page's polling when Mercado Pago's notification never comes", async () => {
    const a = await book(2);
    const { body } = await qrSale([{ id: a.id, quantity: 1 }]);
    fake.payOrder((await saleRow(body.sale.number)).providerOrderId ?? "");
    const polled = await read(body.sale.number);
    expect(polled.body.sale.status).toBe("paid");
  });

  it("is cancelled with its stock back, and answers 502 in Spanish, when Mercado Pago fails to make the QR", async () => {
    const a = await book(3);
    fake.failNext(2, 500); // the first try and its retry
    const clientId = randomUUID();
    const payload = { clientId, items: [{ id: a.id, quantity: 2 }], payment: "mercadopago_qr" };
    const failed = await sell(payload);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, code: "qr_failed" });
    expect(failed.body.error).toMatch(/^No pudimos generar el QR de Mercado Pago/);
    expect(await stockOf(a.id)).toBe(3);
    const [row] = await db.select().from(sales).where(eq(sales.clientId, clientId));
    expect(row).toMatchObject({ status: "cancelled", providerOrderId: null, qrData: null });
    expect(await movementsOf(row?.id ?? 0)).toEqual([
      { delta: -2, reason: "sale" },
      { delta: 2, reason: "sale_cancelled" },
    ]);
    // The phone retries the same clientId: the same failure, never the dead sale as a success, nothing sold.
    const replay = await sell(payload);
    expect(replay.status).toBe(502);
    expect(replay.body.code).toBe("qr_failed");
    expect(await stockOf(a.id)).toBe(3);
    expect(await db.select().from(sales).where(eq(sales.clientId, clientId))).toHaveLength(1);
    // A new clientId is a new sale, and Mercado Pago is back.
    const retried = await qrSale([{ id: a.id, quantity: 2 }]);
    expect(retried.status).toBe(201);
    expect(await stockOf(a.id)).toBe(1);
  });

  it("answers 504 when Mercado Pago does not answer in time, even if it made the QR: no sale is left waiting", async () => {
    const a = await book(3);
    fake.slowNext(2, 2_500);
    const slow = await qrSale([{ id: a.id, quantity: 1 }]);
    expect(slow.status).toBe(504);
    expect(slow.body.error).toMatch(/^No pudimos generar el QR de Mercado Pago: no respondió a tiempo/);
    expect(await stockOf(a.id)).toBe(3);

    // MP made the order but its answer came too late: the QR never reached the phone, nobody can pay it.
    fake.lateNext(2, 2_500);
    const clientId = randomUUID();
    const late = await sell({ clientId, items: [{ id: a.id, quantity: 1 }], payment: "mercadopago_qr" });
    expect(late.status).toBe(504);
    const [row] = await db.select().from(sales).where(eq(sales.clientId, clientId));
    expect(row?.status).toBe("cancelled");
    const made = [...fake.orders.values()].find((order) => order.external_reference === row?.number);
    expect(made?.status).toBe("created");
    // Its expiry, notified later, changes nothing.
    fake.expireOrder(made?.id ?? "");
    expect((await notify(made?.id ?? "", "order", "order.expired")).status).toBe(200);
    expect(await stockOf(a.id)).toBe(3);
    expect(
      (await db.select().from(sales).where(eq(sales.status, "pending_payment"))).map((s) => s.number),
    ).not.toContain(row?.number);
  });

  it("is cancelled by the seller: cancelled at Mercado Pago first, then its stock returns; twice is the same", async () => {
    const a = await book(6);
    const { body } = await qrSale([{ id: a.id, quantity: 2 }]);
    expect(await stockOf(a.id)).toBe(4);
    const cancelled = await cancel(body.sale.number);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.sale).toMatchObject({ status: "cancelled", qr: null });
    expect(await stockOf(a.id)).toBe(6);
    expect((await orderOf(body.sale.number)).status).toBe("canceled");
    const row = await saleRow(body.sale.number);
    expect(row.cancelledAt).not.toBeNull();
    expect(await movementsOf(row.id)).toEqual([
      { delta: -2, reason: "sale" },
      { delta: 2, reason: "sale_cancelled" },
    ]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sale.cancel"), eq(auditLog.entityId, body.sale.number)));
    expect(audit).toHaveLength(1);
    const again = await cancel(body.sale.number);
    expect(again.status).toBe(200);
    expect(await stockOf(a.id)).toBe(6);
  });

  it("keeps waiting when Mercado Pago cannot cancel the QR, and is paid, not cancelled, when the buyer already paid", async () => {
    const a = await book(3);
    const { body } = await qrSale([{ id: a.id, quantity: 1 }]);
    fake.failNext(2, 503);
    const down = await cancel(body.sale.number);
    expect(down.status).toBe(502);
    expect(down.body.error).toMatch(/^No pudimos cancelar el QR en Mercado Pago/);
    expect((await saleRow(body.sale.number)).status).toBe("pending_payment");

    fake.payOrder((await saleRow(body.sale.number)).providerOrderId ?? "");
    const late = await cancel(body.sale.number);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/ya pagó/);
    expect((await saleRow(body.sale.number)).status).toBe("paid");
    expect(await stockOf(a.id)).toBe(2);
  });

  it("is cancelled, its stock back, when its QR expires at Mercado Pago", async () => {
    const a = await book(2);
    const { body } = await qrSale([{ id: a.id, quantity: 2 }]);
    const order = fake.expireOrder((await saleRow(body.sale.number)).providerOrderId ?? "");
    expect((await notify(order.id, "order", "order.expired")).status).toBe(200);
    expect((await saleRow(body.sale.number)).status).toBe("cancelled");
    expect(await stockOf(a.id)).toBe(2);
  });

  it("is not paid by an amount other than its own: flagged for the admin and the owners told; cancelled, the money goes back", async () => {
    const a = await book(3);
    const { body } = await qrSale([{ id: a.id, quantity: 1 }]);
    const order = fake.payOrder((await saleRow(body.sale.number)).providerOrderId ?? "", 100);
    await Promise.all([notify(order.id), notify(order.id)]);
    const flagged = await read(body.sale.number);
    expect(flagged.body.sale).toMatchObject({
      status: "pending_payment",
      invoice: null,
      paymentIssue: { kind: "amount_mismatch", paid: 100, refund: null },
    });
    const alerts = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "owner-alert"));
    expect(alerts.filter((mail) => mail.subject.includes("no coincide"))).toHaveLength(1);

    const cancelled = await cancel(body.sale.number);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.sale).toMatchObject({
      status: "cancelled",
      paymentIssue: { kind: "paid_after_cancel", paid: 100, refund: "done" },
    });
    expect(fake.orders.get(order.id)?.status).toBe("refunded");
    expect(await stockOf(a.id)).toBe(3);
  });

  it("records a payment that arrives after the sale was cancelled, refunds it once, and tells the owners", async () => {
    const a = await book(2);
    const { body } = await qrSale([{ id: a.id, quantity: 1 }]);
    const orderId = (await saleRow(body.sale.number)).providerOrderId ?? "";
    fake.expireOrder(orderId);
    await notify(orderId, "order", "order.expired");
    expect((await saleRow(body.sale.number)).status).toBe("cancelled");
    // Mercado Pago at its worst: a payment accepted for the expired order, notified twice at once.
    fake.payOrder(orderId, undefined, { late: true });
    const answers = await Promise.all([notify(orderId), notify(orderId)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const row = await saleRow(body.sale.number);
    expect(row).toMatchObject({
      status: "cancelled",
      paymentIssue: { kind: "paid_after_cancel", refund: { status: "done" } },
    });
    expect(fake.orders.get(orderId)?.status).toBe("refunded");
    const refunds = fake.requests.filter((r) => r.path === `/v1/orders/${orderId}/refund`);
    expect(new Set(refunds.map((r) => r.headers["x-idempotency-key"])).size).toBe(1);
    const alerts = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "owner-alert"));
    expect(alerts.filter((mail) => mail.text.includes(body.sale.number))).toHaveLength(1);
    expect(await stockOf(a.id)).toBe(2);
  });

  it("is refused before anything is written when Mercado Pago is not set up for QR sales", async () => {
    const a = await book(2);
    const withoutPos = createMercadoPago({
      db,
      nodeEnv: "production",
      siteUrl: "http://localhost:3000",
      configuredSecret: null,
      apiBase: fake.url,
      accessToken: fake.token,
      webhookSecret: MP_WEBHOOK_SECRET,
    });
    const before = (await db.select({ id: sales.id }).from(sales)).length;
    for (const context of [{ mercadoPago: withoutPos }, { mercadoPago: null }]) {
      const refused = await sell(
        { clientId: randomUUID(), items: [{ id: a.id, quantity: 1 }], payment: "mercadopago_qr" },
        context,
      );
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatch(/QR de Mercado Pago no está configurado/);
    }
    expect((await db.select({ id: sales.id }).from(sales)).length).toBe(before);
    expect(await stockOf(a.id)).toBe(2);
  });

  it("in the demo, holds the sandbox page's address: 'Simular el pago' there completes the sale as Mercado Pago's notification does", async () => {
    const sandbox = mercadoPagoWithoutCredentials(db, { nodeEnv: "development" });
    const a = await book(2);
    const created = await sell(
      { clientId: randomUUID(), items: [{ id: a.id, quantity: 1 }], payment: "mercadopago_qr" },
      { mercadoPago: sandbox },
    );
    expect(created.status).toBe(201);
    const data: string = created.body.sale.qr.data;
    expect(data).toMatch(/^http:\/\/localhost:3000\/pagos\/sandbox\/ORD[0-9A-Z]{26}$/);
    const id = data.split("/").at(-1) ?? "";
    expect(await sandboxCheckout(sandbox, id)).toMatchObject({ kind: "qr", open: true, amountCents: 2_000_000 });
    // The sandbox notifies over HTTP; with no server at `origin` the same signed notification is handed in.
    const ctx = { db, mercadoPago: sandbox, siteUrl: "http://localhost:3000", configuredSecret: null, log: logger };
    const back = await decideSandboxPayment({ ...ctx, origin: "http://127.0.0.1:9" }, id, "approve");
    expect(back).toBe(`http://127.0.0.1:9/pagos/sandbox/${id}`);
    expect((await saleRow(created.body.sale.number)).status).toBe("paid");
    expect(await sandboxCheckout(sandbox, id)).toMatchObject({
      open: false,
      closedLabel: expect.stringMatching(/pagado/),
    });
    await expect(decideSandboxPayment({ ...ctx, origin: "http://127.0.0.1:9" }, id, "approve")).rejects.toThrow(
      /ya no acepta pagos/,
    );

    // "Simular que el QR venció": the sale is cancelled and its book is back.
    const other = await sell(
      { clientId: randomUUID(), items: [{ id: a.id, quantity: 1 }], payment: "mercadopago_qr" },
      { mercadoPago: sandbox },
    );
    const otherId = String(other.body.sale.qr.data).split("/").at(-1) ?? "";
    await decideSandboxPayment({ ...ctx, origin: "http://127.0.0.1:9" }, otherId, "reject");
    expect((await saleRow(other.body.sale.number)).status).toBe("cancelled");
    expect(await stockOf(a.id)).toBe(1);
  });

  it("needs a signed-in admin to read or cancel a sale, and says when the sale does not exist", async () => {
    const anonymous = await call(saleRoute.loader, "/api/admin/ventas/VT-000001", {
      asAdmin: false,
      params: { number: "VT-000001" },
    });
    expect(anonymous.status).toBe(401);
    const missing = await read("VT-999999");
    expect(missing.status).toBe(404);
    const cash = await sell({
      clientId: randomUUID(),
      items: [{ id: (await book(2)).id, quantity: 1 }],
      payment: "cash",
    });
    const notQr = await cancel(cash.body.sale.number);
    expect(notQr.status).toBe(409);
  });
});
