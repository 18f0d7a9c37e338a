import type { Db } from "~db/index";
import { invoices } from "~db/schema";
import { insertOrder } from "./order-row";

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
