import type { invoices } from "~db/schema";

export type InvoiceRow = typeof invoices.$inferSelect;

export interface InvoicePdfInput {
  /** An issued voucher (number, CAE and date set); the seller is its `issuer` snapshot plus its CUIT and condition. */
  invoice: InvoiceRow;
  /** For a credit note, the invoice it cancels. */
  original: InvoiceRow | null;
  /** What the voucher is for, printed under the lines: "Pedido RZ-000123" or "Caja Rizoma, cobro de noviembre de 2026". */
  reference: string | null;
}

/** The voucher's PDF: ARCA's required content, its RG 4892 QR, and the test notice outside production. */
export async function renderInvoicePdf(_input: InvoicePdfInput): Promise<Buffer> {
  throw new Error("renderInvoicePdf: en construcción (rama pdf)");
}
