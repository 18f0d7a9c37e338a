import { INSTALMENTS, INSTALMENTS_CFT, INSTALMENTS_RATES, instalmentOptions } from "~/domain/orders/instalments";
import { type Cents, formatMoney } from "~/lib/money";

/**
 * "Hasta 3 cuotas sin interés — CFTEA 0,00%", the financing cost highlighted right next to the offer, where
 * no price is at hand (the home, the footer). One span, so a flex badge keeps it as one item.
 */
export function InstalmentsOffer() {
  return (
    <span>
      {INSTALMENTS} — <strong className="font-bold">{INSTALMENTS_CFT}</strong>
    </span>
  );
}

/**
 * The instalments of one price, as Res. SIC 4/2025 art. 2 and Res. SC 51-E/2017 ask when a price is offered
 * financed: the cash price, the number and amount of each instalment, and the CFTEA, bold and a step larger
 * than the instalments' amounts (TNA and TEA smaller). No size ratio is applied: the only one found (51-E's
 * "al menos cinco veces mayor") was read in secondary sources and its survival under Res. SIC 4/2025 is
 * unconfirmed (docs/decisions/0052). Shown only where Mercado Pago takes the payment (the caller knows
 * whether it is available: `instalmentsOffered`).
 */
export function InstalmentsPlan({ cashCents, className = "" }: { cashCents: Cents; className?: string }) {
  const options = instalmentOptions(cashCents);
  return (
    <div className={`rounded-lg bg-cream px-3 py-2 text-sm text-ink ${className}`} data-testid="instalments-plan">
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
      <p className="mt-0.5">
        <strong className="text-base font-bold">{INSTALMENTS_CFT}</strong>{" "}
        <span className="text-xs text-ink/75">({INSTALMENTS_RATES})</span>
      </p>
    </div>
  );
}
