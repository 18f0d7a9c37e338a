import type { TaxCondition } from "~/domain/settings/fiscal";
import {
  BUYER_TAX_CONDITION_LABELS,
  type BuyerTaxCondition,
  invoiceTypeFor,
  receiverConditionOf,
  voucherLabel,
} from "./codes";

/**
 * What the buyer asked the invoice to say (docs/decisions/0029): the company's razón social, CUIT and
 * condición frente al IVA given at checkout, as the order pages show it. Client-safe. A Responsable
 * Inscripto shop names the letter the condition gets (A for a responsable inscripto or monotributista, B
 * for an exempt buyer); any other shop invoices the company with its own letter (C), so the label says
 * only whose name the invoice carries.
 */
export interface InvoiceRequest {
  /** "Factura A", "Factura B" or "Factura a nombre de". */
  label: string;
  /** "Librería del Sur SRL — 30-71654321-4 — Responsable inscripto". */
  text: string;
}

export function invoiceRequest(
  order: { buyerCuit: string | null; buyerLegalName: string | null; buyerTaxCondition: BuyerTaxCondition | null },
  issuer: TaxCondition | null | undefined,
): InvoiceRequest | null {
  if (!order.buyerCuit || !order.buyerLegalName) return null;
  // An order from before the condition was asked was invoiced as Responsable Inscripto.
  const condition = order.buyerTaxCondition ?? "responsable_inscripto";
  return {
    label:
      issuer === "responsable_inscripto"
        ? voucherLabel(invoiceTypeFor(issuer, receiverConditionOf(condition)))
        : "Factura a nombre de",
    text: `${order.buyerLegalName} — ${order.buyerCuit} — ${BUYER_TAX_CONDITION_LABELS[condition]}`,
  };
}
