import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { confirmPayment } from "~/domain/orders/lifecycle.server";
import { updateSection } from "~/domain/settings/settings.server";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import { books, invoices, orderItems } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { memoryArca } from "../../../tests/support/memory-arca";
import { insertOrder } from "../../../tests/support/order-row";
import { caeRequest, DEFAULT_ISSUE_OPTIONS, issueDueInvoices } from "./issue.server";

/**
 * A number in doubt (issue 32): once FECAESolicitar was sent for a number and no answer came, that number is
 * the voucher's until ARCA itself settles it. These drive the worker against ARCA's rules in memory
 * (tests/support/memory-arca.ts), with the faults that gave one sale two vouchers.
 */

const { db, admin } = await adminTestDatabase({ catalogue: true });
const ctx = { db, siteUrl: "http://tienda.test", configuredSecret: "s".repeat(32), clientIp: "10.0.0.1" };
const options = { ...DEFAULT_ISSUE_OPTIONS, retryBaseMs: 0 };

let bookId = 0;
beforeAll(async () => {
  const [book] = await db.select({ id: books.id }).from(books).limit(1);
  bookId = (book as { id: number }).id;
  await updateSection(db, admin, "fiscal", {
    legalName: "Rizoma Libros S.R.L.",
    cuit: "30-71654321-4",
    taxCondition: "responsable_inscripto",
    legalAddress: "Thames 1234, CABA",
  });
  await updateSection(db, admin, "invoicing", { enabled: true, pointOfSale: 3 });
});

beforeEach(async () => {
  await db.delete(invoices);
});

/** A paid transfer order of one exempt book at `cents`, to an anonymous final consumer (Factura B). */
async function paidOrder(cents: number) {
  const order = await insertOrder(db, { subtotalCents: cents, totalCents: cents });
  await db.insert(orderItems).values({
    orderId: order.id,
    bookId,
    title: "Rayuela",
    author: "Julio Cortázar",
    unitPriceCents: cents,
    quantity: 1,
    lineTotalCents: cents,
    netCents: cents,
    taxCents: 0,
    taxRate: "exento",
  });
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

/** One worker pass with every pending voucher due (the backoff skipped), as the worker loops. */
async function pass(api: ReturnType<typeof memoryArca>["api"]) {
  await db
    .update(invoices)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(invoices.status, "pending"));
  await issueDueInvoices({ db, arca: api }, options);
}

describe("a voucher number in doubt", () => {
  it("ARCA commits a request after our timeout, another sale follows: two vouchers, each order with its own CAE", async () => {
    const arca = memoryArca();
    const first = await paidOrder(1_500_000);
    arca.inject("late");
    await pass(arca.api);
    expect(await invoiceOf(first.id)).toMatchObject({ status: "pending", number: 1, cae: null });

    // While ARCA has not committed, FECompConsultar finds nothing: that proves nothing, the number is kept,
    // and the next sale is not numbered behind it.
    const second = await paidOrder(2_300_000);
    for (let i = 0; i < 3; i++) await pass(arca.api);
    expect(await invoiceOf(first.id)).toMatchObject({ status: "pending", number: 1, cae: null });
    expect(await invoiceOf(second.id)).toMatchObject({ status: "pending", number: null });
    expect((await invoiceOf(second.id))?.lastError).toMatch(/Espera que ARCA confirme la Factura B 00003-00000001/);
    expect(arca.vouchers.size).toBe(0);

    arca.commitLate();
    await pass(arca.api);
    await pass(arca.api);
    expect([...arca.vouchers.keys()].sort()).toEqual(["3-6-1", "3-6-2"]);
    expect(arca.vouchers.get("3-6-1")?.totalCents).toBe(1_500_000);
    expect(arca.vouchers.get("3-6-2")?.totalCents).toBe(2_300_000);
    expect(await invoiceOf(first.id)).toMatchObject({
      status: "issued",
      number: 1,
      totalCents: 1_500_000,
      cae: arca.vouchers.get("3-6-1")?.cae,
    });
    expect(await invoiceOf(second.id)).toMatchObject({
      status: "issued",
      number: 2,
      totalCents: 2_300_000,
      cae: arca.vouchers.get("3-6-2")?.cae,
    });
  });

  it("two of ARCA's own errors (501) in a row still end in one issued voucher", async () => {
    const arca = memoryArca();
    const order = await paidOrder(1_000_000);
    arca.inject("internal", "internal");
    await pass(arca.api);
    await pass(arca.api);
    const waiting = await invoiceOf(order.id);
    expect(waiting).toMatchObject({ status: "pending", number: 1 });
    expect(waiting?.lastError).toMatch(/error propio.*501 Error interno de base de datos.*se reintenta/);
    await pass(arca.api);
    expect(await invoiceOf(order.id)).toMatchObject({ status: "issued", number: 1 });
    expect(arca.vouchers.size).toBe(1);
  });

  it("ARCA down for many passes never fails the voucher: it waits with its number", async () => {
    const arca = memoryArca();
    const order = await paidOrder(1_000_000);
    arca.inject(...Array(DEFAULT_ISSUE_OPTIONS.maxAttempts + 3).fill("unreachable"));
    // The first send and every re-send (after FECompConsultar finds nothing) never arrive.
    for (let i = 0; i < DEFAULT_ISSUE_OPTIONS.maxAttempts + 3; i++) await pass(arca.api);
    const row = await invoiceOf(order.id);
    expect(row).toMatchObject({ status: "pending", number: 1 });
    expect(row?.attempts).toBeGreaterThan(DEFAULT_ISSUE_OPTIONS.maxAttempts);
    await pass(arca.api);
    expect(await invoiceOf(order.id)).toMatchObject({ status: "issued", number: 1 });
  });

  it("a number ARCA holds with another voucher's data (same total, DocNro 0) is not taken as ours", async () => {
    const arca = memoryArca();
    const order = await paidOrder(1_000_000);
    arca.inject("unreachable");
    await pass(arca.api);
    const doubtful = await invoiceOf(order.id);
    expect(doubtful).toMatchObject({ status: "pending", number: 1 });
    // Someone issued number 1 by hand in ARCA's portal: same total, same anonymous buyer, another date.
    const sent = caeRequest(doubtful as NonNullable<typeof doubtful>, null);
    const otherCae = arca.authoriseElsewhere({ ...sent, date: addDays(sent.date, -1) });
    await pass(arca.api);
    await pass(arca.api);
    const row = await invoiceOf(order.id);
    expect(row).toMatchObject({ status: "issued", number: 2 });
    expect(row?.cae).not.toBe(otherCae);
    expect(arca.vouchers.get("3-6-2")?.totalCents).toBe(1_000_000);
  });

  it("the exact request is kept with the number and sent again unchanged", async () => {
    const arca = memoryArca();
    const order = await paidOrder(1_000_000);
    arca.inject("unreachable");
    await pass(arca.api);
    const doubtful = await invoiceOf(order.id);
    expect(doubtful?.arcaRequest).toMatchObject({
      pointOfSale: 3,
      voucherType: 6,
      number: 1,
      date: todayInBuenosAires(),
      docType: 99,
      docNumber: "0",
      receiverTaxCondition: 5,
      totalCents: 1_000_000,
      exemptCents: 1_000_000,
    });
    // Even if the row's amounts were edited by hand, what ARCA receives again is what it received first.
    await db
      .update(invoices)
      .set({ receiverName: "Otro nombre" })
      .where(eq(invoices.id, doubtful?.id ?? 0));
    await pass(arca.api);
    expect(arca.vouchers.get("3-6-1")?.request).toEqual(doubtful?.arcaRequest);
  });

  it("10016 for a date behind ARCA's last voucher ends in a clear failure, not a loop", async () => {
    const arca = memoryArca();
    // Issued by hand in ARCA's portal, dated tomorrow.
    arca.authoriseElsewhere({
      pointOfSale: 3,
      voucherType: 6,
      number: 1,
      date: addDays(todayInBuenosAires(), 1),
      docType: 99,
      docNumber: "0",
      receiverTaxCondition: 5,
      totalCents: 100,
      netCents: 0,
      exemptCents: 100,
      vatCents: 0,
      vat: [],
    });
    const order = await paidOrder(1_000_000);
    await pass(arca.api);
    const row = await invoiceOf(order.id);
    expect(row).toMatchObject({ status: "failed", number: null });
    expect(row?.lastError).toMatch(/es anterior a la del último que ARCA autorizó en este punto de venta \(número 1/);
    expect(arca.calls.requestCae).toBe(1);
  });

  it("a content rejection on the first send frees the number for the next sale", async () => {
    const arca = memoryArca();
    const rejected = await paidOrder(1_000_000);
    arca.inject({ reject: "El campo DocNro es inválido", code: 10015 });
    await pass(arca.api);
    expect(await invoiceOf(rejected.id)).toMatchObject({ status: "failed", number: null });
    const next = await paidOrder(2_000_000);
    await pass(arca.api);
    expect(await invoiceOf(next.id)).toMatchObject({ status: "issued", number: 1 });
  });

  it("a CAE whose voucher lost the number is kept for the admin, never dropped silently", async () => {
    const arca = memoryArca();
    const order = await paidOrder(1_000_000);
    const requestCae = arca.api.requestCae;
    arca.api.requestCae = async (request) => {
      const answer = await requestCae(request);
      // Between ARCA's answer and our write, the row lost its number (a bug, a hand edit).
      await db.update(invoices).set({ number: null }).where(eq(invoices.orderId, order.id));
      return answer;
    };
    await pass(arca.api);
    const row = await invoiceOf(order.id);
    expect(row?.reviewNote).toContain(`CAE ${arca.vouchers.get("3-6-1")?.cae}`);
    expect(row?.reviewNote).toMatch(/Factura B 00003-00000001/);
  });

  it("three workers racing over a voucher in doubt and new sales still number each sale once", async () => {
    const arca = memoryArca();
    const first = await paidOrder(1_000_000);
    arca.inject("authorise-then-lose");
    await pass(arca.api);
    const orders = [first];
    for (let i = 0; i < 6; i++) orders.push(await paidOrder(1_000_000 + i));
    for (let round = 0; round < 4; round++) {
      await db
        .update(invoices)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(invoices.status, "pending"));
      await Promise.all([0, 1, 2].map(() => issueDueInvoices({ db, arca: arca.api }, options, 3)));
    }
    const rows = await db.select().from(invoices).orderBy(asc(invoices.number));
    expect(rows.map((row) => row.status)).toEqual(Array(7).fill("issued"));
    expect(rows.map((row) => row.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(arca.vouchers.size).toBe(7);
    for (const row of rows) {
      expect(arca.vouchers.get(`3-6-${row.number}`)?.cae).toBe(row.cae);
      expect(arca.vouchers.get(`3-6-${row.number}`)?.totalCents).toBe(row.totalCents);
    }
  });
});
