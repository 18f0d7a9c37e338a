import { discountFor } from "~/domain/discounts/rules";
import { type Cents, percentOf } from "~/lib/money";

/** Paying by bank transfer takes 15% off (no commissions), after any discount code. */
export const TRANSFER_DISCOUNT_PERCENT = 15;

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
 * 15% off what remains; shipping is never discounted. What the buyer pays for the books is computed exactly
 * (integer maths) and rounded once, at the end; the transfer discount is what makes the parts add up.
 */
export function priceOrder(input: {
  subtotalCents: Cents;
  code: CodeTerms | null;
  paymentMethod: PaymentMethod;
  shippingCents: Cents;
}): OrderTotals {
  const { subtotalCents, code, paymentMethod, shippingCents } = input;
  const codeDiscountCents = code ? discountFor(code, subtotalCents) : 0;
  const keep = 100 - TRANSFER_DISCOUNT_PERCENT;
  let goodsCents = subtotalCents - codeDiscountCents;
  if (paymentMethod === "transfer") {
    // Exact: subtotal x (100 - p)% x 85%, rounded once (a fixed amount is already whole centavos).
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
