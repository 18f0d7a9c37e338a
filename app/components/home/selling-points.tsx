import { InstalmentsOffer } from "~/components/layout/instalments-offer";
import { useInstalmentsOffered } from "~/components/layout/use-instalments";
import { CreditCard } from "~/components/ui/icons/credit-card";
import { ShieldCheck } from "~/components/ui/icons/shield-check";

/**
 * The spec's selling points (§1): free pickup and delivery in CABA, 48 h delivery, pre-orders,
 * out-of-stock orders in 72 h and the catalogue size (computed by the loader, never hard-coded).
 */
export function SellingPoints({ titles }: { titles: string }) {
  const points = [
    "Retiro gratis en CABA",
    "Envío gratis en CABA",
    "Entrega en 48 hs",
    "Preventas",
    "Sin stock: lo conseguimos en 72 hs",
    titles,
  ];
  return (
    <section aria-label="Por qué comprar en Rizoma" className="border-y border-ink/10 bg-cream">
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-4 px-4 py-8 sm:grid-cols-3">
        {points.map((text) => (
          <li key={text} className="flex items-baseline gap-2 text-sm font-semibold" data-testid="selling-point">
            <span aria-hidden="true" className="text-terracotta-dark">
              ✦
            </span>
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Payment trust badges (§1), with the card payment provider's name. Mercado Pago and its instalments only
 * while it takes payments (useInstalmentsOffered): a shop without it advertises neither.
 */
export function PaymentBadges({ className = "" }: { className?: string }) {
  const mercadoPago = useInstalmentsOffered();
  return (
    <ul aria-label="Medios de pago" className={`flex flex-wrap items-center gap-3 text-sm font-semibold ${className}`}>
      <li className="flex items-center gap-2 rounded-full border border-ink/15 bg-white px-4 py-2">
        <ShieldCheck aria-hidden="true" className="size-4 text-moss" /> Pago 100% seguro
      </li>
      {mercadoPago ? (
        <>
          <li className="flex items-center gap-3 rounded-2xl border border-ink/15 bg-white px-4 py-2">
            <CreditCard aria-hidden="true" className="size-5 shrink-0 text-moss" /> <InstalmentsOffer />
          </li>
          <li className="flex items-center gap-2 rounded-full bg-[#00468c] px-4 py-2 text-white">
            <span
              aria-hidden="true"
              className="flex size-5 items-center justify-center rounded-full bg-[#ffe600] text-[0.6rem] font-black text-[#00468c]"
            >
              MP
            </span>
            Mercado Pago
          </li>
        </>
      ) : null}
    </ul>
  );
}
