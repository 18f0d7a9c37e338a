import { useContext } from "react";
import { type CarriersSettings, FREE_SHIPPING_OPTIONS, type FreeShippingOption } from "~/domain/settings/schema";
import { formatMoneyInput } from "~/lib/money";
import { Field, FieldError, FieldLabel, inputClass } from "./field";
import { Fields, type SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

const FREE_LABELS: Record<FreeShippingOption, string> = {
  table: "Tabla por provincia",
  "correo_argentino:home": "Correo Argentino a domicilio",
  "correo_argentino:branch": "Correo Argentino a sucursal",
  "andreani:home": "Andreani a domicilio",
  "andreani:branch": "Andreani a sucursal",
};

export interface CarriersInForce {
  mode: "live" | "sandbox" | "off";
  names: string[];
}

/** Which carriers quote at checkout right now (from the environment), in one line. */
export function carriersLine({ mode, names }: CarriersInForce): string {
  if (mode === "live") return `Cotizan en vivo: ${names.join(" y ")}`;
  if (mode === "sandbox") return "Modo demostración: cotizaciones de prueba";
  return "Sin correos configurados: se usa la tabla por provincia (configurá CORREO_ARGENTINO_* o ANDREANI_*)";
}

const NAMES = [
  "originZip",
  "packaging.weightGrams",
  "packaging.heightCm",
  "packaging.widthCm",
  "packaging.lengthCm",
  "bookWeightGrams",
  "defaultCarrier",
  "freeShippingFrom",
  ...FREE_SHIPPING_OPTIONS.map((option) => `free.${option}`),
  "freeShippingOptions",
];

/** Envíos con correo: origin, packaging, the default carrier and the free-shipping threshold (issue 21). */
export function CarriersSection({
  carriers,
  inForce,
  state,
}: {
  carriers: CarriersSettings;
  inForce: CarriersInForce;
  state: SectionState;
}) {
  const { packaging } = carriers;
  return (
    <SettingsForm
      section="carriers"
      description={
        <>
          <p>
            Cómo se cotizan los envíos de Correo Argentino y Andreani en el checkout: desde dónde salen, cómo se arma el
            paquete y qué opciones salen gratis.
          </p>
          <p className="mt-1 font-semibold text-ink" data-testid="carriers-in-force">
            {carriersLine(inForce)}
          </p>
        </>
      }
      names={NAMES}
      saveLabel="Guardar envíos con correo"
      state={state}
      stored={carriers}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="originZip"
          label="Código postal de origen"
          value={carriers.originZip}
          hint="Desde dónde salen los paquetes: 4 dígitos o el CPA."
          autoComplete="off"
          maxLength={8}
        />
        <DefaultCarrierSelect value={carriers.defaultCarrier} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Embalaje</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field
            name="packaging.weightGrams"
            label="Peso (g)"
            value={packaging.weightGrams}
            type="number"
            min={0}
            max={5000}
          />
          <Field
            name="packaging.heightCm"
            label="Alto (cm)"
            value={packaging.heightCm}
            type="number"
            min={1}
            max={150}
          />
          <Field
            name="packaging.widthCm"
            label="Ancho (cm)"
            value={packaging.widthCm}
            type="number"
            min={1}
            max={150}
          />
          <Field
            name="packaging.lengthCm"
            label="Largo (cm)"
            value={packaging.lengthCm}
            type="number"
            min={1}
            max={150}
          />
        </div>
        <p className="text-xs text-ink/75">El alto crece con la cantidad de libros del pedido (3 cm por libro).</p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="bookWeightGrams"
          label="Peso de un libro sin peso cargado (g)"
          value={carriers.bookWeightGrams}
          hint="Para los libros que no tienen su peso en el catálogo."
          type="number"
          min={1}
          max={10000}
        />
        <Field
          name="freeShippingFrom"
          label="Envío gratis desde (pesos)"
          value={carriers.freeShippingFrom === null ? "" : formatMoneyInput(carriers.freeShippingFrom * 100)}
          hint="Subtotal de los libros antes de descuentos. Vacío: sin envío gratis."
          inputMode="numeric"
          placeholder="50.000"
        />
      </div>
      <FreeOptions stored={carriers.freeShippingOptions} />
    </SettingsForm>
  );
}

function DefaultCarrierSelect({ value }: { value: CarriersSettings["defaultCarrier"] }) {
  const { values, errors, focus } = useContext(Fields);
  const id = "carriers-defaultCarrier";
  const error = errors.defaultCarrier;
  return (
    <div>
      <FieldLabel
        id={id}
        label="Correo para pedidos sin correo elegido y cajas"
        hint="Los pedidos pagados con la tabla por provincia y las Cajas Rizoma del mes."
      />
      <select
        id={id}
        name="defaultCarrier"
        defaultValue={values?.defaultCarrier ?? value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
        // biome-ignore lint/a11y/noAutofocus: only when the server refused this field, so the admin lands on it.
        autoFocus={focus === "defaultCarrier"}
        className={inputClass}
      >
        <option value="correo_argentino">Correo Argentino</option>
        <option value="andreani">Andreani</option>
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** One checkbox per option the threshold may cover; after a refusal they show what was sent. */
function FreeOptions({ stored }: { stored: FreeShippingOption[] }) {
  const { values, errors } = useContext(Fields);
  const error = errors.freeShippingOptions;
  return (
    <fieldset aria-describedby={error ? "carriers-freeShippingOptions-error" : undefined}>
      <legend className="text-sm font-semibold">Opciones con envío gratis</legend>
      <p className="text-xs text-ink/75">Desde el monto de arriba, estas opciones no se cobran.</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {FREE_SHIPPING_OPTIONS.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={`free.${option}`}
              defaultChecked={values ? values[`free.${option}`] === "on" : stored.includes(option)}
            />
            {FREE_LABELS[option]}
          </label>
        ))}
      </div>
      <FieldError id="carriers-freeShippingOptions" error={error} />
    </fieldset>
  );
}
