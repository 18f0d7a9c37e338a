import { Form, useNavigation } from "react-router";
import { type PriceFormValues, ROUNDINGS } from "~/domain/catalog/price-rules";
import { inputClass, PRICES_PAGE } from "./prices-page";

export interface ScopeOptions {
  categories: { key: string; name: string }[];
  publishers: string[];
  authors: string[];
}

type Errors = Partial<Record<keyof PriceFormValues, string>>;

function Problem({ name, errors }: { name: keyof PriceFormValues; errors: Errors }) {
  return errors[name] ? (
    <p id={`price-${name}-error`} className="mt-1 text-sm font-semibold text-terracotta">
      {errors[name]}
    </p>
  ) : null;
}

const described = (name: keyof PriceFormValues, errors: Errors, hint?: string) =>
  [errors[name] ? `price-${name}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined;

/**
 * Which books and what change: a plain POST (intent=preview), so it works without JavaScript. Each kind of
 * selection is a radio with its own field next to it; only the chosen one's field is read.
 */
export function PriceForm({
  options,
  values,
  errors,
}: {
  options: ScopeOptions;
  values: PriceFormValues;
  errors: Errors;
}) {
  const busy = useNavigation().state !== "idle";
  const radio = "size-4 shrink-0 accent-moss";
  const field = (name: keyof PriceFormValues, hint?: string) => ({
    id: `price-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": described(name, errors, hint),
    className: inputClass(Boolean(errors[name])),
  });
  const scopeChoice = (kind: PriceFormValues["scope"], label: string) => (
    <label className="flex items-center gap-2 font-semibold">
      <input
        type="radio"
        name="scope"
        value={kind}
        defaultChecked={values.scope === kind}
        className={radio}
        aria-describedby={described("scope", errors)}
      />
      {label}
    </label>
  );
  return (
    <Form method="post" action={PRICES_PAGE} noValidate className="space-y-6">
      <fieldset className="space-y-3">
        <legend className="font-serif text-xl">¿Qué libros?</legend>
        <p className="text-sm text-ink/75">Los libros sin precio («Consultar precio») no se tocan.</p>
        <Problem name="scope" errors={errors} />
        {scopeChoice("all", "Todo el catálogo")}
        <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-start">
          {scopeChoice("category", "Una categoría")}
          <div>
            <label htmlFor="price-category" className="sr-only">
              Categoría
            </label>
            <select {...field("category")} className={`${inputClass(Boolean(errors.category))} sm:mt-0`}>
              <option value="">Elegí una categoría</option>
              {options.categories.map((category) => (
                <option key={category.key} value={category.key}>
                  {category.name}
                </option>
              ))}
            </select>
            <Problem name="category" errors={errors} />
          </div>
          {scopeChoice("publisher", "Una editorial")}
          <div>
            <label htmlFor="price-publisher" className="sr-only">
              Editorial
            </label>
            <input
              type="text"
              list="price-publishers"
              autoComplete="off"
              maxLength={200}
              placeholder="Escribí o elegí la editorial"
              {...field("publisher")}
              className={`${inputClass(Boolean(errors.publisher))} sm:mt-0`}
            />
            <datalist id="price-publishers">
              {options.publishers.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <Problem name="publisher" errors={errors} />
          </div>
          {scopeChoice("author", "Un autor")}
          <div>
            <label htmlFor="price-author" className="sr-only">
              Autor
            </label>
            <input
              type="text"
              list="price-authors"
              autoComplete="off"
              maxLength={200}
              placeholder="Escribí o elegí el autor"
              {...field("author")}
              className={`${inputClass(Boolean(errors.author))} sm:mt-0`}
            />
            <datalist id="price-authors">
              {options.authors.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <Problem name="author" errors={errors} />
          </div>
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="font-serif text-xl">¿Cuánto?</legend>
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="sr-only">Aumentar o bajar</legend>
          <label className="flex items-center gap-2 font-semibold">
            <input
              type="radio"
              name="direction"
              value="up"
              defaultChecked={values.direction !== "down"}
              className={radio}
            />
            Aumentar
          </label>
          <label className="flex items-center gap-2 font-semibold">
            <input
              type="radio"
              name="direction"
              value="down"
              defaultChecked={values.direction === "down"}
              className={radio}
            />
            Bajar
          </label>
        </fieldset>
        <Problem name="direction" errors={errors} />
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3 sm:max-w-sm">
          <div>
            <label htmlFor="price-amount" className="block text-sm font-semibold">
              Cuánto
            </label>
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              {...field("amount", "price-amount-hint")}
              className={`${inputClass(Boolean(errors.amount))} tabular-nums`}
            />
          </div>
          <div>
            <label htmlFor="price-unit" className="block text-sm font-semibold">
              En
            </label>
            <select {...field("unit")}>
              <option value="percent">%</option>
              <option value="amount">$</option>
            </select>
          </div>
        </div>
        <p id="price-amount-hint" className="text-xs text-ink/75">
          Un porcentaje (12 o 5,5) o un monto en pesos (1.500). Hasta 500% de aumento, 90% de baja o $ 1.000.000.
        </p>
        <Problem name="amount" errors={errors} />
        <Problem name="unit" errors={errors} />
        <div className="sm:max-w-sm">
          <label htmlFor="price-rounding" className="block text-sm font-semibold">
            Redondeo
          </label>
          <select {...field("rounding", "price-rounding-hint")}>
            {ROUNDINGS.map((rounding) => (
              <option key={rounding.value} value={rounding.value}>
                {rounding.label}
              </option>
            ))}
          </select>
          <p id="price-rounding-hint" className="mt-1 text-xs text-ink/75">
            A $100 y a $500: al más cercano. Terminado en 900: al siguiente que termina en 900 ($12.345 → $12.900).
          </p>
          <Problem name="rounding" errors={errors} />
        </div>
        <div className="space-y-2">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="followPromotional"
              defaultChecked={values.followPromotional === "on"}
              className="mt-1 size-4 shrink-0 accent-moss"
            />
            <span>Aplicar también a los precios promocionales</span>
          </label>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="followPreorder"
              defaultChecked={values.followPreorder === "on"}
              className="mt-1 size-4 shrink-0 accent-moss"
            />
            <span>Aplicar también a los precios de preventa</span>
          </label>
          <p className="text-xs text-ink/75">
            Si una promoción no queda por debajo del precio nuevo, se quita; una preventa nunca queda por encima.
          </p>
        </div>
      </fieldset>
      <button
        type="submit"
        name="intent"
        value="preview"
        disabled={busy}
        className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
      >
        Ver cambios
      </button>
    </Form>
  );
}
