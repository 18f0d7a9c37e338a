import type { TaxCondition } from "~/domain/settings/fiscal";
import type { VatRate } from "~/domain/taxes/fiscal";

/**
 * ARCA's codes for the vouchers the shop issues (WSFEv1 tables FEParamGetTiposCbte, FEParamGetTiposDoc,
 * FEParamGetTiposIva, FEParamGetCondicionIvaReceptor). Client-safe: the admin pages read the labels.
 */

export const VOUCHER_TYPES = {
  1: { letter: "A", kind: "invoice", label: "Factura A" },
  6: { letter: "B", kind: "invoice", label: "Factura B" },
  11: { letter: "C", kind: "invoice", label: "Factura C" },
  3: { letter: "A", kind: "credit_note", label: "Nota de crédito A" },
  8: { letter: "B", kind: "credit_note", label: "Nota de crédito B" },
  13: { letter: "C", kind: "credit_note", label: "Nota de crédito C" },
} as const;
export type VoucherType = keyof typeof VOUCHER_TYPES;

export const isVoucherType = (value: number): value is VoucherType => Object.hasOwn(VOUCHER_TYPES, value);

export function voucherLabel(type: number): string {
  return isVoucherType(type) ? VOUCHER_TYPES[type].label : `Comprobante ${type}`;
}

export function voucherLetter(type: number): string {
  return isVoucherType(type) ? VOUCHER_TYPES[type].letter : "?";
}

/** The credit note of an invoice's letter: A -> 3, B -> 8, C -> 13. */
export function creditNoteType(invoiceType: number): VoucherType {
  switch (invoiceType) {
    case 1:
      return 3;
    case 6:
      return 8;
    case 11:
      return 13;
    default:
      throw new RangeError(`No hay nota de crédito para el comprobante ${invoiceType}`);
  }
}

/** "00003-00000012": point of sale (5 digits) and number (8), as ARCA prints them. */
export function voucherNumberText(pointOfSale: number, number: number | null): string {
  return `${String(pointOfSale).padStart(5, "0")}-${number === null ? "—" : String(number).padStart(8, "0")}`;
}

export const DOC_TYPES = { cuit: 80, cuil: 86, dni: 96, finalConsumer: 99 } as const;
export const DOC_TYPE_LABELS: Record<number, string> = { 80: "CUIT", 86: "CUIL", 96: "DNI", 99: "Consumidor final" };

/** CondicionIVAReceptorId. */
export const RECEIVER_CONDITIONS = {
  responsableInscripto: 1,
  exento: 4,
  finalConsumer: 5,
  monotributo: 6,
} as const;
export const RECEIVER_CONDITION_LABELS: Record<number, string> = {
  1: "IVA Responsable Inscripto",
  4: "IVA Sujeto Exento",
  5: "Consumidor Final",
  6: "Responsable Monotributo",
};

/** AlicIva ids by rate; 'exento' has none (it goes in ImpOpEx). */
export const VAT_IDS: Record<Exclude<VatRate, "exento">, number> = { "0": 3, "10.5": 4, "21": 5, "27": 6 };
export const VAT_ID_LABELS: Record<number, string> = { 3: "IVA 0%", 4: "IVA 10,5%", 5: "IVA 21%", 6: "IVA 27%" };

/**
 * The buyer's condición frente al IVA as the checkout asks it with a CUIT (issue 32, RG 5616), stored in
 * `orders.buyer_tax_condition`, and how the buyer reads it.
 */
export const BUYER_TAX_CONDITIONS = ["responsable_inscripto", "monotributo", "exento"] as const;
export type BuyerTaxCondition = (typeof BUYER_TAX_CONDITIONS)[number];
export const BUYER_TAX_CONDITION_LABELS: Record<BuyerTaxCondition, string> = {
  responsable_inscripto: "Responsable inscripto",
  monotributo: "Monotributo",
  exento: "Exento",
};

/**
 * The CondicionIVAReceptorId of a buyer who gave a CUIT. An order from before the condition was asked
 * (null) was invoiced as Responsable Inscripto, and still is (docs/decisions/0029).
 */
export function receiverConditionOf(condition: BuyerTaxCondition | null): number {
  switch (condition) {
    case "monotributo":
      return RECEIVER_CONDITIONS.monotributo;
    case "exento":
      return RECEIVER_CONDITIONS.exento;
    default:
      return RECEIVER_CONDITIONS.responsableInscripto;
  }
}

/**
 * Which invoice the shop issues (docs/decisions/0026, RG 5616): a Monotributo or IVA-exempt shop issues
 * Factura C whoever buys; a Responsable Inscripto issues Factura A to a Responsable Inscripto or
 * Monotributo buyer (who may compute the IVA), and Factura B to an exempt buyer and a final consumer.
 */
export function invoiceTypeFor(issuer: TaxCondition, receiverTaxCondition: number): VoucherType {
  if (issuer !== "responsable_inscripto") return 11;
  return receiverTaxCondition === RECEIVER_CONDITIONS.responsableInscripto ||
    receiverTaxCondition === RECEIVER_CONDITIONS.monotributo
    ? 1
    : 6;
}
