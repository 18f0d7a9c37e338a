import { data, Form, Link, useNavigation } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { BoxPayments } from "~/components/box/box-payments";
import { BoxWithdrawalNote } from "~/components/box/withdrawal-note";
import { boxTaxRate } from "~/domain/box/page-data.server";
import { periodText, STATUS_LABELS } from "~/domain/box/plans";
import { changeOwnSubscription, ownSubscription } from "~/domain/box/self-service.server";
import { type SubscriptionAction, subscriptionActions } from "~/domain/box/subscription-actions";
import { DomainError } from "~/domain/errors";
import { getSection } from "~/domain/settings/settings.server";
import { netOf } from "~/domain/taxes/net-prices";
import { monthYear } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { formatMoney } from "~/lib/money";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/mi-suscripcion";

export const meta: Route.MetaFunction = () => [
  { title: "Mi suscripción | Caja Rizoma" },
  { name: "robots", content: "noindex" },
];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

/** The subscriber's own page, reached through the signed link of the box e-mails. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const [subscription, taxes] = await Promise.all([
      ownSubscription(requestContext(context), tokenOf(request)),
      getSection(context.db, "taxes"),
    ]);
    return { subscription, taxRate: boxTaxRate(taxes.categories), error: null };
  } catch (error) {
    if (error instanceof DomainError)
      return data({ subscription: null, taxRate: null, error: error.message }, { status: error.status });
    throw error;
  }
}

/** Pause, reactivate or cancel (a plain form post: works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const intent = String((await readForm(request)).get("intent") ?? "");
  const change = async () => {
    const message = await changeOwnSubscription(requestContext(context), tokenOf(request), intent);
    return { ok: true as const, message };
  };
  return formAction({}, change, { ok: false as const });
}

/** The subscriber's buttons, one per action their subscription's status allows (subscriptionActions). */
const ACTION_BUTTONS: Record<SubscriptionAction, { label: string; className: string }> = {
  pause: {
    label: "Pausar suscripción",
    className: "rounded-full border border-ink/30 px-5 py-2.5 font-semibold text-ink disabled:opacity-70",
  },
  reactivate: {
    label: "Reactivar suscripción",
    className: "rounded-full bg-moss px-5 py-2.5 font-semibold text-white disabled:opacity-70",
  },
  cancel: {
    label: "Cancelar suscripción",
    className:
      "rounded-full border border-terracotta-dark px-5 py-2.5 font-semibold text-terracotta-dark disabled:opacity-70",
  },
};

export default function MiSuscripcion({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { subscription, taxRate, error } = loaderData;
  const actions = subscription ? subscriptionActions(subscription, "subscriber") : [];
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="font-serif text-3xl text-ink sm:text-4xl">Mi suscripción a la Caja Rizoma</h1>
        {actionData ? (
          <p
            role={actionData.ok ? "status" : "alert"}
            className={`mt-4 rounded-lg p-3 ${actionData.ok ? "bg-moss/10 text-moss" : "bg-terracotta/10 text-terracotta-dark"}`}
          >
            {actionData.message}
          </p>
        ) : null}
        {!subscription ? (
          <>
            <p className="mt-4 text-lg text-ink/85" role="alert">
              {error}
            </p>
            <Link to="/caja-rizoma" className="mt-6 inline-flex font-semibold text-moss underline">
              Ir a la Caja Rizoma
            </Link>
          </>
        ) : (
          <section className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10">
            <p className="text-lg text-ink">¡Hola, {subscription.firstName}!</p>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-ink">
              <dt className="font-semibold">Número</dt>
              <dd data-testid="own-number">{subscription.number}</dd>
              <dt className="font-semibold">Plan</dt>
              <dd>
                {subscription.planLabel}: {formatMoney(subscription.priceCents)}{" "}
                {periodText(subscription.frequencyMonths)}
                {subscription.shippingCents > 0 ? ` + envío ${formatMoney(subscription.shippingCents)} por caja` : ""}
                {taxRate ? <NetPrice netCents={netOf(subscription.priceCents, taxRate)} testId="own-net" /> : null}
              </dd>
              <dt className="font-semibold">Estado</dt>
              <dd data-testid="own-status">{STATUS_LABELS[subscription.status]}</dd>
              <dt className="font-semibold">Próxima caja</dt>
              <dd>
                {subscription.nextBoxDate
                  ? `La caja de ${monthYear(subscription.nextBoxDate)}, entre el 15 y el 25`
                  : "Todavía no hay una caja asignada"}
              </dd>
            </dl>
            <h2 className="mt-6 font-semibold text-ink">Pagos</h2>
            <BoxPayments payments={subscription.payments} />
            <BoxWithdrawalNote number={subscription.number} withdrawal={subscription.withdrawal} />
            <p className="mt-6 text-sm text-ink/80">Cancelación libre, sin permanencia mínima.</p>
            {actions.length > 0 ? (
              <Form method="post" className="mt-4 flex flex-wrap gap-3">
                {actions.map((action) => (
                  <button
                    key={action}
                    type="submit"
                    name="intent"
                    value={action}
                    disabled={busy}
                    className={ACTION_BUTTONS[action].className}
                  >
                    {ACTION_BUTTONS[action].label}
                  </button>
                ))}
              </Form>
            ) : (
              <Link to="/caja-rizoma#planes" className="mt-4 inline-flex font-semibold text-moss underline">
                Volver a suscribirme
              </Link>
            )}
          </section>
        )}
      </div>
    </main>
  );
}
