import { NetPrice } from "~/components/book/net-price";
import { Truck } from "~/components/ui/icons/truck";
import type { BoxPlanView } from "~/domain/box/plans";
import type { VatRate } from "~/domain/taxes/fiscal";
import { netOf } from "~/domain/taxes/net-prices";
import { formatMoney } from "~/lib/money";

/** The landing's opening band: what the box is, the monthly price (when a plan is on sale) and a way to the plans. */
export function BoxHero({
  monthly,
  taxRate,
}: {
  monthly: Pick<BoxPlanView, "priceCents"> | undefined;
  taxRate: VatRate;
}) {
  return (
    <section aria-labelledby="titulo-caja" className="bg-moss text-white">
      <div className="mx-auto max-w-5xl px-4 py-16 sm:py-24">
        <p className="text-sm font-semibold uppercase tracking-widest text-ochre-light">Suscripción mensual</p>
        <h1 id="titulo-caja" className="mt-2 font-serif text-4xl sm:text-6xl">
          Caja Rizoma
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-white/90">
          Dos libros sorpresa cada mes, elegidos por una curadora o un curador distinto, con señaladores, stickers y una
          carta personal.
        </p>
        {monthly ? (
          <p className="mt-6 text-2xl font-semibold">
            {formatMoney(monthly.priceCents)} <span className="text-base font-normal">por mes</span>
          </p>
        ) : null}
        {monthly ? (
          <NetPrice
            netCents={netOf(monthly.priceCents, taxRate)}
            testId="box-hero-net"
            className="text-xs text-white/85"
          />
        ) : null}
        <p className="mt-1 inline-flex items-center gap-2 text-white/90">
          <Truck aria-hidden="true" className="size-5" /> Envío gratis en CABA y GBA
        </p>
        <div className="mt-8">
          <a
            href="#planes"
            className="inline-flex rounded-full bg-ochre-light px-6 py-3 font-semibold text-ink hover:bg-white"
          >
            Ver planes
          </a>
        </div>
      </div>
    </section>
  );
}
