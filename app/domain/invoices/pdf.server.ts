import type { invoices } from "~db/schema";

export type InvoiceRow = typeof invoices.$inferSelect;

/** The seller as the voucher prints it (the fiscal settings, app/domain/settings/fiscal.ts). */
export interface InvoiceIssuer {
  legalName: string;
  cuit: string;
  taxCondition: "monotributo" | "responsable_inscripto" | "exento";
  legalAddress: string | null;
  /** yyyy-mm-dd. */
  activityStart: string | null;
}

export interface InvoicePdfInput {
  /** An issued voucher (number, CAE and date set). */
  invoice: InvoiceRow;
  issuer: InvoiceIssuer;
  /** For a credit note, the invoice it cancels. */
  original: InvoiceRow | null;
  /** The order ("RZ-000123") or the box charge ("Caja Rizoma, cobro 45") the voucher is for. */
  reference: string | null;
}

/** The voucher's PDF: ARCA's required content, its RG 4892 QR, and the test notice outside production. */
export async function renderInvoicePdf(_input: InvoicePdfInput): Promise<Buffer> {
  throw new Error("renderInvoicePdf: en construcción (rama pdf)");
}
