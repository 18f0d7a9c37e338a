import { Link } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { type BoxPlanView, discountPercent, periodText, planDescription } from "~/domain/box/plans";
import type { VatRate } from "~/domain/taxes/fiscal";
import { netOf } from "~/domain/taxes/net-prices";
import { formatMoney } from "~/lib/money";

/**
 * One plan on sale: price, period, the discount against paying monthly, and SUSCRIBIRME, which links to the
 * no-JavaScript form and, with JavaScript, opens the modal instead (`onSubscribe`).
 */
export function PlanCard({
  plan,
  taxRate,
  onSubscribe,
}: {
  plan: BoxPlanView;
  taxRate: VatRate;
  onSubscribe: (event: React.MouseEvent) => void;
}) {
  const percent = discountPercent(plan);
  const popular = plan.id === "semiannual";
  return (
    <li
      className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ${popular ? "ring-2 ring-moss" : "ring-1 ring-ink/10"}`}
    >
      {popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-moss px-3 py-1 text-xs font-bold tracking-widest text-white">
          MÁS POPULAR
        </p>
      ) : null}
      <h3 className="text-2xl font-semibold text-ink">{plan.label}</h3>
      <p className="mt-1 text-ink/80">{planDescription(plan, formatMoney)}</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-3">
        <span className="text-3xl font-bold text-ink">{formatMoney(plan.priceCents)}</span>
        <span className="text-ink/80">{periodText(plan.frequencyMonths)}</span>
      </p>
      <NetPrice netCents={netOf(plan.priceCents, taxRate)} testId="plan-net" />
      {plan.originalPriceCents && percent ? (
        <p className="mt-1 flex items-center gap-3">
          <s className="text-ink/70">
            <span className="sr-only">Antes </span>
            {formatMoney(plan.originalPriceCents)}
          </s>
          <span className="rounded-full bg-terracotta-dark px-2 py-0.5 text-sm font-bold text-white">
            {percent}% OFF
          </span>
        </p>
      ) : null}
      <Link
        to={`/caja-rizoma/suscribirme?plan=${plan.id}`}
        onClick={onSubscribe}
        aria-label={`SUSCRIBIRME al plan ${plan.label}`}
        className="mt-6 inline-flex justify-center rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark"
      >
        SUSCRIBIRME
      </Link>
    </li>
  );
}
