import { useState } from "react";
import { Link } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { PickupPointOptions, ProvinceOptions } from "~/components/ui/place-options";
import { type BoxPlanView, discountPercent, periodText } from "~/domain/box/plans";
import { boxShippingCents, type ShippingRates } from "~/domain/box/shipping";
import type { VatRate } from "~/domain/taxes/fiscal";
import { netOf } from "~/domain/taxes/net-prices";
import { formatMoney } from "~/lib/money";

export type SubscribeValues = Partial<Record<string, string | boolean>>;

interface Props {
  plan: BoxPlanView;
  rates: ShippingRates;
  pickupPoints: { name: string; address: string; hours: string }[];
  /** The box's IVA rate (boxTaxRate): the net beside the plan's price and the total. */
  taxRate: VatRate;
  values?: SubscribeValues | null;
  error?: string | null;
  sending: boolean;
  /** The modal's Cancelar (a link back to the plans on the no-JavaScript page). */
  cancel: React.ReactNode;
  idPrefix: string;
}

const input =
  "mt-1 w-full rounded-lg border border-ink/30 bg-white px-3 py-2.5 text-ink placeholder:text-ink/60 focus:border-moss focus:outline-2 focus:outline-moss/40 disabled:opacity-70";
const label = "block font-semibold text-ink";

/** The subscription form's fields, summary and buttons; the same markup in the modal and on /caja-rizoma/suscribirme. */
export function SubscribeFields({
  plan,
  rates,
  pickupPoints,
  taxRate,
  values,
  error,
  sending,
  cancel,
  idPrefix,
}: Props) {
  const text = (name: string) => (typeof values?.[name] === "string" ? (values[name] as string) : "");
  const [deliveryMethod, setDeliveryMethod] = useState<"delivery" | "pickup">(
    text("deliveryMethod") === "pickup" ? "pickup" : "delivery",
  );
  const [state, setState] = useState(text("state"));
  const [city, setCity] = useState(text("city"));
  const shippingCents = boxShippingCents(rates, { deliveryMethod, state, city });
  const totalCents = plan.priceCents + shippingCents * plan.frequencyMonths;
  const percent = discountPercent(plan);
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <>
      <input type="hidden" name="planType" value={plan.id} />
      <div className="rounded-xl bg-cream p-4">
        <p className="font-semibold text-ink">
          Plan {plan.label}: {formatMoney(plan.priceCents)} {periodText(plan.frequencyMonths)}
        </p>
        <NetPrice netCents={netOf(plan.priceCents, taxRate)} testId="plan-net" />
        {plan.frequencyMonths > 1 && plan.originalPriceCents && percent ? (
          <p className="mt-1 text-sm text-moss">
            Ahorrás {formatMoney(plan.originalPriceCents - plan.priceCents)} ({percent}% menos) frente a pagar mes a
            mes.
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={id("error")} role="alert" className="mt-4 rounded-lg bg-terracotta/10 p-3 text-sm text-terracotta-dark">
          {error}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          id={id("firstName")}
          name="firstName"
          label="Nombre"
          autoComplete="given-name"
          values={values}
          sending={sending}
        />
        <Field
          id={id("lastName")}
          name="lastName"
          label="Apellido"
          autoComplete="family-name"
          values={values}
          sending={sending}
        />
        <Field
          id={id("email")}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          values={values}
          sending={sending}
        />
        <Field
          id={id("whatsapp")}
          name="whatsapp"
          label="WhatsApp"
          type="tel"
          autoComplete="tel"
          placeholder="+54 9 11 1234-5678"
          values={values}
          sending={sending}
        />
      </div>
      <fieldset className="mt-5">
        <legend className={label}>¿Cómo la querés recibir?</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {(
            [
              ["delivery", "Envío a domicilio"],
              ["pickup", "Retiro en un punto de retiro"],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="inline-flex items-center gap-2 text-ink">
              <input
                type="radio"
                name="deliveryMethod"
                value={value}
                checked={deliveryMethod === value}
                onChange={() => setDeliveryMethod(value)}
                disabled={sending}
                className="size-4 accent-moss"
              />
              {text}
            </label>
          ))}
        </div>
      </fieldset>
      {/* Both groups stay in the page: without JavaScript the radio cannot hide them. */}
      <div className={deliveryMethod === "pickup" ? "hidden" : "mt-4 grid gap-4 sm:grid-cols-2"}>
        <div className="sm:col-span-2">
          <Field
            id={id("address")}
            name="address"
            label="Dirección"
            autoComplete="street-address"
            values={values}
            sending={sending}
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
            value={city}
            onChange={(event) => setCity(event.target.value)}
            disabled={sending}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={id("state")} className={label}>
            Provincia <span className="font-normal text-ink/75">(opcional)</span>
          </label>
          <select
            id={id("state")}
            name="state"
            value={state}
            onChange={(event) => setState(event.target.value)}
            disabled={sending}
            className={input}
          >
            <ProvinceOptions placeholder="Elegí tu provincia" />
          </select>
        </div>
        <Field
          id={id("zipCode")}
          name="zipCode"
          label="Código postal"
          optional
          autoComplete="postal-code"
          values={values}
          sending={sending}
        />
      </div>
      <div className={deliveryMethod === "pickup" ? "mt-4" : "hidden"}>
        <label htmlFor={id("pickupLocation")} className={label}>
          Punto de retiro <span className="font-normal text-ink/75">(opcional)</span>
        </label>
        <select
          id={id("pickupLocation")}
          name="pickupLocation"
          defaultValue={text("pickupLocation")}
          disabled={sending}
          className={input}
        >
          <PickupPointOptions points={pickupPoints} />
        </select>
      </div>
      <dl className="mt-5 space-y-1 rounded-xl border border-ink/15 p-4 text-sm text-ink">
        <div className="flex justify-between gap-4">
          <dt>Envío</dt>
          <dd data-testid="shipping-cost">
            {shippingCents === 0
              ? deliveryMethod === "pickup"
                ? "Sin cargo (retiro)"
                : "Incluido (CABA y GBA)"
              : `${formatMoney(shippingCents)} por caja`}
          </dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold">
          <dt>Pagás {periodText(plan.frequencyMonths)}</dt>
          <dd data-testid="total">{formatMoney(totalCents)}</dd>
        </div>
      </dl>
      {/* Shipping takes the treatment of the books it carries (docs/decisions/0025). */}
      <NetPrice
        netCents={netOf(totalCents, taxRate)}
        testId="total-net"
        className="mt-1 text-right text-xs text-ink/75"
      />
      <label className="mt-5 flex items-start gap-2 text-ink">
        <input
          type="checkbox"
          name="acceptTerms"
          value="on"
          defaultChecked={values?.acceptTerms === true}
          disabled={sending}
          className="mt-1 size-4 accent-moss"
        />
        <span>
          Acepto los{" "}
          <Link to="/terminos" className="font-semibold text-moss underline" target="_blank" rel="noopener">
            términos y condiciones
          </Link>
        </span>
      </label>
      <p className="mt-3 text-sm text-ink/80">Cancelación libre, sin permanencia mínima. Pagás con Mercado Pago.</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {cancel}
        <button
          type="submit"
          disabled={sending}
          className="rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
        >
          {sending ? "Procesando..." : "Pagar Suscripción"}
        </button>
      </div>
    </>
  );
}

function Field(props: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  optional?: boolean;
  values?: SubscribeValues | null;
  sending: boolean;
}) {
  const value = props.values?.[props.name];
  return (
    <div>
      <label htmlFor={props.id} className={label}>
        {props.label} {props.optional ? <span className="font-normal text-ink/75">(opcional)</span> : null}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        defaultValue={typeof value === "string" ? value : ""}
        disabled={props.sending}
        className={input}
      />
    </div>
  );
}
