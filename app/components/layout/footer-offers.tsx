/**
 * The footer's offer: the transfer discount, when there is one. The instalments are not advertised here:
 * where they are (the home's badges, the book page, checkout) their CFTEA stands next to them at five times
 * their type (components/layout/instalments-offer.tsx), too large a figure for every page's footer.
 */
export function FooterOffers({ percent }: { percent: number }) {
  if (percent <= 0) return null;
  return (
    <p className="mt-4 text-sm leading-relaxed" data-testid="footer-offers">
      {percent}% off pagando por transferencia
    </p>
  );
}
