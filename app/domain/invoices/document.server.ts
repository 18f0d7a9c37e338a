import { eq } from "drizzle-orm";
import { NotFound } from "~/domain/errors";
import { monthYear } from "~/lib/dates";
import type { Db } from "~db/index";
import { boxPayments, invoices, orders } from "~db/schema";
import { voucherLetter, voucherNumberText } from "./codes";
import { type InvoiceRow, renderInvoicePdf } from "./pdf.server";

export type { InvoiceRow };

/** "Factura-B-00001-00000012.pdf" / "Nota-de-credito-B-00001-00000003.pdf". */
export function invoiceFilename(invoice: Pick<InvoiceRow, "kind" | "voucherType" | "pointOfSale" | "number">): string {
  const kind = invoice.kind === "credit_note" ? "Nota-de-credito" : "Factura";
  return `${kind}-${voucherLetter(invoice.voucherType)}-${voucherNumberText(invoice.pointOfSale, invoice.number)}.pdf`;
}

/** What a voucher is for, as its PDF and the admin name it. */
export async function invoiceReference(db: Db, invoice: InvoiceRow): Promise<string | null> {
  const source = invoice.originalInvoiceId
    ? ((await db.select().from(invoices).where(eq(invoices.id, invoice.originalInvoiceId)))[0] ?? invoice)
    : invoice;
  if (source.orderId) {
    const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, source.orderId));
    return order ? `Pedido ${order.number}` : null;
  }
  if (source.boxPaymentId) {
    const [payment] = await db
      .select({ boxDate: boxPayments.boxDate })
      .from(boxPayments)
      .where(eq(boxPayments.id, source.boxPaymentId));
    return payment ? `Caja Rizoma de ${monthYear(payment.boxDate)}` : "Caja Rizoma";
  }
  return null;
}

/** An issued voucher's PDF, rendered from its stored record (never from today's prices or settings). */
export async function invoicePdf(db: Db, invoiceId: number): Promise<{ filename: string; pdf: Buffer }> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (invoice?.status !== "issued") throw new NotFound("Esa factura no existe o todavía no fue emitida");
  const original = invoice.originalInvoiceId
    ? ((await db.select().from(invoices).where(eq(invoices.id, invoice.originalInvoiceId)))[0] ?? null)
    : null;
  const pdf = await renderInvoicePdf({ invoice, original, reference: await invoiceReference(db, invoice) });
  return { filename: invoiceFilename(invoice), pdf };
}
