import { InstalmentsOffer } from "./instalments-offer";

/** The footer's line of offers: the transfer discount (when there is one) and the instalments with their cost. */
export function FooterOffers({ percent }: { percent: number }) {
  return (
    <p className="mt-4 text-sm leading-relaxed">
      {percent > 0 ? `${percent}% off pagando por transferencia · ` : null}
      <InstalmentsOffer />
    </p>
  );
}
