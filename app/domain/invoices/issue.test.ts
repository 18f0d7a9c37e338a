import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cancelOrder, confirmPayment } from "~/domain/orders/lifecycle.server";
import { updateSection } from "~/domain/settings/settings.server";
import { requestWithdrawal } from "~/domain/withdrawals/request.server";
import { cancelForWithdrawal } from "~/domain/withdrawals/resolve.server";
import type { Db } from "~db/index";
import { books, boxPayments, boxSubscriptions, invoiceSequences, invoices, orderItems } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { memoryArca } from "../../../tests/support/memory-arca";
import { insertOrder } from "../../../tests/support/order-row";
import { enqueueBoxInvoice, undoOrderInvoice } from "./enqueue.server";
import { DEFAULT_ISSUE_OPTIONS, issueDueInvoices, sequenceLeaseFor } from "./issue.server";

const { db, admin } = await adminTestDatabase({ catalogue: true });
const ctx = { db, siteUrl: "http://tienda.test", configuredSecret: "s".repeat(32), clientIp: "10.0.0.1" };
const options = { ...DEFAULT_ISSUE_OPTIONS, retryBaseMs: 0 };

async function seller(taxCondition: "monotributo" | "responsable_inscripto") {
  await updateSection(db, admin, "fiscal", {
    legalName: "Rizoma Libros S.R.L.",
    cuit: "30-71654321-4",
    taxCondition,
    legalAddress: "Thames 1234, CABA",
  });
  await updateSection(db, admin, "invoicing", { enabled: true, pointOfSale: 3 });
}

let bookId = 0;
beforeAll(async () => {
  const [book] = await db.select({ id: books.id }).from(books).limit(1);
  bookId = (book as { id: number }).id;
  await seller("responsable_inscripto");
});

/** A transfer order of one exempt book ($ 10.000) and one 21% item ($ 1.210), $ 1.500 of shipping. */
async function paidOrder(values: Parameters<typeof insertOrder>[1] = {}) {
  const order = await insertOrder(db, {
    subtotalCents: 1_121_000,
    shippingCents: 150_000,
    totalCents: 1_271_000,
    ...values,
  });
  await db.insert(orderItems).values([
    {
      orderId: order.id,
      bookId,
      title: "Rayuela",
      author: "Julio Cortázar",
      unitPriceCents: 1_000_000,
      quantity: 1,
      lineTotalCents: 1_000_000,
      netCents: 1_000_000,
      taxCents: 0,
      taxRate: "exento",
    },
    {
      orderId: order.id,
      bookId,
      title: "Señalador",
      author: "",
      unitPriceCents: 121_000,
      quantity: 1,
      lineTotalCents: 121_000,
      netCents: 100_000,
      taxCents: 21_000,
      taxRate: "21",
      taxCategory: "otros",
    },
  ]);
  await confirmPayment(ctx, admin, order.number);
  return order;
}

const invoiceOf = async (orderId: number) =>
  (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")))
  )[0];

const drain = async (
  api: ReturnType<typeof memoryArca>["api"],
  onIssued?: (tx: Db, row: typeof invoices.$inferSelect) => Promise<void>,
) => {
  // Several passes, as the worker loops: a voucher handed back comes due again.
  for (let pass = 0; pass < 5; pass++) {
    await db
      .update(invoices)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(invoices.status, "pending"));
    await issueDueInvoices({ db, arca: api, onIssued }, options);
  }
};

describe("invoices", () => {
  it("the numbering lease outlasts a renewal's wait, login and call at the configured timeout (110 s at the default)", () => {
    expect(sequenceLeaseFor(20_000)).toBe(DEFAULT_ISSUE_OPTIONS.sequenceLeaseSeconds);
    for (const timeoutMs of [100, 3_000, 20_000, 60_000, 120_000]) {
      expect(sequenceLeaseFor(timeoutMs) * 1000).toBeGreaterThan(4 * timeoutMs);
    }
    // A crashed worker's sequence is free again well before the default when ARCA answers fast.
    expect(sequenceLeaseFor(5_000)).toBe(50);
  });

  it("a paid order gets one Factura B, numbered after ARCA's last, with the stored amounts", async () => {
    const arca = memoryArca();
    const order = await paidOrder();
    const queued = await invoiceOf(order.id);
    expect(queued).toMatchObject({ status: "pending", voucherType: 6, number: null, totalCents: 1_271_000 });
    const mails: number[] = [];
    await drain(arca.api, async (_tx, row) => {
      mails.push(row.id);
    });
    const invoice = await invoiceOf(order.id);
    expect(invoice).toMatchObject({
      status: "issued",
      environment: "homologacion",
      pointOfSale: 3,
      voucherType: 6,
      number: 1,
      issuerCuit: "30716543214",
      receiverDocType: 99,
      receiverTaxCondition: 5,
      // Books and their shipping are exempt; the 21% item and its share of the shipping ($ 161,91) are taxed.
      totalCents: 1_271_000,
    });
    expect(invoice?.exemptCents).toBe(1_000_000 + 133_809);
    expect(invoice?.vat).toEqual([{ id: 5, baseCents: 100_000 + 13_381, amountCents: 21_000 + 2_810 }]);
    expect(invoice?.lines.map((line) => line.description)).toEqual([
      "Rayuela — Julio Cortázar",
      "Señalador",
      "Envío (exento)",
      "Envío (IVA 21%)",
    ]);
    expect(arca.vouchers.get("3-6-1")?.cae).toBe(invoice?.cae);
    expect(mails).toEqual([invoice?.id]);
  });

  it("an answer lost after ARCA authorised is recovered on the next pass: same CAE, no second number", async () => {
    const arca = memoryArca();
    arca.vouchers.clear();
    await db.delete(invoices);
    const order = await paidOrder();
    arca.inject("authorise-then-lose");
    await issueDueInvoices({ db, arca: arca.api }, options);
    const doubtful = await invoiceOf(order.id);
    expect(doubtful).toMatchObject({ status: "pending", number: 1, cae: null });
    expect(doubtful?.lastError).toContain("ARCA no respondió");
    const second = await paidOrder();
    await drain(arca.api);
    const recovered = await invoiceOf(order.id);
    expect(recovered).toMatchObject({ status: "issued", number: 1, cae: arca.vouchers.get("3-6-1")?.cae });
    expect(await invoiceOf(second.id)).toMatchObject({ status: "issued", number: 2 });
    expect(arca.calls.requestCae).toBe(2);
  });

  it("a request that never arrived is asked again with the same number: no gap", async () => {
    const arca = memoryArca();
    await db.delete(invoices);
    const order = await paidOrder();
    arca.inject("unreachable");
    await drain(arca.api);
    expect(await invoiceOf(order.id)).toMatchObject({ status: "issued", number: 1 });
    expect(arca.calls.requestCae).toBe(2);
  });

  it("20 invoices issued by 3 workers at once are numbered 1 to 20, each once", async () => {
    const arca = memoryArca();
    await db.delete(invoices);
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await paidOrder());
    await Promise.all([0, 1, 2].map(() => issueDueInvoices({ db, arca: arca.api }, options, 7)));
    await drain(arca.api);
    const rows = await db.select().from(invoices).orderBy(asc(invoices.number));
    expect(rows.map((row) => row.status)).toEqual(Array(20).fill("issued"));
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(arca.calls.requestCae).toBe(20);
  });

  it("a cancelled paid order gets a Nota de crédito B linked to its invoice; an unissued invoice is just cancelled", async () => {
    const arca = memoryArca();
    await db.delete(invoices);
    const order = await paidOrder();
    await drain(arca.api);
    await cancelOrder(ctx, admin, order.number, { reason: "El comprador se arrepintió" });
    const [note] = await db.select().from(invoices).where(eq(invoices.kind, "credit_note"));
    expect(note).toMatchObject({ status: "pending", voucherType: 8, reason: "cancellation", totalCents: 1_271_000 });
    await drain(arca.api);
    const issuedNote = (await db.select().from(invoices).where(eq(invoices.kind, "credit_note")))[0];
    expect(issuedNote).toMatchObject({ status: "issued", number: 1, voucherType: 8 });
    expect(arca.vouchers.get("3-8-1")?.request.associated).toEqual([
      { voucherType: 6, pointOfSale: 3, number: 1, cuit: "30716543214", date: (await invoiceOf(order.id))?.issuedOn },
    ]);

    const early = await paidOrder();
    await cancelOrder(ctx, admin, early.number, { reason: "Sin stock" });
    expect(await invoiceOf(early.id)).toMatchObject({ status: "cancelled", number: null });
    expect(
      await db
        .select()
        .from(invoices)
        .where(eq(invoices.originalInvoiceId, (await invoiceOf(early.id))?.id ?? 0)),
    ).toEqual([]);
    // Undoing twice changes nothing.
    await db.transaction((tx) => undoOrderInvoice(tx as unknown as Db, order.id, "refund"));
    expect(await db.select().from(invoices).where(eq(invoices.kind, "credit_note"))).toHaveLength(1);
  });

  it("ARCA's refusal leaves the invoice failed with its message and no number; a Monotributo issues Factura C", async () => {
    const arca = memoryArca();
    await db.delete(invoices);
    const order = await paidOrder();
    arca.inject({ reject: "El campo CondicionIVAReceptorId es obligatorio" });
    await issueDueInvoices({ db, arca: arca.api }, options);
    expect(await invoiceOf(order.id)).toMatchObject({
      status: "failed",
      number: null,
      lastError: "ARCA rechazó el pedido: 10015 El campo CondicionIVAReceptorId es obligatorio",
    });

    await seller("monotributo");
    const small = await paidOrder();
    await drain(arca.api);
    expect(await invoiceOf(small.id)).toMatchObject({
      status: "issued",
      voucherType: 11,
      netCents: 1_271_000,
      vatCents: 0,
      exemptCents: 0,
      vat: [],
      number: 1,
    });
    await seller("responsable_inscripto");
  });

  it("paying twice (a replay) queues one invoice; invoicing off queues none", async () => {
    await db.delete(invoices);
    const order = await paidOrder();
    await expect(confirmPayment(ctx, admin, order.number)).rejects.toThrow();
    expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    await updateSection(db, admin, "invoicing", { enabled: false, pointOfSale: 3 });
    const off = await paidOrder();
    expect(await invoiceOf(off.id)).toBeUndefined();
    await updateSection(db, admin, "invoicing", { enabled: true, pointOfSale: 3 });
  });

  it("a box charge gets its own invoice: one exempt line for the box, to the subscriber", async () => {
    const arca = memoryArca();
    await db.delete(invoices);
    const [sub] = await db
      .insert(boxSubscriptions)
      .values({
        planId: "monthly",
        priceCents: 2_500_000,
        frequencyMonths: 1,
        status: "active",
        firstName: "Lucía",
        lastName: "Gómez",
        email: "lucia@example.com",
        whatsapp: "5491155551234",
        deliveryMethod: "pickup",
      })
      .returning();
    const [payment] = await db
      .insert(boxPayments)
      .values({
        subscriptionId: sub?.id ?? 0,
        providerPaymentId: "cargo-1",
        amountCents: 2_500_000,
        status: "approved",
        boxDate: "2026-12-15",
      })
      .returning();
    const paymentId = payment?.id ?? 0;
    expect(await db.transaction((tx) => enqueueBoxInvoice(tx as unknown as Db, paymentId))).toBe(true);
    expect(await db.transaction((tx) => enqueueBoxInvoice(tx as unknown as Db, paymentId))).toBe(false);
    await drain(arca.api);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.boxPaymentId, paymentId));
    expect(invoice).toMatchObject({
      status: "issued",
      voucherType: 6,
      number: 1,
      receiverName: "Lucía Gómez",
      receiverEmail: "lucia@example.com",
      receiverDocType: 99,
      totalCents: 2_500_000,
      exemptCents: 2_500_000,
      vatCents: 0,
    });
    expect(invoice?.lines).toHaveLength(1);
    expect(invoice?.lines[0]?.description).toMatch(/^Caja Rizoma — /);
  });

  it("a worker that lost its sequence's lease before asking sends nothing; the number is settled by the next", async () => {
    const arca = memoryArca();
    await db.delete(invoices);
    const order = await paidOrder();
    const lastAuthorized = arca.api.lastAuthorized;
    arca.api.lastAuthorized = async (pos, type) => {
      // Another instance takes the sequence over while this one is between its calls (stalled past its lease).
      await db
        .update(invoiceSequences)
        .set({ holder: "otra-instancia", lockedUntil: new Date(Date.now() + 3_600_000) });
      return lastAuthorized(pos, type);
    };
    await issueDueInvoices({ db, arca: arca.api }, options);
    expect(arca.calls.requestCae).toBe(0);
    expect(await invoiceOf(order.id)).toMatchObject({ status: "pending", number: 1, cae: null });
    arca.api.lastAuthorized = lastAuthorized;
    await db.update(invoiceSequences).set({ holder: null, lockedUntil: null });
    await drain(arca.api);
    expect(await invoiceOf(order.id)).toMatchObject({ status: "issued", number: 1 });
    expect(arca.calls.requestCae).toBe(1);
  });

  it("a withdrawal the shop accepts undoes the sale's invoice with a credit note whose reason is the withdrawal", async () => {
    const arca = memoryArca();
    await db.delete(invoices);
    const order = await paidOrder();
    await drain(arca.api);
    const { code } = await requestWithdrawal(
      { ...ctx, shopEmail: null },
      { orderNumber: order.number, email: "ana@example.com" },
    );
    expect(code).toMatch(/^ARR-/);
    const [withdrawal] = await db
      .execute(sql`select id from withdrawals where order_id = ${order.id}`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    await cancelForWithdrawal(ctx, Number(withdrawal?.id), admin);
    await drain(arca.api);
    const [note] = await db.select().from(invoices).where(eq(invoices.kind, "credit_note"));
    expect(note).toMatchObject({
      status: "issued",
      reason: "withdrawal",
      voucherType: 8,
      originalInvoiceId: (await invoiceOf(order.id))?.id,
    });
  });
});
