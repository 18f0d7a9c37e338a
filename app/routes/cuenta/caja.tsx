import { Link, useNavigation } from "react-router";
import { type BoxActionAnswer, BoxSubscriptionCard } from "~/components/account/box-subscription-card";
import {
  changeCustomerSubscription,
  changeCustomerSubscriptionDelivery,
  customerSubscriptions,
} from "~/domain/accounts/box.server";
import { boxTaxRate } from "~/domain/box/page-data.server";
import { getSection } from "~/domain/settings/settings.server";
import { requireCustomer } from "~/lib/customer.server";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/caja";

export const meta: Route.MetaFunction = () => seoMeta({ title: "Mi Caja Rizoma", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  const [subscriptions, pickup, taxes] = await Promise.all([
    customerSubscriptions(context.db, email),
    getSection(context.db, "pickup"),
    getSection(context.db, "taxes"),
  ]);
  return {
    subscriptions,
    taxRate: boxTaxRate(taxes.categories),
    pickupPoints: pickup.points.map(({ name, address }) => ({ name, address })),
  };
}

const DELIVERY_FIELDS = ["deliveryMethod", "address", "city", "state", "zipCode", "pickupLocation"] as const;

/**
 * Plain form posts (no JavaScript needed): `intent` pause | reactivate | cancel, or `delivery` with the
 * new address or pickup point; `id` the subscription, which must be the signed-in reader's (else 404).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { email } = requireCustomer(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const rawId = String(form.get("id") ?? "");
  const values = Object.fromEntries(DELIVERY_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
  const ctx = requestContext(context);
  return formAction(
    values,
    async (): Promise<BoxActionAnswer> => {
      const id = idParam(rawId, "No encontramos esa suscripción en tu cuenta");
      const message =
        intent === "delivery"
          ? await changeCustomerSubscriptionDelivery(ctx, email, id, values)
          : await changeCustomerSubscription(ctx, email, id, intent);
      return { ok: true, id, intent, message };
    },
    { ok: false as const, id: rawId, intent },
  );
}

export default function AccountBox({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { subscriptions } = loaderData;
  return (
    <section aria-labelledby="mi-caja">
      <h1 id="mi-caja" className="font-serif text-3xl text-ink sm:text-4xl">
        Mi Caja Rizoma
      </h1>
      {subscriptions.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10">
          <p className="text-ink/85">
            No tenés suscripciones a la Caja Rizoma con este email. Cada mes, un libro elegido por nosotros y algunas
            sorpresas, en tu casa o para retirar.
          </p>
          <Link to="/caja-rizoma" className="mt-4 inline-flex font-semibold text-moss underline">
            Conocé la Caja Rizoma
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-6">
          {subscriptions.map((subscription) => (
            <li key={subscription.id}>
              <BoxSubscriptionCard
                subscription={subscription}
                pickupPoints={loaderData.pickupPoints}
                answer={actionData && String(actionData.id) === String(subscription.id) ? actionData : null}
                busy={busy}
                taxRate={loaderData.taxRate}
              />
            </li>
          ))}
        </ul>
      )}
      {actionData && !actionData.ok && !subscriptions.some((s) => String(s.id) === String(actionData.id)) ? (
        <p role="alert" className="mt-4 rounded-lg bg-terracotta/10 p-3 text-terracotta-dark">
          {actionData.message}
        </p>
      ) : null}
    </section>
  );
}
