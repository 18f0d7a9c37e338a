import { discountFor } from "~/domain/discounts/rules";
import { type Cents, percentOf } from "~/lib/money";

/**
 * Paying by bank transfer takes a percentage off (no commissions), after any discount code. The percent is
 * a setting (`bank.transferDiscountPercent`, /admin/ajustes); this is its default, the spec's 15%.
 */
export const DEFAULT_TRANSFER_DISCOUNT_PERCENT = 15;
/** The most the setting allows (docs/decisions/0024-transfer-discount.md). */
export const MAX_TRANSFER_DISCOUNT_PERCENT = 50;

export type PaymentMethod = "transfer" | "mercadopago";

export interface OrderTotals {
  subtotalCents: Cents;
  codeDiscountCents: Cents;
  transferDiscountCents: Cents;
  /** Both discounts together. */
  discountCents: Cents;
  shippingCents: Cents;
  totalCents: Cents;
}

export interface CodeTerms {
  discountPercentage: number | null;
  discountAmountCents: number | null;
}

/**
 * The order's totals (DESIGN §7): the code applies to the subtotal first, then the transfer discount takes
 * `transferDiscountPercent` off what remains (0 takes nothing); shipping is never discounted. What the buyer pays for the books is computed exactly
 * (integer maths) and rounded once, at the end; the transfer discount is what makes the parts add up.
 */
export function priceOrder(input: {
  subtotalCents: Cents;
  code: CodeTerms | null;
  paymentMethod: PaymentMethod;
  shippingCents: Cents;
  /** The shop's transfer discount, a whole percent from 0 to MAX_TRANSFER_DISCOUNT_PERCENT. */
  transferDiscountPercent: number;
}): OrderTotals {
  const { subtotalCents, code, paymentMethod, shippingCents, transferDiscountPercent } = input;
  if (
    !Number.isInteger(transferDiscountPercent) ||
    transferDiscountPercent < 0 ||
    transferDiscountPercent > MAX_TRANSFER_DISCOUNT_PERCENT
  ) {
    throw new RangeError(`transfer discount out of range: ${transferDiscountPercent}`);
  }
  const codeDiscountCents = code ? discountFor(code, subtotalCents) : 0;
  const keep = 100 - transferDiscountPercent;
  let goodsCents = subtotalCents - codeDiscountCents;
  if (paymentMethod === "transfer") {
    // Exact: subtotal x (100 - code)% x (100 - transfer)%, rounded once (a fixed amount is already whole centavos).
    goodsCents =
      code?.discountPercentage != null
        ? percentOf(subtotalCents, 100 - code.discountPercentage, keep)
        : percentOf(goodsCents, keep);
  }
  const transferDiscountCents = subtotalCents - codeDiscountCents - goodsCents;
  return {
    subtotalCents,
    codeDiscountCents,
    transferDiscountCents,
    discountCents: codeDiscountCents + transferDiscountCents,
    shippingCents,
    totalCents: goodsCents + shippingCents,
  };
}

/** The totals' line of the transfer discount: "15% por transferencia". */
export const transferDiscountLabel = (percent: number | null) =>
  percent ? `${percent}% por transferencia` : "Descuento por transferencia";

/**
 * The transfer discount an order was given, as the whole percent its amounts show (orders keep amounts,
 * not the percent of the day: the setting may have changed since). Exact for any order whose goods after
 * the code are worth more than $ 2 (the two roundings move the ratio by less than half a point); null
 * when the order had no transfer discount.
 */
export function transferPercentOf(order: {
  subtotalCents: Cents;
  codeDiscountCents: Cents;
  transferDiscountCents: Cents;
}): number | null {
  const base = order.subtotalCents - order.codeDiscountCents;
  if (order.transferDiscountCents <= 0 || base <= 0) return null;
  return Math.round((order.transferDiscountCents * 100) / base);
}
