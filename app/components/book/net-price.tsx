import { netPriceText } from "~/domain/taxes/net-prices";
import type { Cents } from "~/lib/money";

/**
 * "PRECIO SIN IMPUESTOS NACIONALES: $ X" (Ley 27.743; Res. SIC 4/2025 art. 2 inc. c: the legend as written,
 * in smaller type than the price it belongs to), under every price a buyer sees: cards, search, the book
 * page, the box plans, the cart, the checkout and the orders. One element, so a grid of cards stays light;
 * `testId={null}` leaves the attribute out (the cards). `netCents` comes from the book's fiscal category's
 * rate (`netOf`, or the catalogue's `netPrice`), or from what an order line stored.
 */
export function NetPrice({
  netCents,
  testId = "net-price",
  className = "text-xs text-ink/75",
  as: Tag = "p",
}: {
  netCents: Cents;
  testId?: string | null;
  className?: string;
  /** "span" inside phrasing content (a search result's link, a listbox option). */
  as?: "p" | "span";
}) {
  return (
    <Tag className={className} data-testid={testId ?? undefined}>
      {netPriceText(netCents)}
    </Tag>
  );
}
