import { useState } from "react";
import { useNavigate } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { CartLines, EmptyCart, fiscalInputs } from "~/components/cart/cart-lines";
import { cartStore, useCart } from "~/components/cart/use-cart";
import { InstalmentsPlan } from "~/components/layout/instalments-offer";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import { ProvinceOptions } from "~/components/ui/place-options";
import type { CheckoutProfile } from "~/domain/accounts/profile.server";
import { quoteDelivery } from "~/domain/orders/delivery";
import { priceOrder, transferDiscountLabel } from "~/domain/orders/pricing";
import type { PickupPoint, ShippingSettings } from "~/domain/settings/schema";
import { orderNet } from "~/domain/taxes/net-prices";
import { formatMoney } from "~/lib/money";
import { CartReminderField } from "./cart-reminder-field";
import { type AppliedCode, DiscountField } from "./discount-field";
import { DocumentField, type InvoiceField, InvoiceFields } from "./invoice-fields";
import { nationwideOptions, ShippingOptions, useShippingQuote } from "./shipping-options";
import { submitOrder } from "./submit-order";
import { WithdrawalNotice } from "./withdrawal-notice";

export interface CheckoutData {
  pickupPoints: PickupPoint[];
  shipping: Pick<ShippingSettings, "rates" | "standardDays" | "fastDays">;
  /** The shop's transfer discount (bank.transferDiscountPercent); 0: no discount and no copy about it. */
  transferDiscountPercent: number;
  /** The terms in force, in words: "del 25 de noviembre de 2026". */
  termsVersionLabel: string;
  /** The shop is Responsable Inscripto: a buyer's CUIT gets a Factura A or B by its condition (docs/decisions/0029). */
  issuesFacturaA: boolean;
  /** RG 5700/2025 (Ajustes → Facturación electrónica): from this total, whole pesos, a final consumer gives a DNI/CUIL. */
  identifyConsumerFrom: number;
  /** A signed-in reader's saved details and addresses (the default first), which fill the form; null for guests. */
  saved?: CheckoutProfile | null;
  /** "Recordame mi carrito" sends its one e-mail this many hours after the last change (accounts setting). */
  cartReminderHours: number;
  /** Mercado Pago takes payments here now: only then are its instalments offered (with their CFTEA). */
  instalments: boolean;
}

type Method = "pickup" | "caba" | "shipping";
type Payment = "transfer" | "mercadopago";

const label = "block text-sm font-semibold text-ink";
const input =
  "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2 text-ink focus:border-moss focus:outline-none focus:ring-2 focus:ring-moss/30";
const fieldset = "space-y-4 rounded-lg bg-white p-5";
const legend = "px-1 font-serif text-xl";
const choice = "flex cursor-pointer items-start gap-3 rounded-lg border border-ink/15 p-3 has-[:checked]:border-moss";

export function CheckoutForm({
  pickupPoints,
  shipping,
  transferDiscountPercent,
  termsVersionLabel,
  issuesFacturaA,
  identifyConsumerFrom,
  saved = null,
  cartReminderHours,
  instalments,
}: CheckoutData) {
  const cart = useCart();
  const navigate = useNavigate();
  const [addressId, setAddressId] = useState(saved?.addresses[0]?.id ?? null);
  const savedAddress = saved?.addresses.find((a) => a.id === addressId) ?? null;
  const [method, setMethod] = useState<Method>(savedMethod(savedAddress));
  const [province, setProvince] = useState(savedAddress?.province ?? "");
  const [zip, setZip] = useState(savedAddress?.zipCode ?? "");
  const [shippingOption, setShippingOption] = useState("table:standard");
  const [branchId, setBranchId] = useState("");
  const [payment, setPayment] = useState<Payment>("transfer");
  const [code, setCode] = useState<AppliedCode | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invoiceError, setInvoiceError] = useState<{ field: InvoiceField; message: string } | null>(null);
  const [cuitTyped, setCuitTyped] = useState(false);
  const [shortLines, setShortLines] = useState<{ title: string; requested: number; available: number }[]>([]);
  const quote = useShippingQuote(method === "shipping" && cart.loaded, zip, province, cart.items);

  if (!cart.loaded) return <p className="mt-6 text-ink/75">Cargando tu carrito…</p>;
  if (cart.items.length === 0) {
    return <EmptyCart />;
  }

  const subtotalCents = cart.totalCents;
  // "Envío a todo el país": the option chosen among the carriers' and the table's (the standard table
  // when the chosen one is gone from a newer quote); a branch option's branch is the chosen or the closest.
  const options = nationwideOptions(quote, province, shipping);
  const chosen =
    options.find((option) => option.id === shippingOption) ?? options.find((o) => o.id === "table:standard");
  const branches = chosen?.kind === "branch" ? (chosen.branches ?? []) : [];
  const branch = branches.find((each) => each.id === branchId) ?? branches[0] ?? null;
  // A parcel waiting at a carrier's branch needs no street address (the order keeps it when given).
  const toBranch = method === "shipping" && chosen?.kind === "branch";
  const tableUnpriced = chosen?.id.startsWith("table:") && !province && quote.status !== "ready";
  const delivery =
    method === "shipping"
      ? { shippingCents: tableUnpriced ? 0 : (chosen?.priceCents ?? 0) }
      : quoteDelivery({ method, province }, shipping);
  const codeTerms = code ? { discountPercentage: null, discountAmountCents: code.discountCents } : null;
  const totals = priceOrder({
    subtotalCents,
    code: codeTerms,
    paymentMethod: payment,
    shippingCents: delivery.shippingCents,
    transferDiscountPercent,
  });
  const transferTotals = priceOrder({
    subtotalCents,
    code: codeTerms,
    paymentMethod: "transfer",
    shippingCents: 0,
    transferDiscountPercent,
  });
  // Paying with Mercado Pago (no transfer discount): the cash price its instalments split.
  const cardTotals = priceOrder({
    subtotalCents,
    code: codeTerms,
    paymentMethod: "mercadopago",
    shippingCents: delivery.shippingCents,
    transferDiscountPercent,
  });
  // The same split the order stores (placeOrder's fiscalLines), on the same totals this summary shows.
  const inputs = fiscalInputs(cart.items);
  const net = inputs ? orderNet(inputs, totals.discountCents, totals.shippingCents) : null;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    setInvoiceError(null);
    setShortLines([]);
    const outcome = await submitOrder(event.currentTarget, cart.items, code?.code ?? null, {
      fromPesos: identifyConsumerFrom,
      totalCents: totals.totalCents,
    });
    if (outcome.kind === "placed") {
      cartStore().clearCart();
      if (outcome.paymentUrl) {
        window.location.assign(outcome.paymentUrl);
        return;
      }
      navigate(`/pedido/${outcome.number}?token=${encodeURIComponent(outcome.token)}&nuevo=1`);
      return;
    }
    setSending(false);
    setError(outcome.error);
    if (outcome.kind === "error" && outcome.field) setInvoiceError({ field: outcome.field, message: outcome.error });
    if (outcome.kind === "stock") {
      setShortLines(outcome.items);
      // The cart's own check marks each short line (spec §4 stockErrors).
      await cartStore().validateCartStock();
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]" aria-busy={sending}>
      <div className="space-y-6">
        <fieldset className={fieldset}>
          <legend className={legend}>Tus datos</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="firstName" label="Nombre" autoComplete="given-name" defaultValue={saved?.firstName} />
            <Field name="lastName" label="Apellido" autoComplete="family-name" defaultValue={saved?.lastName} />
            <Field name="email" label="Email" type="email" autoComplete="email" defaultValue={saved?.email} />
            <Field
              name="phone"
              label="Teléfono"
              type="tel"
              autoComplete="tel"
              placeholder="+54 9 11 1234-5678"
              defaultValue={saved?.phone}
            />
          </div>
          <CartReminderField items={cart.items} hours={cartReminderHours} />
          {totals.totalCents >= identifyConsumerFrom * 100 && !cuitTyped ? (
            <DocumentField
              fromCents={identifyConsumerFrom * 100}
              error={invoiceError?.field === "document" ? invoiceError.message : null}
            />
          ) : null}
          <InvoiceFields issuesFacturaA={issuesFacturaA} error={invoiceError} onCuitChange={setCuitTyped} />
        </fieldset>

        <fieldset className={fieldset}>
          <legend className={legend}>Entrega</legend>
          <div className="space-y-2">
            <Choice name="method" value="pickup" checked={method === "pickup"} onChange={() => setMethod("pickup")}>
              <span className="font-semibold">Retiro en persona</span> — gratis
            </Choice>
            <Choice name="method" value="caba" checked={method === "caba"} onChange={() => setMethod("caba")}>
              <span className="font-semibold">Envío en CABA</span> — gratis
            </Choice>
            <Choice
              name="method"
              value="shipping"
              checked={method === "shipping"}
              onChange={() => setMethod("shipping")}
            >
              <span className="font-semibold">Envío a todo el país</span> — por correo, a domicilio o a una sucursal
            </Choice>
          </div>
          {method === "pickup" ? (
            <div>
              <label htmlFor="pickupPoint" className={label}>
                Punto de retiro
              </label>
              <select id="pickupPoint" name="pickupPoint" className={input}>
                {pickupPoints.map((point) => (
                  <option key={point.name} value={point.name}>
                    {point.name} — {point.address}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            // Keyed by the saved address chosen, so picking another one refills the fields.
            <div className="grid gap-4 sm:grid-cols-2" key={addressId ?? "nueva"}>
              {saved && saved.addresses.length > 1 ? (
                <div className="sm:col-span-2">
                  <label htmlFor="savedAddress" className={label}>
                    Tus direcciones guardadas
                  </label>
                  <select
                    id="savedAddress"
                    value={addressId ?? ""}
                    onChange={(event) => {
                      const next = saved.addresses.find((a) => String(a.id) === event.target.value) ?? null;
                      setAddressId(next?.id ?? null);
                      setZip(next?.zipCode ?? "");
                      if (next) {
                        setMethod(savedMethod(next));
                        setProvince(next.province);
                      }
                    }}
                    className={input}
                  >
                    {saved.addresses.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.label}: {a.address}, {a.city}
                      </option>
                    ))}
                    <option value="">Otra dirección</option>
                  </select>
                </div>
              ) : null}
              <Field
                name="address"
                label="Dirección"
                autoComplete="street-address"
                className="sm:col-span-2"
                defaultValue={savedAddress?.address}
                optional={toBranch}
              />
              <Field
                name="city"
                label={method === "caba" ? "Barrio" : "Ciudad"}
                autoComplete="address-level2"
                defaultValue={savedAddress?.city}
                optional={toBranch}
              />
              {method === "shipping" ? (
                <>
                  <div>
                    <label htmlFor="province" className={label}>
                      Provincia
                    </label>
                    <select
                      id="province"
                      name="province"
                      value={province}
                      onChange={(event) => setProvince(event.target.value)}
                      className={input}
                    >
                      <ProvinceOptions placeholder="Elegí una provincia" />
                    </select>
                  </div>
                  <Field
                    name="zipCode"
                    label="Código postal"
                    placeholder="C1425ABC o 1425"
                    autoComplete="postal-code"
                    defaultValue={savedAddress?.zipCode}
                    onValue={setZip}
                  />
                </>
              ) : (
                <Field
                  name="zipCode"
                  label="Código postal"
                  optional
                  placeholder="C1425ABC"
                  autoComplete="postal-code"
                  defaultValue={savedAddress?.zipCode}
                />
              )}
            </div>
          )}
          {method === "shipping" ? (
            <ShippingOptions
              quote={quote}
              options={options}
              province={province}
              selected={chosen?.id ?? "table:standard"}
              onSelect={setShippingOption}
              branchId={branch?.id ?? ""}
              onBranch={setBranchId}
            />
          ) : null}
        </fieldset>

        <fieldset className={fieldset}>
          <legend className={legend}>Pago</legend>
          <Choice
            name="paymentMethod"
            value="transfer"
            checked={payment === "transfer"}
            onChange={() => setPayment("transfer")}
          >
            <span className="font-semibold">Transferencia bancaria</span> —{" "}
            {transferDiscountPercent > 0 ? (
              <>
                {transferDiscountPercent}% de descuento, sin comisiones.{" "}
                <span className="text-moss-dark" data-testid="transfer-saving">
                  Ahorrás {formatMoney(transferTotals.transferDiscountCents)}
                </span>
              </>
            ) : (
              "sin comisiones."
            )}
          </Choice>
          <Choice
            name="paymentMethod"
            value="mercadopago"
            checked={payment === "mercadopago"}
            onChange={() => setPayment("mercadopago")}
          >
            <span className="font-semibold">Mercado Pago</span> — tarjetas de crédito y débito.
          </Choice>
          {instalments ? <InstalmentsPlan cashCents={cardTotals.totalCents} /> : null}
        </fieldset>
      </div>

      <aside className="h-fit space-y-4 rounded-lg bg-white p-5" aria-labelledby="resumen-titulo">
        <h2 id="resumen-titulo" className="font-serif text-xl">
          Tu pedido
        </h2>
        <CartLines items={cart.items} busy={cart.isValidatingStock || sending} compact fiscal={net?.lines} />
        <DiscountField subtotalCents={subtotalCents} applied={code} onChange={setCode} />
        <dl className="space-y-1 text-sm" data-testid="checkout-summary">
          <Row label="Subtotal" value={formatMoney(totals.subtotalCents)} />
          {totals.codeDiscountCents > 0 ? (
            <Row label={`Código ${code?.code}`} value={`− ${formatMoney(totals.codeDiscountCents)}`} />
          ) : null}
          {totals.transferDiscountCents > 0 ? (
            <Row
              label={transferDiscountLabel(transferDiscountPercent)}
              value={`− ${formatMoney(totals.transferDiscountCents)}`}
            />
          ) : null}
          <Row
            label="Envío"
            value={
              method === "shipping" && tableUnpriced
                ? "según la provincia"
                : totals.shippingCents
                  ? formatMoney(totals.shippingCents)
                  : "Gratis"
            }
          />
          <div className="flex justify-between border-t border-ink/10 pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd data-testid="checkout-total">{formatMoney(totals.totalCents)}</dd>
          </div>
        </dl>
        {net ? (
          <div className="-mt-3 text-right">
            <NetPrice netCents={net.totalNetCents} testId="checkout-total-net" />
          </div>
        ) : null}
        {error ? (
          <div
            role="alert"
            className="rounded-lg bg-terracotta/10 p-3 text-sm text-terracotta-dark"
            data-testid="checkout-error"
          >
            <p className="font-semibold">{error}</p>
            {shortLines.length ? (
              <ul className="mt-1 list-disc pl-5">
                {shortLines.map((line) => (
                  <li key={line.title}>
                    «{line.title}»: pediste {line.requested},{" "}
                    {line.available === 0 ? "no quedan" : `quedan ${line.available}`}.
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <WithdrawalNotice />
        <p className="text-xs text-ink/75" data-testid="checkout-terms">
          Al confirmar aceptás los{" "}
          <a href="/terminos" target="_blank" rel="noopener" className="font-semibold text-moss underline">
            Términos y condiciones<span className="sr-only">, que se abren en otra pestaña</span>
          </a>{" "}
          (versión {termsVersionLabel}).
        </p>
        <button
          type="submit"
          disabled={sending}
          className="w-full rounded-full bg-moss px-6 py-3 font-bold tracking-wider text-white hover:bg-moss-dark disabled:cursor-wait disabled:opacity-80"
        >
          {sending ? "Registrando tu pedido…" : payment === "transfer" ? "CONFIRMAR PEDIDO" : "PAGAR CON MERCADO PAGO"}
        </button>
        <p className="text-xs text-ink/75">Los precios y el stock se confirman al registrar el pedido.</p>
        <PersonalDataNotice />
      </aside>
    </form>
  );
}

/** A saved address in CABA is the free "Envío en CABA"; anywhere else, shipping by province. */
function savedMethod(address: { province: string } | null): Method {
  if (!address) return "pickup";
  return address.province === "C" ? "caba" : "shipping";
}

function Row({ label: text, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{text}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Field(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  optional?: boolean;
  className?: string;
  defaultValue?: string;
  /** Told the value as it is typed (the postal code asks for shipping quotes). */
  onValue?: (value: string) => void;
}) {
  const id = `checkout-${props.name}`;
  return (
    <div className={props.className}>
      <label htmlFor={id} className={label}>
        {props.label} {props.optional ? <span className="font-normal text-ink/75">(opcional)</span> : null}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        defaultValue={props.defaultValue}
        onChange={props.onValue ? (event) => props.onValue?.(event.currentTarget.value) : undefined}
        required={!props.optional}
        className={input}
      />
    </div>
  );
}

function Choice(props: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: React.ReactNode;
}) {
  return (
    <label className={choice}>
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        onChange={props.onChange}
        className="mt-1 accent-moss"
      />
      <span className="text-sm leading-relaxed">{props.children}</span>
    </label>
  );
}
