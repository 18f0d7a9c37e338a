/** The states of an invoice (its job's state), as the admin names them. Client-safe: admin pages read it. */
export const INVOICE_STATUSES = ["pending", "issuing", "issued", "failed", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const isInvoiceStatus = (value: unknown): value is InvoiceStatus =>
  typeof value === "string" && (INVOICE_STATUSES as readonly string[]).includes(value);

/** A voucher's state as the list's filter and badges name it. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: "Pendiente",
  issuing: "Emitiendo",
  issued: "Emitida",
  failed: "Con error",
  cancelled: "Anulada",
};

/** "2026-11": a month of the list and of the accountant's CSV. */
export const MONTH_PATTERN = /^2\d{3}-(0[1-9]|1[0-2])$/;

/**
 * The receiver's document as the admin and the accountant read it: "CUIT 30-71234567-8", "DNI 30123456"
 * or "Consumidor final" (DocTipo 99, an anonymous final consumer).
 */
export function receiverDocumentText(docType: number, docNumber: string): string {
  const digits = docNumber.replace(/\D/g, "");
  if (docType === 80 && digits.length === 11)
    return `CUIT ${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
  if (docType === 80) return `CUIT ${digits}`;
  if (docType === 96) return `DNI ${digits}`;
  return "Consumidor final";
}
