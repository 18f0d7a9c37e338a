import { InstalmentsOffer } from "./instalments-offer";

/**
 * The footer's line of offers: the transfer discount (when there is one) and, while Mercado Pago takes
 * payments, the instalments with their cost. Nothing when neither applies.
 */
export function FooterOffers({ percent, instalments }: { percent: number; instalments: boolean }) {
  const transfer = percent > 0 ? `${percent}% off pagando por transferencia` : null;
  if (!transfer && !instalments) return null;
  return (
    <p className="mt-4 text-sm leading-relaxed" data-testid="footer-offers">
      {transfer}
      {transfer && instalments ? " · " : null}
      {instalments ? <InstalmentsOffer /> : null}
    </p>
  );
}
