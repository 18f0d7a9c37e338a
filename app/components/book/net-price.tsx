import { netPriceText } from "~/domain/taxes/net-prices";
import type { Cents } from "~/lib/money";

/**
 * "Precio sin impuestos nacionales: $ X" (Ley 27.743; Res. SIC 4/2025 art. 2 inc. c: in smaller type
 * than the price it belongs to), under that price on the book page, the cart and the checkout.
 */
export function NetPrice({ netCents, testId = "net-price" }: { netCents: Cents; testId?: string }) {
  return (
    <p className="text-xs text-ink/75" data-testid={testId}>
      {netPriceText(netCents)}
    </p>
  );
}
