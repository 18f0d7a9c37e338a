import { type Cents, formatMoney, sumCents } from "~/lib/money";
import { type FiscalLine, type FiscalLineInput, fiscalLines, shareOut, splitTax, type VatRate } from "./fiscal";

/**
 * What the storefront shows next to a price (Ley 27.743; Res. SIC 4/2025 art. 2 inc. c): the amount
 * without national indirect taxes, from the same functions that give an order line its stored amounts,
 * so a page never disagrees with the order. Client-safe: the book page, the cart and the checkout import it.
 */
export const NET_PRICE_LABEL = "PRECIO SIN IMPUESTOS NACIONALES";

/** "PRECIO SIN IMPUESTOS NACIONALES: $ 8.264,46" — the legend as the resolution writes it, with `formatMoney`. */
export function netPriceText(netCents: Cents): string {
  return `${NET_PRICE_LABEL}: ${formatMoney(netCents)}`;
}

/** The net of one tax-included price at its category's rate (an exempt book's net is its price). */
export function netOf(grossCents: Cents, rate: VatRate): Cents {
  return splitTax(grossCents, rate).netCents;
}

export interface OrderNet {
  /** Per line, after its share of the discounts: exactly what `placeOrder` stores. */
  lines: FiscalLine[];
  /** The net of the total to pay: the lines' nets plus the net of the shipping. */
  totalNetCents: Cents;
}

/**
 * The net of a placed order's total from what its lines stored (`netCents`, after their share of the
 * discounts) plus the net of its shipping, shared out over the lines by their list amount as `orderNet`
 * does when the order is placed: the order page and its e-mail show the number the checkout showed.
 */
export function storedOrderNet(
  lines: readonly { grossCents: Cents; rate: VatRate; netCents: Cents }[],
  shippingCents: Cents,
): Cents {
  const shippingParts = shareOut(
    shippingCents,
    lines.map((line) => line.grossCents),
  );
  const shippingNet = sumCents(lines.map((line, index) => netOf(shippingParts[index] ?? 0, line.rate)));
  return sumCents(lines.map((line) => line.netCents)) + shippingNet;
}

/**
 * The net of an order's total. The lines are `fiscalLines` (discounts shared out by price). Shipping is
 * charged with the goods it carries, so it takes their treatment (docs/decisions/0025): it is shared out
 * over the lines by their price and each part split at that line's rate — a books-only order's net is its
 * total, shipping included.
 */
export function orderNet(lines: readonly FiscalLineInput[], discountCents: Cents, shippingCents: Cents): OrderNet {
  const fiscal = fiscalLines(lines, discountCents);
  const shippingParts = shareOut(
    shippingCents,
    lines.map((line) => line.grossCents),
  );
  const shippingNet = sumCents(lines.map((line, index) => netOf(shippingParts[index] ?? 0, line.rate)));
  return { lines: fiscal, totalNetCents: sumCents(fiscal.map((line) => line.netCents)) + shippingNet };
}
