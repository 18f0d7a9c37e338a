import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { todayInBuenosAires } from "~/lib/dates";
import { books, orderItems, withdrawals } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { liveMercadoPago } from "../../../tests/support/mercadopago-link";
import { insertOrder } from "../../../tests/support/order-row";
import { routeArgs, routeCaller } from "../../../tests/support/route-context";
import * as apiRoute from "../api/admin/withdrawals";
import * as listPage from "./arrepentimientos";
import * as orderPage from "./pedidos/detail";
import * as ordersPage from "./pedidos/list";

const { database, db, admin } = await adminTestDatabase();
// A loaded machine may take more than the default 300 ms to answer the first request.
const { fake, live } = await liveMercadoPago(db, { timeoutMs: 3000 });

let counter = 0;
async function withdrawnOrder(method: "mercadopago" | "transfer") {
  counter++;
  const [book] = await db
    .insert(books)
    .values({ title: `Libro ${counter}`, slug: `libro-${randomUUID()}`, priceCents: 1_500_000, stock: 4 })
    .returning();
  if (!book) throw new Error("book not written");
  const paymentId = method === "mercadopago" ? String(7_700_000 + counter) : null;
  const order = await insertOrder(db, {
    paymentMethod: method,
    status: "paid",
    paidAt: new Date(),
    providerPaymentId: paymentId,
    subtotalCents: 1_500_000,
    totalCents: 1_500_000,
  });
  await db.insert(orderItems).values({
    orderId: order.id,
    bookId: book.id,
    title: book.title,
    unitPriceCents: 1_500_000,
    quantity: 1,
    lineTotalCents: 1_500_000,
    netCents: 1_500_000,
    taxCents: 0,
  });
  if (paymentId) {
    fake.payments.set(paymentId, {
      id: Number(paymentId),
      status: "approved",
      external_reference: order.number,
      transaction_amount: 15_000,
    });
  }
  const code = `ARR-P${String(counter).padStart(7, "0")}`;
  await db
    .insert(withdrawals)
    .values({ orderId: order.id, code, email: order.email, refundIdempotencyKey: randomUUID() });
  return { book, order, code, paymentId };
}

const post = (number: string, fields: Record<string, string>) =>
  orderPage.action(
    routeArgs(`/admin/pedidos/${number}`, database, {
      method: "POST",
      params: { number },
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      context: { admin, mercadoPago: live },
    }) as never,
  );
const orderView = (number: string, query = "") =>
  orderPage.loader(
    routeArgs(`/admin/pedidos/${number}${query}`, database, { params: { number }, context: { admin } }) as never,
  );

describe("resolving a withdrawal from the order page (forms without JavaScript)", () => {
  it("shows the request, cancels and refunds at Mercado Pago, each a 303 back with a notice", async () => {
    const { book, order, code, paymentId } = await withdrawnOrder("mercadopago");
    const list = await ordersPage.loader(routeArgs("/admin/pedidos", database, { context: { admin } }) as never);
    expect(list.orders.find((row) => row.number === order.number)?.withdrawalStatus).toBe("requested");

    const before = await orderView(order.number);
    expect(before.withdrawal).toMatchObject({ code, status: "requested", canCancel: true, canRefund: false });

    const cancelled = (await post(order.number, { intent: "withdrawal-cancel" })) as Response;
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`/admin/pedidos/${order.number}?aviso=arrepentimiento-cancelado`);
    expect((await db.select().from(books).where(eq(books.id, book.id)))[0]?.stock).toBe(5);

    const refunded = (await post(order.number, { intent: "withdrawal-refund" })) as Response;
    expect(refunded.headers.get("location")).toBe(`/admin/pedidos/${order.number}?aviso=reembolsado`);
    expect([...fake.refunds.values()].filter((refund) => String(refund.payment_id) === paymentId)).toHaveLength(1);
    const after = await orderView(order.number, "?aviso=reembolsado");
    expect(after.notice).toMatchObject({ title: "Reembolso hecho" });
    expect(after.withdrawal).toMatchObject({ status: "refunded", refundCents: 1_500_000, canRefund: false });
    expect(after.order.status).toBe("cancelled");

    const again = (await post(order.number, { intent: "withdrawal-refund" })) as unknown as {
      data: { message: string };
      init: { status: number };
    };
    expect(again.init.status).toBe(409);
    expect(again.data.message).toBe("Este arrepentimiento ya está reembolsado");
  });

  it("a failing Mercado Pago is a 502 with a Spanish message, and the refund can be tried again", async () => {
    const { order } = await withdrawnOrder("mercadopago");
    await post(order.number, { intent: "withdrawal-cancel" });
    fake.failNext(1, 503);
    const failed = (await post(order.number, { intent: "withdrawal-refund" })) as unknown as {
      data: { message: string };
      init: { status: number };
    };
    expect(failed.init.status).toBe(502);
    expect(failed.data.message).toMatch(/^Mercado Pago no pudo hacer el reembolso/);
    expect((await orderView(order.number)).withdrawal).toMatchObject({ status: "cancelled", canRefund: true });
  });

  it("a transfer refund says which field is wrong, then records the date and reference", async () => {
    const { order } = await withdrawnOrder("transfer");
    await post(order.number, { intent: "withdrawal-cancel" });
    const wrong = (await post(order.number, {
      intent: "withdrawal-refund",
      refundedOn: todayInBuenosAires(),
      reference: "",
    })) as unknown as { data: { fields: Record<string, string> }; init: { status: number } };
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.fields).toEqual({ reference: "Ingresá la referencia de la transferencia" });
    const done = (await post(order.number, {
      intent: "withdrawal-refund",
      refundedOn: todayInBuenosAires(),
      reference: "Transferencia 0042",
    })) as Response;
    expect(done.status).toBe(303);
    expect((await orderView(order.number)).withdrawal).toMatchObject({
      status: "refunded",
      refundMethod: "transfer",
      refundReference: "Transferencia 0042",
    });
  });

  it("lists the withdrawals by state, linked to their orders", async () => {
    const { order, code } = await withdrawnOrder("transfer");
    const page = await listPage.loader(
      routeArgs("/admin/arrepentimientos?estado=requested", database, { context: { admin } }) as never,
    );
    expect(page.status).toBe("requested");
    expect(page.withdrawals.map((row) => row.code)).toContain(code);
    expect(page.withdrawals.find((row) => row.code === code)).toMatchObject({
      orderNumber: order.number,
      status: "requested",
      overdue: false,
    });
    const refunded = await listPage.loader(
      routeArgs("/admin/arrepentimientos?estado=refunded", database, { context: { admin } }) as never,
    );
    expect(refunded.withdrawals.length).toBe(2);
    expect(refunded.counts.refunded).toBe(2);
  });

  it("the admin API lists and resolves, with the same rules and Spanish errors", async () => {
    const call = routeCaller(database, admin);
    const { order, code } = await withdrawnOrder("transfer");
    const listed = await call(apiRoute.loader, "/api/admin/withdrawals?status=requested");
    expect(listed.status).toBe(200);
    const row = listed.body.withdrawals.find((item: { code: string }) => item.code === code);
    expect(row).toMatchObject({ orderNumber: order.number, total: 15_000, status: "requested" });
    const signedOut = await call(apiRoute.loader, "/api/admin/withdrawals", { asAdmin: false });
    expect(signedOut.status).toBe(401);
    const act = (action: string, body?: unknown) =>
      call(apiRoute.action, `/api/admin/withdrawals/${row.id}/${action}`, {
        method: "POST",
        params: { id: String(row.id), action },
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body ?? {}),
        context: { mercadoPago: live },
      });
    expect((await act("refund")).body).toEqual({ success: false, error: "Primero cancelá el pedido" });
    expect((await act("cancel")).body).toEqual({ success: true });
    const bad = await act("refund", { refundedOn: "mañana", reference: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Ingresá la fecha de la transferencia");
    const done = await act("refund", { refundedOn: todayInBuenosAires(), reference: "CBU 123" });
    expect(done.body).toEqual({ success: true });
    expect((await act("refund", { refundedOn: todayInBuenosAires(), reference: "CBU 123" })).status).toBe(409);
    expect((await act("explode")).status).toBe(404);
  });
});
