import { and, eq, inArray, or } from "drizzle-orm";
import { NotFound } from "~/domain/errors";
import { monthYear } from "~/lib/dates";
import type { Db } from "~db/index";
import { boxPayments, invoices, orders, sales } from "~db/schema";
import { voucherLetter, voucherNumberText } from "./codes";
import { type InvoiceRow, renderInvoicePdf } from "./pdf.server";

export type { InvoiceRow };

/** "Factura-B-00001-00000012.pdf" / "Nota-de-credito-B-00001-00000003.pdf". */
export function invoiceFilename(invoice: Pick<InvoiceRow, "kind" | "voucherType" | "pointOfSale" | "number">): string {
  const kind = invoice.kind === "credit_note" ? "Nota-de-credito" : "Factura";
  return `${kind}-${voucherLetter(invoice.voucherType)}-${voucherNumberText(invoice.pointOfSale, invoice.number)}.pdf`;
}

/**
 * Every voucher of an order, oldest first: its invoice and the credit notes that cancel it (found through
 * `original_invoice_id`: a credit note carries no order of its own).
 */
export function vouchersOfOrder(db: Db, orderId: number): Promise<InvoiceRow[]> {
  return vouchersOf(db, invoices.orderId, orderId);
}

/** Every voucher of a counter or fair sale, oldest first (its invoice and the credit notes that cancel it). */
export function vouchersOfSale(db: Db, saleId: number): Promise<InvoiceRow[]> {
  return vouchersOf(db, invoices.saleId, saleId);
}

async function vouchersOf(db: Db, column: typeof invoices.orderId | typeof invoices.saleId, id: number) {
  const ownInvoices = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(column, id), eq(invoices.kind, "invoice")));
  return db
    .select()
    .from(invoices)
    .where(or(eq(column, id), inArray(invoices.originalInvoiceId, ownInvoices)))
    .orderBy(invoices.createdAt, invoices.id);
}

/** The words for what a voucher is for: "Pedido RZ-000123", "Caja Rizoma de noviembre de 2026", or null. */
export function referenceText(source: { orderNumber: string | null; boxDate: string | null }): string | null {
  if (source.orderNumber) return `Pedido ${source.orderNumber}`;
  if (source.boxDate) return `Caja Rizoma de ${monthYear(source.boxDate)}`;
  return null;
}

/** The invoice a credit note cancels; null for an invoice. */
export async function originalOf(db: Db, invoice: InvoiceRow): Promise<InvoiceRow | null> {
  if (invoice.originalInvoiceId === null) return null;
  const [original] = await db.select().from(invoices).where(eq(invoices.id, invoice.originalInvoiceId));
  return original ?? null;
}

/**
 * What a voucher is for (a credit note: what its invoice was for): the order's number, and the words its
 * PDF, its e-mail and the admin use ("Pedido RZ-000123", "Caja Rizoma de noviembre de 2026"). Pass the
 * original when it is already loaded.
 */
export async function voucherSource(
  db: Db,
  invoice: InvoiceRow,
  original?: InvoiceRow | null,
): Promise<{ orderNumber: string | null; reference: string | null }> {
  const source = (original === undefined ? await originalOf(db, invoice) : original) ?? invoice;
  if (source.orderId) {
    const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, source.orderId));
    const orderNumber = order?.number ?? null;
    return { orderNumber, reference: referenceText({ orderNumber, boxDate: null }) };
  }
  if (source.boxPaymentId) {
    const [payment] = await db
      .select({ boxDate: boxPayments.boxDate })
      .from(boxPayments)
      .where(eq(boxPayments.id, source.boxPaymentId));
    return {
      orderNumber: null,
      reference: referenceText({ orderNumber: null, boxDate: payment?.boxDate ?? null }) ?? "Caja Rizoma",
    };
  }
  if (source.saleId) {
    const [sale] = await db.select({ number: sales.number }).from(sales).where(eq(sales.id, source.saleId));
    return { orderNumber: null, reference: sale ? `Venta ${sale.number}` : null };
  }
  return { orderNumber: null, reference: null };
}

/** An issued voucher's PDF, rendered from its stored record (never from today's prices or settings). */
export async function invoicePdf(db: Db, invoiceId: number): Promise<{ filename: string; pdf: Buffer }> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (invoice?.status !== "issued") throw new NotFound("Esa factura no existe o todavía no fue emitida");
  const original = await originalOf(db, invoice);
  const { reference } = await voucherSource(db, invoice, original);
  const pdf = await renderInvoicePdf({ invoice, original, reference });
  return { filename: invoiceFilename(invoice), pdf };
}
