import { PROVINCES_BY_NAME } from "~/domain/settings/argentina";
import type { Settings } from "~/domain/settings/schema";
import { Field, MoneyField } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

type Shipping = Settings["shipping"];

export function ShippingSection({ shipping, state }: { shipping: Shipping; state: SectionState }) {
  const names = [
    "standardDays.min",
    "standardDays.max",
    "fastDays.min",
    "fastDays.max",
    ...PROVINCES_BY_NAME.flatMap(({ code }) => [`rates.${code}.standardCents`, `rates.${code}.fastCents`]),
  ];
  return (
    <SettingsForm
      section="shipping"
      description="Costo del envío por correo a cada provincia, en pesos (por ejemplo 12.500 o 12500,50). El retiro es gratis."
      names={names}
      saveLabel="Guardar envíos"
      state={state}
      stored={shipping}
    >
      <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <BusinessDays kind="standardDays" legend="Envío estándar" shipping={shipping} />
        <BusinessDays kind="fastDays" legend="Envío rápido" shipping={shipping} />
      </div>
      <RatesTable shipping={shipping} errors={state.errors} />
    </SettingsForm>
  );
}

function BusinessDays({
  kind,
  legend,
  shipping,
}: {
  kind: "standardDays" | "fastDays";
  legend: string;
  shipping: Shipping;
}) {
  return (
    <fieldset className="rounded-lg border border-ink/15 p-3">
      <legend className="px-1 text-sm font-semibold">{legend}: días hábiles</legend>
      <div className="grid grid-cols-2 gap-3">
        <Field name={`${kind}.min`} label="Desde" value={shipping[kind].min} type="number" min={1} max={60} />
        <Field name={`${kind}.max`} label="Hasta" value={shipping[kind].max} type="number" min={1} max={60} />
      </div>
    </fieldset>
  );
}

const dayRange = (range: { min: number; max: number }) => `${range.min}-${range.max} días hábiles`;

function RatesTable({ shipping, errors }: { shipping: Shipping; errors: Record<string, string> }) {
  return (
    // Fixed layout: a long error message wraps inside its cell instead of widening the table.
    <table className="w-full max-w-2xl table-fixed text-sm">
      <caption className="sr-only">Costos de envío por provincia, en pesos</caption>
      <colgroup>
        <col className="w-[34%]" />
        <col className="w-[33%]" />
        <col className="w-[33%]" />
      </colgroup>
      <thead>
        <tr className="border-b border-ink/15 text-left">
          <th scope="col" className="py-2 pr-2 font-semibold">
            Provincia
          </th>
          <th scope="col" className="px-1 py-2 font-semibold">
            Estándar <span className="block text-xs font-normal text-ink/75">{dayRange(shipping.standardDays)}</span>
          </th>
          <th scope="col" className="py-2 pl-1 font-semibold">
            Rápido <span className="block text-xs font-normal text-ink/75">{dayRange(shipping.fastDays)}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {PROVINCES_BY_NAME.map(({ code, name }) => {
          const cellError = errors[`rates.${code}.standardCents`] ?? errors[`rates.${code}.fastCents`];
          return (
            <tr key={code} className="border-b border-ink/10 align-top">
              <th scope="row" className={`py-2 pr-2 text-left font-normal ${cellError ? "text-terracotta" : ""}`}>
                <span className="block pt-3">{name}</span>
              </th>
              {(["standardCents", "fastCents"] as const).map((kind) => (
                <td key={kind} className={kind === "standardCents" ? "px-1 py-1" : "py-1 pl-1"}>
                  <MoneyField
                    name={`rates.${code}.${kind}`}
                    label={`${kind === "standardCents" ? "Envío estándar" : "Envío rápido"} a ${name}`}
                    cents={shipping.rates[code][kind]}
                  />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
