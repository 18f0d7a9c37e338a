import { CheckoutForm } from "~/components/checkout/checkout-form";
import { useInstalmentsOffered } from "~/components/layout/use-instalments";
import { checkoutProfile } from "~/domain/accounts/profile.server";
import { TERMS } from "~/domain/legal/terms.server";
import { publicSections } from "~/domain/settings/public-settings.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) => seoMeta({ title: "Finalizar compra", noIndex: true, matches });

/** Never cached, never indexed: it is one visitor's purchase. */
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/** What the form needs to paint: pickup points and the shipping table (costs shown as the province changes). */
export async function loader({ context }: Route.LoaderArgs) {
  // From memory while no public change happened: the order API prices everything again from the database.
  const settings = await publicSections(context.db);
  return {
    // A signed-in reader's saved details and addresses fill the form (Mi cuenta, "Mis datos").
    saved: context.customer ? await checkoutProfile(context.db, context.customer.email) : null,
    pickupPoints: settings.pickup.points,
    shipping: {
      rates: settings.shipping.rates,
      standardDays: settings.shipping.standardDays,
      fastDays: settings.shipping.fastDays,
    },
    // The browser's preview prices with the shop's percent; the server prices the order again with it.
    transferDiscountPercent: settings.bank.transferDiscountPercent,
    termsVersionLabel: TERMS.label,
    issuesFacturaA: settings.fiscal.taxCondition === "responsable_inscripto",
    identifyConsumerFrom: settings.invoicing.identifyConsumerFrom,
    cartReminderHours: settings.accounts.cartReminderHours,
  };
}

/**
 * /checkout. The cart lives in this device's localStorage, so this page needs JavaScript: without it,
 * a clear message and a way back to the shop (docs/decisions/0011-orders-checkout.md). With it, the
 * form posts the cart's lines (ids and quantities only) to POST /api/orders, which prices everything.
 */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  // The shop layout's answer (instalmentsOffered): whether Mercado Pago takes cards, so its plan is offered.
  const instalments = useInstalmentsOffered();
  return (
    <main id="contenido" className="mx-auto w-full max-w-5xl flex-1 px-4 py-10">
      <h1 className="font-serif text-3xl sm:text-4xl">Finalizar compra</h1>
      <noscript>
        <p className="mt-6 rounded-lg bg-white p-6" data-testid="checkout-noscript">
          Tu carrito se guarda en este dispositivo y para finalizar la compra necesitamos JavaScript. Activalo en tu
          navegador, o seguí recorriendo la{" "}
          <a href="/tienda" className="font-semibold text-moss underline">
            tienda
          </a>
          . También podés escribirnos por WhatsApp y armamos el pedido con vos.
        </p>
      </noscript>
      <CheckoutForm {...loaderData} instalments={instalments} />
    </main>
  );
}
