import { Form } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { BoxPayments } from "~/components/box/box-payments";
import { type BoxWithdrawalInfo, BoxWithdrawalNote } from "~/components/box/withdrawal-note";
import { PickupPointOptions, ProvinceOptions } from "~/components/ui/place-options";
import { periodText, STATUS_LABELS, type SubscriptionStatus } from "~/domain/box/plans";
import { type SubscriptionAction, subscriptionActions } from "~/domain/box/subscription-actions";
import { provinceName } from "~/domain/orders/delivery";
import type { VatRate } from "~/domain/taxes/fiscal";
import { netOf } from "~/domain/taxes/net-prices";
import { monthYear } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

/** What Mi cuenta shows of one subscription (self-service.server.ts subscriptionView, as JSON). */
export interface AccountSubscription {
  id: number;
  planLabel: string;
  priceCents: number;
  shippingCents: number;
  frequencyMonths: number;
  status: SubscriptionStatus;
  nextBoxDate: string | null;
  delivery: {
    method: "delivery" | "pickup";
    address: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    pickupLocation: string | null;
  };
  payments: { amountCents: number; paidAt: string }[];
  /** "CR-000123": the number its welcome e-mail gives and the botón de arrepentimiento takes. */
  number: string;
  withdrawal: BoxWithdrawalInfo;
}

/** The page action's answer about one subscription. */
export type BoxActionAnswer = { ok: true; id: number; intent: string; message: string };
type Answer =
  | BoxActionAnswer
  | { ok: false; intent: string; message: string; fields: Record<string, string>; values: Record<string, string> };

const BUTTONS: Record<SubscriptionAction, { label: string; className: string }> = {
  pause: { label: "Pausar", className: "border border-ink/30 text-ink" },
  reactivate: { label: "Reanudar", className: "bg-moss text-white" },
  cancel: { label: "Cancelar suscripción", className: "border border-terracotta-dark text-terracotta-dark" },
};

const label = "block text-sm font-semibold text-ink";
const input =
  "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2 text-ink focus:border-moss focus:outline-none focus:ring-2 focus:ring-moss/30";

function deliveryText(delivery: AccountSubscription["delivery"]) {
  if (delivery.method === "pickup")
    return delivery.pickupLocation ? `Retiro en ${delivery.pickupLocation}` : "Retiro (lo coordinamos por WhatsApp)";
  const province = delivery.state ? provinceName(delivery.state) : null;
  return [delivery.address, delivery.city, province, delivery.zipCode].filter(Boolean).join(", ");
}

/** One subscription: plan, status, next box, delivery, payments, and the subscriber's own changes. */
export function BoxSubscriptionCard({
  subscription,
  pickupPoints,
  answer,
  busy,
  taxRate,
}: {
  subscription: AccountSubscription;
  pickupPoints: { name: string; address: string }[];
  answer: Answer | null;
  busy: boolean;
  /** The box's IVA rate, for its price without national taxes. */
  taxRate: VatRate;
}) {
  const actions = subscriptionActions(subscription, "subscriber");
  const titleId = `caja-${subscription.id}`;
  const deliveryFailure = answer && !answer.ok && answer.intent === "delivery" ? answer : null;
  const value = (name: keyof AccountSubscription["delivery"] | "deliveryMethod") =>
    deliveryFailure?.values[name] ??
    (name === "deliveryMethod" ? subscription.delivery.method : (subscription.delivery[name] ?? ""));
  const id = (name: string) => `caja-${subscription.id}-${name}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10 sm:p-6">
      <h2 id={titleId} className="font-serif text-2xl text-ink">
        Plan {subscription.planLabel}
      </h2>
      {answer && !deliveryFailure ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={`mt-3 rounded-lg p-3 ${answer.ok ? "bg-moss/10 text-moss" : "bg-terracotta/10 text-terracotta-dark"}`}
        >
          {answer.message}
        </p>
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-ink sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Número de suscripción</dt>
        <dd data-testid="account-box-number">{subscription.number}</dd>
        <dt className="font-semibold">Precio</dt>
        <dd>
          {formatMoney(subscription.priceCents)} {periodText(subscription.frequencyMonths)}
          {subscription.shippingCents > 0 ? ` + envío ${formatMoney(subscription.shippingCents)} por caja` : ""}
          <NetPrice netCents={netOf(subscription.priceCents, taxRate)} testId="account-box-net" />
        </dd>
        <dt className="font-semibold">Estado</dt>
        <dd data-testid="account-box-status">{STATUS_LABELS[subscription.status]}</dd>
        <dt className="font-semibold">Próxima caja</dt>
        <dd>
          {subscription.status === "cancelled"
            ? "Ninguna: la suscripción está cancelada"
            : subscription.nextBoxDate
              ? `La caja de ${monthYear(subscription.nextBoxDate)}, entre el 15 y el 25`
              : "Todavía no hay una caja asignada"}
        </dd>
        <dt className="font-semibold">Entrega</dt>
        <dd className="break-words">{deliveryText(subscription.delivery)}</dd>
      </dl>

      <BoxWithdrawalNote number={subscription.number} withdrawal={subscription.withdrawal} />

      <h3 className="mt-6 font-semibold text-ink">Últimos pagos</h3>
      <BoxPayments payments={subscription.payments} className="mt-1" />

      {actions.length > 0 ? (
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <input type="hidden" name="id" value={subscription.id} />
          {actions.map((action) => (
            <button
              key={action}
              type="submit"
              name="intent"
              value={action}
              disabled={busy}
              className={`rounded-full px-5 py-2.5 font-semibold disabled:opacity-70 ${BUTTONS[action].className}`}
            >
              {BUTTONS[action].label}
            </button>
          ))}
        </Form>
      ) : null}
      <p className="mt-3 text-sm text-ink/80">
        Cancelación libre, sin permanencia mínima: también le avisamos a Mercado Pago para que no te cobre más.
      </p>

      {subscription.status !== "cancelled" ? (
        <details className="mt-6 rounded-xl border border-ink/15 p-4" open={Boolean(deliveryFailure)}>
          <summary className="cursor-pointer font-semibold text-moss">Cambiar la entrega</summary>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="id" value={subscription.id} />
            <input type="hidden" name="intent" value="delivery" />
            {deliveryFailure ? (
              <p role="alert" className="rounded-lg bg-terracotta/10 p-3 text-terracotta-dark">
                {deliveryFailure.message}
              </p>
            ) : null}
            <fieldset>
              <legend className={label}>¿Cómo la recibís?</legend>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {(
                  [
                    ["delivery", "Envío a domicilio"],
                    ["pickup", "Retiro en un punto de retiro"],
                  ] as const
                ).map(([method, text]) => (
                  <label key={method} className="inline-flex items-center gap-2 text-ink">
                    <input
                      type="radio"
                      name="deliveryMethod"
                      value={method}
                      defaultChecked={value("deliveryMethod") === method}
                      className="size-4 accent-moss"
                    />
                    {text}
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="text-sm text-ink/75">Para envío a domicilio:</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label htmlFor={id("address")} className={label}>
                  Dirección
                </label>
                <input
                  id={id("address")}
                  name="address"
                  autoComplete="street-address"
                  defaultValue={value("address")}
                  className={input}
                />
              </div>
              <div>
                <label htmlFor={id("city")} className={label}>
                  Ciudad o partido
                </label>
                <input
                  id={id("city")}
                  name="city"
                  autoComplete="address-level2"
                  defaultValue={value("city")}
                  className={input}
                />
              </div>
              <div>
                <label htmlFor={id("state")} className={label}>
                  Provincia
                </label>
                <select id={id("state")} name="state" defaultValue={value("state")} className={input}>
                  <ProvinceOptions placeholder="Elegí tu provincia" />
                </select>
              </div>
              <div>
                <label htmlFor={id("zipCode")} className={label}>
                  Código postal <span className="font-normal text-ink/75">(opcional)</span>
                </label>
                <input
                  id={id("zipCode")}
                  name="zipCode"
                  autoComplete="postal-code"
                  defaultValue={value("zipCode")}
                  className={input}
                />
              </div>
            </div>
            <div>
              <label htmlFor={id("pickupLocation")} className={label}>
                Punto de retiro <span className="font-normal text-ink/75">(para retiro)</span>
              </label>
              <select
                id={id("pickupLocation")}
                name="pickupLocation"
                defaultValue={value("pickupLocation")}
                className={input}
              >
                <PickupPointOptions points={pickupPoints} />
              </select>
            </div>
            <p className="text-sm text-ink/75">
              Si la entrega nueva cambia el costo de envío, escribinos y ajustamos el cobro con Mercado Pago.
            </p>
            <button
              type="submit"
              disabled={busy}
              className="rounded-full bg-moss px-5 py-2.5 font-semibold text-white disabled:opacity-70"
            >
              Guardar la entrega
            </button>
          </Form>
        </details>
      ) : null}
    </article>
  );
}
