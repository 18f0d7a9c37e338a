import { INSTALMENTS, INSTALMENTS_CFT, INSTALMENTS_RATES, instalmentOptions } from "~/domain/orders/instalments";
import { type Cents, formatMoney } from "~/lib/money";

/*
 * The CFTEA's size. Res. SC 51-E/2017 (art. 4 of Res. 7/2002) asked for the total financing cost "contiguo",
 * in a highlighted colour, the same font and a size at least five times that of the instalments' number,
 * amount and effective rate. Res. SIC 4/2025 replaced Res. 7/2002; the summaries of it read so far name the
 * CFTEA without a ratio, and its own text was not found (docs/decisions/0052). The shop follows the strictest
 * reading, which satisfies every other: the `cftea` utility is `5em` of the text it stands in, so the
 * instalments' details around it are set small (`text-xs`) and the figure is five times them, whatever the
 * page's type scale.
 */

/**
 * "Hasta 3 cuotas sin interés — CFTEA 0,00%", where no price is at hand (the home's payment badges and its
 * card slide). `tone="dark"` on a dark background, where the highlight is ochre instead of terracotta.
 */
export function InstalmentsOffer({ tone = "light" }: { tone?: "light" | "dark" }) {
  return (
    <span className="text-xs leading-tight">
      {INSTALMENTS} —{" "}
      <strong className={`cftea ${tone === "dark" ? "text-ochre-light" : "text-terracotta-dark"}`}>
        {INSTALMENTS_CFT}
      </strong>
    </span>
  );
}

/**
 * The instalments of one price, as Res. SIC 4/2025 art. 2 asks when a price is offered financed: the cash
 * price, the number and amount of each instalment, and right next to them the CFTEA, five times their type
 * (see above). Shown only where Mercado Pago takes the payment (the caller knows whether it is available:
 * `instalmentsOffered`).
 */
export function InstalmentsPlan({ cashCents, className = "" }: { cashCents: Cents; className?: string }) {
  const options = instalmentOptions(cashCents);
  return (
    <div className={`rounded-lg bg-cream px-3 py-2 text-xs text-ink ${className}`} data-testid="instalments-plan">
      <p>
        Precio de contado: <strong>{formatMoney(cashCents)}</strong>. {INSTALMENTS} con Mercado Pago:{" "}
        {options.map((option, index) => (
          <span key={option.count}>
            {index > 0 ? " o " : ""}
            <strong>
              {option.count} cuotas de {formatMoney(option.amountCents)}
            </strong>
          </span>
        ))}
        .
      </p>
      <p className="mt-1">
        <strong className="cftea text-terracotta-dark">{INSTALMENTS_CFT}</strong>{" "}
        <span className="block">({INSTALMENTS_RATES})</span>
      </p>
    </div>
  );
}
