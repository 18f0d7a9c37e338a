/**
 * What the buyer asked the invoice to say (docs/decisions/0029): the company's razón social and CUIT given
 * at checkout, as the order pages show it. Client-safe. A Responsable Inscripto shop issues them a
 * Factura A; any other shop invoices the company with its own letter (C), so the label says only whose
 * name the invoice carries.
 */
export interface InvoiceRequest {
  /** "Factura A" or "Factura a nombre de". */
  label: string;
  /** "Librería del Sur SRL — 30-71654321-4". */
  text: string;
}

export function invoiceRequest(
  order: { buyerCuit: string | null; buyerLegalName: string | null },
  issuesFacturaA: boolean,
): InvoiceRequest | null {
  if (!order.buyerCuit || !order.buyerLegalName) return null;
  return {
    label: issuesFacturaA ? "Factura A" : "Factura a nombre de",
    text: `${order.buyerLegalName} — ${order.buyerCuit}`,
  };
}
