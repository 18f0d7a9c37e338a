import type { InvoiceRow } from "~/domain/invoices/pdf.server";
import type { Db } from "~db/index";
import { type InvoiceLine, invoices } from "~db/schema";
import { insertOrder } from "./order-row";

/**
 * Invoice rows as a select returns them (every column), for tests that print, list or mail a voucher
 * without going through ARCA: an issued Factura B by default, and one of each letter below.
 */

export const book = (description: string, cents: number, quantity = 1): InvoiceLine => ({
  description,
  quantity,
  unitPriceCents: cents,
  totalCents: cents * quantity,
  netCents: cents * quantity,
  taxCents: 0,
  rate: "exento",
});

/** A 21% line whose price includes the tax (net + tax = total, as the order lines store them). */
export const taxed = (description: string, cents: number, netCents: number, quantity = 1): InvoiceLine => ({
  description,
  quantity,
  unitPriceCents: cents,
  totalCents: cents * quantity,
  netCents: netCents * quantity,
  taxCents: (cents - netCents) * quantity,
  rate: "21",
});

/** Every column of the table, as a select returns it: an issued Factura B of a Responsable Inscripto. */
export function invoiceRow(values: Partial<InvoiceRow> = {}): InvoiceRow {
  const lines = values.lines ?? [
    book("Rayuela — Julio Cortázar", 1_234_567),
    taxed("Señalador de cuero", 605_000, 500_000),
  ];
  return {
    id: 41,
    kind: "invoice",
    orderId: 7,
    boxPaymentId: null,
    saleId: null,
    originalInvoiceId: null,
    reason: null,
    environment: "homologacion",
    issuerCuit: "30716543214",
    issuerTaxCondition: "responsable_inscripto",
    issuer: {
      legalName: "Rizoma Libros S.R.L.",
      legalAddress: "Av. Corrientes 1234, C1043 Ciudad Autónoma de Buenos Aires",
      activityStart: "2019-03-01",
    },
    pointOfSale: 1,
    voucherType: 6,
    number: 12,
    issuedOn: "2026-11-24",
    cae: "76123456789012",
    caeExpiry: "2026-12-04",
    receiverDocType: 99,
    receiverDocNumber: "0",
    receiverName: "Ana Pérez",
    receiverTaxCondition: 5,
    receiverAddress: null,
    receiverEmail: "ana@example.com",
    totalCents: 1_839_567,
    netCents: 500_000,
    vatCents: 105_000,
    exemptCents: 1_234_567,
    vat: [{ id: 5, baseCents: 500_000, amountCents: 105_000 }],
    lines,
    status: "issued",
    attempts: 1,
    nextAttemptAt: new Date("2026-11-24T17:30:00Z"),
    lockedUntil: null,
    requestedAt: new Date("2026-11-24T17:30:01Z"),
    arcaRequest: null,
    reviewNote: null,
    lastError: null,
    observations: null,
    createdAt: new Date("2026-11-24T17:30:00Z"),
    issuedAt: new Date("2026-11-24T17:30:02Z"),
    updatedAt: new Date("2026-11-24T17:30:02Z"),
    ...values,
  };
}

export const facturaB = invoiceRow();

export const facturaA = invoiceRow({
  id: 42,
  environment: "produccion",
  voucherType: 1,
  number: 3,
  receiverDocType: 80,
  receiverDocNumber: "20267565393",
  receiverName: "Editorial Sur S.A.",
  receiverTaxCondition: 1,
  receiverAddress: "Viamonte 494, Ciudad Autónoma de Buenos Aires",
  lines: [book("El Aleph — Jorge Luis Borges", 1_234_567), taxed("Lámpara de lectura", 1_210_000, 1_000_000, 2)],
  totalCents: 3_654_567,
  netCents: 2_000_000,
  vatCents: 420_000,
  exemptCents: 1_234_567,
  vat: [{ id: 5, baseCents: 2_000_000, amountCents: 420_000 }],
});

export const facturaC = invoiceRow({
  id: 43,
  environment: "sandbox",
  issuerTaxCondition: "monotributo",
  issuerCuit: "20-26756539-3",
  issuer: { legalName: "Marta Gómez", legalAddress: "Belgrano 55, Rosario", activityStart: null },
  voucherType: 11,
  number: 7,
  receiverDocType: 96,
  receiverDocNumber: "30123456",
  receiverName: "Juan Núñez",
  receiverAddress: "San Martín 1500, Córdoba",
  lines: [book("Zama — Antonio Di Benedetto", 1_500_050)],
  totalCents: 1_500_050,
  netCents: 1_500_050,
  vatCents: 0,
  exemptCents: 0,
  vat: [],
});

export const creditNoteB = invoiceRow({
  id: 44,
  kind: "credit_note",
  orderId: null,
  originalInvoiceId: facturaB.id,
  reason: "refund",
  environment: "produccion",
  voucherType: 8,
  number: 2,
  issuedOn: "2026-11-30",
  cae: "76123456789099",
  caeExpiry: "2026-12-10",
});

type InvoiceValues = Partial<typeof invoices.$inferInsert>;

/**
 * A voucher written straight to its table, for tests that need one to exist rather than the worker that
 * issues it: by default an issued Factura B (point of sale 1, number 1, CAE, dated 2026-11-10 in the
 * sandbox) to a final consumer for $ 10.000 of books (exempt), linked to a new order made with insertOrder.
 * Pass `orderId` (or `boxPaymentId: n, orderId: null`) to link it elsewhere, `kind: "credit_note"` with
 * `originalInvoiceId` for a credit note (its order link is dropped unless given), and `status: "pending"`
 * with `number: null, cae: null...` for an unissued one. Amounts must add up (net + vat + exempt = total).
 */
export async function insertInvoice(db: Db, overrides: InvoiceValues = {}) {
  const credit = overrides.kind === "credit_note";
  const orderId =
    "orderId" in overrides || "boxPaymentId" in overrides || credit
      ? (overrides.orderId ?? null)
      : (await insertOrder(db)).id;
  const [row] = await db
    .insert(invoices)
    .values({
      kind: "invoice",
      orderId,
      environment: "sandbox",
      issuerCuit: "20000000001",
      issuerTaxCondition: "responsable_inscripto",
      issuer: {
        legalName: "Rizoma Libros S.R.L.",
        legalAddress: "Av. Corrientes 1234, CABA",
        activityStart: "2015-03-01",
      },
      pointOfSale: 1,
      voucherType: credit ? 8 : 6,
      number: 1,
      issuedOn: "2026-11-10",
      cae: "76451234567890",
      caeExpiry: "2026-11-20",
      receiverDocType: 99,
      receiverDocNumber: "0",
      receiverName: "Ana Pérez",
      receiverTaxCondition: 5,
      receiverEmail: "ana@example.com",
      totalCents: 1_000_000,
      netCents: 0,
      vatCents: 0,
      exemptCents: 1_000_000,
      vat: [],
      lines: [
        {
          description: "Facundo",
          quantity: 1,
          unitPriceCents: 1_000_000,
          totalCents: 1_000_000,
          netCents: 1_000_000,
          taxCents: 0,
          rate: "exento",
        },
      ],
      status: "issued",
      attempts: 1,
      issuedAt: new Date("2026-11-10T15:00:00-03:00"),
      createdAt: new Date("2026-11-10T14:59:00-03:00"),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("the invoice was not written");
  return row;
}
