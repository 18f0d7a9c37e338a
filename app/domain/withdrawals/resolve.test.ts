import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import {
  auditLog,
  books,
  discountCodes,
  discountRedemptions,
  mailOutbox,
  orderEvents,
  orderItems,
  orders,
  paymentSandboxResources,
  withdrawals,
} from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { liveMercadoPago, mercadoPagoWithoutCredentials } from "../../../tests/support/mercadopago-link";
import { insertOrder } from "../../../tests/support/order-row";
import { BOOKS_RETURNED_NOTE, listWithdrawals, REFUND_LEASE_MS, withdrawalForOrder } from "./queries.server";
import { booksReturned, cancelForWithdrawal, refundWithdrawal } from "./resolve.server";

const { db, admin } = await adminTestDatabase();
const SITE = "http://localhost:3000";
// Timeouts are tested with a slow answer well past this (a loaded machine may take 300 ms to answer).
const { fake, live } = await liveMercadoPago(db, { siteUrl: SITE, timeoutMs: 1500 });
const ctx = () => ({ db, siteUrl: SITE, mercadoPago: live, configuredSecret: null, shopEmail: "tienda@rizoma.test" });

let counter = 0;

/**
 * A paid order of two copies of one book (stock already taken, as placing does) and its withdrawal
 * request. Mercado Pago orders get an approved payment at the fake, for the whole total.
 */
async function withdrawnOrder({
  method = "mercadopago" as "mercadopago" | "transfer",
  status = "paid" as "pending_payment" | "paid" | "shipped" | "delivered",
  withCode = false,
} = {}) {
  counter++;
  const [book] = await db
    .insert(books)
    .values({ title: `Libro ${counter}`, slug: `libro-${counter}-${randomUUID()}`, priceCents: 1_000_000, stock: 3 })
    .returning();
  if (!book) throw new Error("book not written");
  const paymentId = method === "mercadopago" && status !== "pending_payment" ? String(8_000_000 + counter) : null;
  const order = await insertOrder(db, {
    paymentMethod: method,
    status,
    email: `comprador${counter}@example.com`,
    subtotalCents: 2_000_000,
    totalCents: 2_000_000,
    paidAt: status === "pending_payment" ? null : new Date(),
    shippedAt: status === "shipped" || status === "delivered" ? new Date() : null,
    deliveredAt: status === "delivered" ? new Date() : null,
    providerPaymentId: paymentId,
  });
  await db.insert(orderItems).values({
    orderId: order.id,
    bookId: book.id,
    title: book.title,
    unitPriceCents: 1_000_000,
    quantity: 2,
    lineTotalCents: 2_000_000,
    netCents: 2_000_000,
    taxCents: 0,
  });
  if (withCode) {
    const [code] = await db
      .insert(discountCodes)
      .values({ code: `ARRE${counter}`, discountPercentage: 10, usedCount: 1 })
      .returning();
    if (code) {
      await db.insert(discountRedemptions).values({ discountCodeId: code.id, orderId: order.id, amountCents: 1 });
    }
  }
  if (paymentId) {
    fake.payments.set(paymentId, {
      id: Number(paymentId),
      status: "approved",
      external_reference: order.number,
      transaction_amount: 20_000,
    });
  }
  const [withdrawal] = await db
    .insert(withdrawals)
    .values({
      orderId: order.id,
      code: `ARR-T${String(counter).padStart(7, "0")}`,
      email: order.email,
      reason: "Me arrepentí",
      refundIdempotencyKey: randomUUID(),
    })
    .returning();
  if (!withdrawal) throw new Error("withdrawal not written");
  return { book, order, withdrawal, paymentId };
}

const stockOf = async (id: number) => (await db.select().from(books).where(eq(books.id, id)))[0]?.stock;
const withdrawalRow = async (id: number) => (await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0];
const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const mailsTo = async (email: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map((mail) => mail.template);
const auditsOf = async (id: number) =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "withdrawal"), eq(auditLog.entityId, String(id))))
  ).map((entry) => entry.action);
const refundsAtFake = (paymentId: string | null) =>
  [...fake.refunds.values()].filter((refund) => String(refund.payment_id) === paymentId);
const refundRequests = (paymentId: string | null) =>
  fake.requests.filter((request) => request.path === `/v1/payments/${paymentId}/refunds`);

describe("cancelling an order for a withdrawal", () => {
  it("returns the stock and the discount code when the books never left, and tells the buyer", async () => {
    const { book, order, withdrawal } = await withdrawnOrder({ withCode: true });
    await cancelForWithdrawal(ctx(), withdrawal.id, admin);
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({ status: "cancelled" });
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      cancelReason: `Arrepentimiento ${withdrawal.code}`,
    });
    expect(await stockOf(book.id)).toBe(5);
    const [redemption] = await db.select().from(discountRedemptions).where(eq(discountRedemptions.orderId, order.id));
    expect(redemption?.releasedAt).not.toBeNull();
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, order.email));
    expect(mail?.subject).toBe(`Cancelamos tu pedido ${order.number} por tu arrepentimiento`);
    expect(mail?.text).toContain(`Te devolvemos ${formatMoney(2_000_000)} por Mercado Pago`);
    expect(await auditsOf(withdrawal.id)).toEqual(["withdrawal.cancel"]);
    await expect(cancelForWithdrawal(ctx(), withdrawal.id, admin)).rejects.toThrow(
      "El pedido de este arrepentimiento ya está cancelado",
    );
  });

  it("of a shipped order, returns the stock only when the admin records the books came back, once", async () => {
    const { book, order, withdrawal } = await withdrawnOrder({ status: "shipped" });
    await expect(booksReturned(ctx(), withdrawal.id, admin)).rejects.toThrow("Primero cancelá el pedido");
    await cancelForWithdrawal(ctx(), withdrawal.id, admin);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(book.id)).toBe(3);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, order.email));
    expect(mail?.text).toContain("Los gastos de la devolución corren por nuestra cuenta");
    expect(await withdrawalForOrder(db, order.id)).toMatchObject({ booksOut: true, canReturnBooks: true });
    const twice = await Promise.allSettled([
      booksReturned(ctx(), withdrawal.id, admin),
      booksReturned(ctx(), withdrawal.id, admin),
    ]);
    expect(twice.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await stockOf(book.id)).toBe(5);
    expect(await withdrawalForOrder(db, order.id)).toMatchObject({ canReturnBooks: false });
    const returnedAt = (await withdrawalRow(withdrawal.id))?.booksReturnedAt;
    expect(returnedAt).toBeInstanceOf(Date);
    expect((await withdrawalForOrder(db, order.id))?.booksReturnedAt).toBe(returnedAt?.toISOString());
    const returnedLines = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.note, BOOKS_RETURNED_NOTE)));
    expect(returnedLines).toHaveLength(1);
    expect(await auditsOf(withdrawal.id)).toEqual(["withdrawal.cancel", "withdrawal.books-returned"]);
    expect(BOOKS_RETURNED_NOTE).toBe("Los libros volvieron a la librería");
  });

  it("cancels a delivered order too, and of two admins at once exactly one cancels", async () => {
    const { book, order, withdrawal } = await withdrawnOrder({ status: "delivered" });
    const both = await Promise.allSettled([
      cancelForWithdrawal(ctx(), withdrawal.id, admin),
      cancelForWithdrawal(ctx(), withdrawal.id, admin),
    ]);
    expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(book.id)).toBe(3);
    expect(await mailsTo(order.email)).toEqual(["withdrawal-cancelled"]);
  });

  it("an order already cancelled keeps its stock as it is; an unpaid one has nothing to refund", async () => {
    const { book, order, withdrawal } = await withdrawnOrder({ method: "transfer", status: "pending_payment" });
    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
    await cancelForWithdrawal(ctx(), withdrawal.id, admin);
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(book.id)).toBe(3);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, order.email));
    expect(mail?.text).toContain("no hay dinero para devolver");
    expect(await withdrawalForOrder(db, order.id)).toMatchObject({ canRefund: false, paid: false });
    await expect(refundWithdrawal(ctx(), withdrawal.id, admin)).rejects.toThrow(
      "El pedido no llegó a pagarse: no hay dinero para devolver",
    );
  });
});

describe("refunding a Mercado Pago order", () => {
  it("refunds at Mercado Pago once, with the withdrawal's key, and tells the buyer", async () => {
    const { order, withdrawal, paymentId } = await withdrawnOrder();
    await expect(refundWithdrawal(ctx(), withdrawal.id, admin)).rejects.toThrow("Primero cancelá el pedido");
    await cancelForWithdrawal(ctx(), withdrawal.id, admin);
    const done = await refundWithdrawal(ctx(), withdrawal.id, admin);
    const [refund] = refundsAtFake(paymentId);
    expect(refundsAtFake(paymentId)).toHaveLength(1);
    expect(refund?.idempotencyKey).toBe(withdrawal.refundIdempotencyKey);
    expect(refundRequests(paymentId)[0]?.body).toEqual({});
    expect(done).toMatchObject({
      status: "refunded",
      refundMethod: "mercadopago",
      refundCents: 2_000_000,
      refundReference: String(refund?.id),
      refundedOn: todayInBuenosAires(),
    });
    expect(done.refundedAt).toBeInstanceOf(Date);
    expect(await mailsTo(order.email)).toEqual(["withdrawal-cancelled", "withdrawal-refunded"]);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, order.email), eq(mailOutbox.template, "withdrawal-refunded")));
    expect(mail?.text).toContain(`Número de reembolso: ${refund?.id}`);
    expect(await auditsOf(withdrawal.id)).toEqual(["withdrawal.cancel", "withdrawal.refund"]);
    await expect(refundWithdrawal(ctx(), withdrawal.id, admin)).rejects.toThrow("ya está reembolsado");
  });

  it("of two refunds at once, one reaches Mercado Pago and the row is refunded once", async () => {
    const { order, withdrawal, paymentId } = await withdrawnOrder();
    await cancelForWithdrawal(ctx(), withdrawal.id, admin);
    const both = await Promise.allSettled([
      refundWithdrawal(ctx(), withdrawal.id, admin),
      refundWithdrawal(ctx(), withdrawal.id, admin),
    ]);
    expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(refundRequests(paymentId)).toHaveLength(1);
    expect(refundsAtFake(paymentId)).toHaveLength(1);
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({ status: "refunded" });
    expect(await mailsTo(order.email)).toEqual(["withdrawal-cancelled", "withdrawal-refunded"]);
  });

  it("a failure at Mercado Pago writes nothing and leaves it refundable; the retry uses the same key", async () => {
    const { order, withdrawal, paymentId } = await withdrawnOrder();
    await cancelForWithdrawal(ctx(), withdrawal.id, admin);
    fake.failNext(1, 500);
    const failed = await refundWithdrawal(ctx(), withdrawal.id, admin).catch((error: unknown) => error);
    expect(failed).toMatchObject({
      status: 502,
      message: expect.stringContaining("Mercado Pago no pudo hacer el reembolso"),
    });
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({
      status: "cancelled",
      refundMethod: null,
      refundClaimedAt: null,
      refundCents: null,
    });
    expect(await withdrawalForOrder(db, order.id)).toMatchObject({ canRefund: true });
    expect(await mailsTo(order.email)).toEqual(["withdrawal-cancelled"]);
    // MP refunded but its answer never came: the retry is the same refund there, written once here.
    fake.slowNext(1, 2500);
    const timedOut = await refundWithdrawal(ctx(), withdrawal.id, admin).catch((error: unknown) => error);
    expect(timedOut).toMatchObject({ status: 504 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(refundsAtFake(paymentId)).toHaveLength(1);
    await refundWithdrawal(ctx(), withdrawal.id, admin);
    const keys = refundRequests(paymentId).map((request) => request.headers["x-idempotency-key"]);
    expect(keys).toEqual([
      withdrawal.refundIdempotencyKey,
      withdrawal.refundIdempotencyKey,
      withdrawal.refundIdempotencyKey,
    ]);
    expect(refundsAtFake(paymentId)).toHaveLength(1);
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({ status: "refunded", refundCents: 2_000_000 });
  });

  it("after a crash between MP's answer and our write, the retry waits out the lease and ends refunded once", async () => {
    const { withdrawal, paymentId } = await withdrawnOrder();
    await cancelForWithdrawal(ctx(), withdrawal.id, admin);
    // The dead server's state: its claim is written, MP made the refund, the refund never got recorded.
    const { api } = await live.current();
    await api?.refundPayment(String(paymentId), {}, withdrawal.refundIdempotencyKey);
    const claimedAt = new Date();
    await db.update(withdrawals).set({ refundClaimedAt: claimedAt }).where(eq(withdrawals.id, withdrawal.id));
    await expect(refundWithdrawal(ctx(), withdrawal.id, admin)).rejects.toThrow("Ya hay un reembolso en curso");
    expect(await withdrawalForOrder(db, withdrawal.orderId)).toMatchObject({ refundInFlight: true, canRefund: false });
    await db
      .update(withdrawals)
      .set({ refundClaimedAt: new Date(claimedAt.getTime() - REFUND_LEASE_MS - 1000) })
      .where(eq(withdrawals.id, withdrawal.id));
    expect(await withdrawalForOrder(db, withdrawal.orderId)).toMatchObject({ refundInFlight: false, canRefund: true });
    await refundWithdrawal(ctx(), withdrawal.id, admin);
    expect(refundsAtFake(paymentId)).toHaveLength(1);
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({
      status: "refunded",
      refundMethod: "mercadopago",
      refundClaimedAt: null,
    });
  });
});

describe("refunding in demo mode", () => {
  it("the sandbox refunds the payment once and marks it refunded", async () => {
    const demo = mercadoPagoWithoutCredentials(db, { nodeEnv: "development" });
    const { sandbox } = await demo.current();
    if (!sandbox) throw new Error("no sandbox");
    const preference = await sandbox.createPreference(
      {
        items: [{ id: "RZ", title: "Pedido", quantity: 1, unit_price: 20_000, currency_id: "ARS" }],
        payer: { name: "Ana", surname: "Pérez", email: "ana@example.com" },
        external_reference: "RZ-DEMO",
        back_urls: { success: SITE, failure: SITE, pending: SITE },
        auto_return: "approved",
        notification_url: `${SITE}/api/webhooks/mercadopago`,
        payment_methods: { installments: 3 },
      },
      randomUUID(),
    );
    const { payment } = await sandbox.payPreference(preference.id, true);
    const { order, withdrawal } = await withdrawnOrder();
    await db
      .update(orders)
      .set({ providerPaymentId: String(payment.id) })
      .where(eq(orders.id, order.id));
    const demoCtx = { ...ctx(), mercadoPago: demo };
    await cancelForWithdrawal(demoCtx, withdrawal.id, admin);
    const done = await refundWithdrawal(demoCtx, withdrawal.id, admin);
    expect(done).toMatchObject({ status: "refunded", refundCents: 2_000_000 });
    expect(await sandbox.getPayment(String(payment.id))).toMatchObject({ status: "refunded" });
    const again = await sandbox.refundPayment(String(payment.id), {}, withdrawal.refundIdempotencyKey);
    expect(String(again.id)).toBe(done.refundReference);
    const refunds = await db.select().from(paymentSandboxResources).where(eq(paymentSandboxResources.kind, "refund"));
    expect(refunds).toHaveLength(1);
  });
});

describe("refunding a transfer", () => {
  it("records the day and reference the admin gives, checked, and tells the buyer", async () => {
    const { order, withdrawal } = await withdrawnOrder({ method: "transfer" });
    await cancelForWithdrawal(ctx(), withdrawal.id, admin);
    const today = todayInBuenosAires();
    const cases: [unknown, string][] = [
      [{ refundedOn: "", reference: "Transf 123" }, "Ingresá la fecha de la transferencia"],
      [{ refundedOn: "2026-02-31", reference: "Transf 123" }, "Ingresá la fecha de la transferencia"],
      [
        { refundedOn: addDays(today, 1), reference: "Transf 123" },
        "La fecha de la transferencia no puede ser posterior a hoy",
      ],
      [{ refundedOn: today, reference: "  " }, "Ingresá la referencia de la transferencia"],
      [{ refundedOn: today, reference: "x".repeat(121) }, "La referencia puede tener hasta 120 caracteres"],
    ];
    for (const [input, message] of cases) {
      await expect(refundWithdrawal(ctx(), withdrawal.id, admin, input)).rejects.toThrow(message);
    }
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({ status: "cancelled", refundReference: null });
    const yesterday = addDays(today, -1);
    await refundWithdrawal(ctx(), withdrawal.id, admin, { refundedOn: yesterday, reference: " Transf 123 " });
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({
      status: "refunded",
      refundMethod: "transfer",
      refundCents: 2_000_000,
      refundReference: "Transf 123",
      refundedOn: yesterday,
    });
    expect(await mailsTo(order.email)).toEqual(["withdrawal-cancelled", "withdrawal-refunded"]);
    expect(await auditsOf(withdrawal.id)).toEqual(["withdrawal.cancel", "withdrawal.refund"]);
  });
});

describe("the admin list", () => {
  it("lists by state with the order's figures and highlights requests waiting over a day", async () => {
    const { order, withdrawal } = await withdrawnOrder({ method: "transfer" });
    await db
      .update(withdrawals)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(withdrawals.id, withdrawal.id));
    const { withdrawals: requested, counts } = await listWithdrawals(db, { status: "requested" });
    const row = requested.find((item) => item.id === withdrawal.id);
    expect(row).toMatchObject({
      code: withdrawal.code,
      orderNumber: order.number,
      buyerName: "Ana Pérez",
      email: order.email,
      totalCents: 2_000_000,
      paymentMethod: "transfer",
      orderStatus: "paid",
      status: "requested",
      ageDays: 2,
      overdue: true,
    });
    expect(requested.every((item) => item.status === "requested")).toBe(true);
    expect(counts.requested).toBe(requested.length);
    expect(counts.refunded).toBeGreaterThan(0);
  });
});
