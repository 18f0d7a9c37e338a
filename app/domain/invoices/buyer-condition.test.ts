import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { confirmPayment } from "~/domain/orders/lifecycle.server";
import { placeOrder } from "~/domain/orders/place.server";
import { updateSection } from "~/domain/settings/settings.server";
import { books, invoices, orderItems } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { memoryArca } from "../../../tests/support/memory-arca";
import { insertOrder } from "../../../tests/support/order-row";
import { DEFAULT_ISSUE_OPTIONS, issueDueInvoices } from "./issue.server";

/**
 * Issue 32 (RG 5616, RG 5700/2025): the buyer's condición frente al IVA given at checkout picks the letter
 * and the CondicionIVAReceptorId ARCA receives, and a final consumer's DNI or CUIL lands on the voucher.
 * Each order goes the whole way: placeOrder, the admin's "Confirmar pago", the worker, ARCA (in memory).
 */
const { db, admin } = await adminTestDatabase();
const ip = clientIps("10.32");
const ctx = () => ({ db, siteUrl: "http://tienda.test", configuredSecret: "s".repeat(32), clientIp: ip() });
const options = { ...DEFAULT_ISSUE_OPTIONS, retryBaseMs: 0 };

async function shopIs(taxCondition: "responsable_inscripto" | "monotributo", identifyConsumerFrom = 10_000_000) {
  await updateSection(db, admin, "fiscal", {
    legalName: "Rizoma Libros S.R.L.",
    cuit: "30-71654321-4",
    taxCondition,
    legalAddress: "Thames 1234, CABA",
  });
  await updateSection(db, admin, "invoicing", { enabled: true, pointOfSale: 3, identifyConsumerFrom });
}

async function book() {
  const [row] = await db
    .insert(books)
    .values({ title: `Libro ${randomUUID()}`, slug: `libro-${randomUUID()}`, priceCents: 2_000_000, stock: 50 })
    .returning();
  if (!row) throw new Error("book not written");
  return row;
}

/** What ARCA received for the order's invoice: letter, receiver's condition and document. */
let arca = memoryArca();

async function issuedFor(customer: Record<string, unknown>) {
  const { order } = await placeOrder(ctx(), {
    items: [{ id: (await book()).id, quantity: 1 }],
    customer: {
      firstName: "Ana",
      lastName: "Pérez",
      email: "ana@example.com",
      phone: "+54 9 11 5555-1234",
      ...customer,
    },
    delivery: { method: "pickup" },
    paymentMethod: "transfer",
  });
  await confirmPayment(ctx(), admin, order.number);
  return drained(order.id);
}

/** One numbering per test: its ARCA and its vouchers start empty. */
async function drained(orderId: number) {
  for (let pass = 0; pass < 3; pass++) {
    await db
      .update(invoices)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(invoices.status, "pending"));
    await issueDueInvoices({ db, arca: arca.api }, options);
  }
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  expect(invoice?.status, invoice?.lastError ?? "").toBe("issued");
  const sent = [...arca.vouchers.values()].find((voucher) => voucher.cae === invoice?.cae)?.request;
  if (!sent) throw new Error("ARCA never authorised the order's invoice");
  return {
    voucherType: sent.voucherType,
    receiverTaxCondition: sent.receiverTaxCondition,
    docType: sent.docType,
    docNumber: sent.docNumber,
  };
}

const company = (taxCondition: string) => ({ cuit: "30-71654321-4", legalName: "Biblioteca Popular", taxCondition });

describe("the letter and the receiver's condition by buyer", () => {
  beforeEach(async () => {
    await db.delete(invoices);
    arca = memoryArca();
  });

  it("a Responsable Inscripto shop: exento 6/4, monotributo 1/6, responsable inscripto 1/1, anonymous 6/5", async () => {
    await shopIs("responsable_inscripto");
    expect(await issuedFor(company("exento"))).toEqual({
      voucherType: 6,
      receiverTaxCondition: 4,
      docType: 80,
      docNumber: "30716543214",
    });
    expect(await issuedFor(company("monotributo"))).toMatchObject({ voucherType: 1, receiverTaxCondition: 6 });
    expect(await issuedFor(company("responsable_inscripto"))).toMatchObject({
      voucherType: 1,
      receiverTaxCondition: 1,
      docType: 80,
    });
    expect(await issuedFor({})).toEqual({ voucherType: 6, receiverTaxCondition: 5, docType: 99, docNumber: "0" });
  });

  it("a Monotributo shop issues Factura C with the buyer's real condition", async () => {
    await shopIs("monotributo");
    expect(await issuedFor(company("exento"))).toMatchObject({ voucherType: 11, receiverTaxCondition: 4 });
    expect(await issuedFor(company("monotributo"))).toMatchObject({ voucherType: 11, receiverTaxCondition: 6 });
    expect(await issuedFor({})).toMatchObject({ voucherType: 11, receiverTaxCondition: 5, docType: 99 });
  });

  it("an order from before the condition was asked (CUIT, no condition) is still a Factura A to a Responsable Inscripto", async () => {
    await shopIs("responsable_inscripto");
    const order = await insertOrder(db, {
      buyerCuit: "30-71654321-4",
      buyerLegalName: "Librería del Sur SRL",
      subtotalCents: 2_000_000,
      totalCents: 2_000_000,
    });
    const [item] = await db.select({ id: books.id }).from(books).limit(1);
    await db.insert(orderItems).values({
      orderId: order.id,
      bookId: item?.id ?? (await book()).id,
      title: "Rayuela",
      author: "Julio Cortázar",
      unitPriceCents: 2_000_000,
      quantity: 1,
      lineTotalCents: 2_000_000,
      netCents: 2_000_000,
      taxCents: 0,
      taxRate: "exento",
    });
    await confirmPayment(ctx(), admin, order.number);
    expect(await drained(order.id)).toMatchObject({ voucherType: 1, receiverTaxCondition: 1, docType: 80 });
  });

  it("a final consumer above the threshold is named on the voucher: DNI 96, CUIL 86, condition 5", async () => {
    // $ 20.000 orders against a $ 15.000 threshold.
    await shopIs("responsable_inscripto", 15_000);
    expect(await issuedFor({ document: "30.123.456" })).toEqual({
      voucherType: 6,
      receiverTaxCondition: 5,
      docType: 96,
      docNumber: "30123456",
    });
    expect(await issuedFor({ document: "20-26756539-3" })).toEqual({
      voucherType: 6,
      receiverTaxCondition: 5,
      docType: 86,
      docNumber: "20267565393",
    });
  });
});
