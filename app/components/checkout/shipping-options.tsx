import { Fragment, useEffect, useState } from "react";
import { quoteDelivery } from "~/domain/orders/delivery";
import type { ShippingSettings } from "~/domain/settings/schema";
import { daysLabel, type ShippingOption, ZIP_CODE } from "~/domain/shipping/options";
import { formatMoney, fromPesos } from "~/lib/money";

/** How long the zip code rests before the checkout asks for quotes (typing a CPA is 8 keystrokes). */
const DEBOUNCE_MS = 400;

export type QuoteState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; options: ShippingOption[] }
  | { status: "failed" };

/**
 * Asks POST /api/shipping/quote for the cart's options whenever the postal code (once it is a valid one),
 * the province or the cart changes, after a short rest; a newer question cancels the older one. Only while
 * `enabled` (the buyer chose "Envío a todo el país").
 */
export function useShippingQuote(
  enabled: boolean,
  zip: string,
  province: string,
  items: { id: number; quantity: number }[],
): QuoteState {
  const [state, setState] = useState<QuoteState>({ status: "idle" });
  const code = zip.trim().toUpperCase();
  const valid = enabled && ZIP_CODE.test(code) && items.length > 0;
  const cartKey = items.map((item) => `${item.id}x${item.quantity}`).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: cartKey stands for `items` (a new array each render).
  useEffect(() => {
    if (!valid) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    // Said at once (not after the rest), so the buyer knows the options are coming.
    setState({ status: "loading" });
    const timer = setTimeout(async () => {
      try {
        const response = await fetch("/api/shipping/quote", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({
            zipCode: code,
            ...(province ? { province } : {}),
            items: items.map(({ id, quantity }) => ({ id, quantity })),
          }),
          signal: controller.signal,
        });
        const json = (await response.json().catch(() => null)) as {
          success?: boolean;
          options?: (Omit<ShippingOption, "priceCents"> & { price: number })[];
        } | null;
        if (!response.ok || !json?.success || !json.options) throw new Error(`quote answered ${response.status}`);
        const options = json.options.map(({ price, ...option }) => ({ ...option, priceCents: fromPesos(price) }));
        setState({ status: "ready", options });
      } catch {
        if (!controller.signal.aborted) setState({ status: "failed" });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [valid, code, province, cartKey]);
  return state;
}

/** The options "Envío a todo el país" offers: the carriers' (when quoted) and the province table's two. */
export function nationwideOptions(
  quote: QuoteState,
  province: string,
  shipping: Pick<ShippingSettings, "rates" | "standardDays" | "fastDays">,
): ShippingOption[] {
  const quoted = quote.status === "ready" ? quote.options : [];
  const carriers = quoted.filter((option) => option.carrier !== "rizoma");
  const table = (["standard", "fast"] as const).map((speed): ShippingOption => {
    const id = `table:${speed}`;
    // The server's answer knows the free-shipping threshold and the CPA's province; without it, the table.
    const fromQuote = quoted.find((option) => option.id === id);
    if (fromQuote) return fromQuote;
    const price = quoteDelivery({ method: "shipping", speed, province }, shipping).shippingCents;
    return {
      id,
      carrier: "rizoma",
      service: speed === "fast" ? "Envío rápido" : "Envío estándar",
      kind: "home",
      priceCents: price,
      days: speed === "fast" ? shipping.fastDays : shipping.standardDays,
      free: price === 0,
    };
  });
  return [...carriers, ...table];
}

const KIND_LABELS = { home: "a domicilio", branch: "retirás en una sucursal", pickup: "" } as const;

const choiceClass =
  "flex cursor-pointer items-start gap-3 rounded-lg border border-ink/15 p-3 has-[:checked]:border-moss";
const inputClass =
  "mt-1 w-full rounded-lg border border-ink/25 bg-white px-3 py-2 text-ink focus:border-moss focus:outline-none focus:ring-2 focus:ring-moss/30";

/**
 * The radio list of nationwide options (name "shippingOption", the option ids the order sends) with each
 * price ("Gratis" when free) and days, and for a chosen branch option the "Sucursal" select (name
 * "branchId"). The table's two keep their test ids (shipping-standard, shipping-fast).
 */
export function ShippingOptions({
  quote,
  options,
  province,
  selected,
  onSelect,
  branchId,
  onBranch,
}: {
  quote: QuoteState;
  options: ShippingOption[];
  province: string;
  selected: string;
  onSelect: (id: string) => void;
  branchId: string;
  onBranch: (id: string) => void;
}) {
  const chosen = options.find((option) => option.id === selected);
  // Without a province (and without the quote's, from a CPA) the table has no price yet.
  const priced = (id: string) =>
    province !== "" || (quote.status === "ready" && quote.options.some((o) => o.id === id));
  return (
    <fieldset className="space-y-2">
      <legend className="block text-sm font-semibold text-ink">Opciones de envío</legend>
      <p className="text-sm text-ink/75" aria-live="polite" data-testid="shipping-quote-status">
        {quote.status === "loading"
          ? "Buscando opciones de envío…"
          : quote.status === "failed"
            ? "No pudimos consultar los correos ahora: podés elegir el envío según la provincia."
            : quote.status === "idle"
              ? "Ingresá tu código postal para ver las opciones de Correo Argentino y Andreani."
              : ""}
      </p>
      {options.map((option) => {
        const table = option.id.startsWith("table:");
        const speed = option.id.slice("table:".length);
        const price = option.free ? "Gratis" : formatMoney(option.priceCents);
        const days = daysLabel(option.days);
        return (
          <Fragment key={option.id}>
            <label className={choiceClass}>
              <input
                type="radio"
                name="shippingOption"
                value={option.id}
                checked={selected === option.id}
                onChange={() => onSelect(option.id)}
                className="mt-1 accent-moss"
              />
              <span className="text-sm leading-relaxed">
                <span className="font-semibold">
                  {table ? (speed === "fast" ? "Rápido" : "Estándar") : option.service}
                </span>
                {table
                  ? " · según la provincia"
                  : // The carrier's own name may already say it ("… a sucursal").
                    option.kind !== "pickup" && !/sucursal|domicilio/i.test(option.service)
                    ? ` · ${KIND_LABELS[option.kind]}`
                    : ""}
                {days ? ` (${days})` : ""} —{" "}
                <span data-testid={table ? `shipping-${speed}` : `shipping-option-${option.id}`}>
                  {table && !priced(option.id) ? "elegí la provincia" : price}
                </span>
              </span>
            </label>
            {option.id === chosen?.id ? <BranchSelect option={option} branchId={branchId} onBranch={onBranch} /> : null}
          </Fragment>
        );
      })}
    </fieldset>
  );
}

/** "Sucursal": the chosen branch option's branches (name — address), right under it. */
function BranchSelect({
  option,
  branchId,
  onBranch,
}: {
  option: ShippingOption;
  branchId: string;
  onBranch: (id: string) => void;
}) {
  if (option.kind !== "branch" || !option.branches?.length) return null;
  return (
    <div className="pl-7">
      <label htmlFor="checkout-branch" className="block text-sm font-semibold text-ink">
        Sucursal
      </label>
      <select
        id="checkout-branch"
        name="branchId"
        value={branchId}
        onChange={(event) => onBranch(event.target.value)}
        required
        className={inputClass}
      >
        {option.branches.map((branch) => (
          <option key={branch.id} value={branch.id}>
            {branch.name} — {branch.address}
            {branch.city ? `, ${branch.city}` : ""}
          </option>
        ))}
      </select>
    </div>
  );
}
