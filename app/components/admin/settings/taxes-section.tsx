import { useContext } from "react";
import type { Settings } from "~/domain/settings/schema";
import { taxRows } from "~/domain/settings/taxes-form";
import { VAT_RATE_LABELS, VAT_RATES } from "~/domain/taxes/fiscal";
import { AddRowButton, RemoveRowButton, SaveOnEnter, useEditableRows } from "./editable-rows";
import { Field, FieldError, inputClass } from "./field";
import { Fields, type SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

interface TaxRow {
  id: number;
  key: string;
  label: string;
  rate: string;
  added?: boolean;
}

/**
 * The tax table (Ley 27.743): each fiscal category with its IVA rate. The storefront shows every price
 * without national taxes from it, and each order line stores its net and IVA at the category's rate.
 */
export function TaxesSection({
  taxes,
  usage,
  state,
}: {
  taxes: Settings["taxes"];
  usage: Record<string, number>;
  state: SectionState;
}) {
  const source = state.values;
  const initial = source
    ? taxRows(source).map((row) => ({
        key: source[`categories.${row}.key`] ?? "",
        label: source[`categories.${row}.label`] ?? "",
        rate: source[`categories.${row}.rate`] ?? "",
      }))
    : taxes.categories;
  const names = initial.flatMap((_, i) => [`categories.${i}.label`, `categories.${i}.key`, `categories.${i}.rate`]);
  return (
    <SettingsForm
      section="taxes"
      description="La alícuota de IVA de cada categoría fiscal: con ella la tienda muestra el precio sin impuestos nacionales (Ley 27.743) y cada pedido guarda el neto y el IVA de sus líneas."
      names={names}
      saveLabel="Guardar impuestos"
      state={state}
      stored={taxes}
    >
      <p className="rounded-lg bg-paper p-3 text-sm text-ink/80">
        Los libros están exentos de IVA por la Ley 23.349 (art. 7): su precio sin impuestos es el mismo precio.
      </p>
      <TaxRows initial={initial} usage={usage} />
    </SettingsForm>
  );
}

const usageText = (n: number) => (n === 0 ? "Ningún producto la usa" : n === 1 ? "1 producto" : `${n} productos`);

/** "Agregar" and "Quitar" are submit buttons (a draft comes back without JavaScript); with it, rows change here. */
function TaxRows({ initial, usage }: { initial: Omit<TaxRow, "id">[]; usage: Record<string, number> }) {
  const { rows, add, remove } = useEditableRows(initial);
  return (
    <>
      <SaveOnEnter />
      {rows.map((row, index) => {
        const books = row.key === "libros";
        const used = usage[row.key] ?? 0;
        return (
          <fieldset key={row.id} className="rounded-lg border border-ink/15 p-3 sm:p-4" data-testid="tax-row">
            <legend className="px-1 text-sm font-semibold">{row.label || `Categoría ${index + 1}`}</legend>
            <div className="grid gap-3 md:grid-cols-[3fr_2fr_2fr]">
              <Field
                name={`categories.${index}.label`}
                label="Nombre"
                value={row.label}
                autoFocus={row.added}
                autoComplete="off"
              />
              {books ? (
                <div>
                  <p className="block text-sm font-semibold">Clave</p>
                  <input type="hidden" name={`categories.${index}.key`} value="libros" />
                  <p className="mt-1 py-2 font-mono text-sm">libros</p>
                </div>
              ) : (
                <Field
                  name={`categories.${index}.key`}
                  label="Clave"
                  value={row.key}
                  hint="Vacía: se arma con el nombre."
                  autoComplete="off"
                />
              )}
              <RateSelect index={index} rate={row.rate} />
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-ink/75">{row.added ? "Categoría nueva" : usageText(used)}</p>
              {books ? (
                <p className="text-sm text-ink/75">La categoría de los libros no se quita.</p>
              ) : (
                <RemoveRowButton index={index} onRemove={() => remove(row.id)}>
                  la categoría {row.label || index + 1}
                </RemoveRowButton>
              )}
            </div>
          </fieldset>
        );
      })}
      <AddRowButton onAdd={() => add({ key: "", label: "", rate: "21" })}>Agregar categoría fiscal</AddRowButton>
    </>
  );
}

function RateSelect({ index, rate }: { index: number; rate: string }) {
  const { section, values, errors, focus } = useContext(Fields);
  const name = `categories.${index}.rate`;
  const id = `${section}-categories-${index}-rate`;
  const error = errors[name];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        IVA
      </label>
      <select
        id={id}
        name={name}
        defaultValue={values?.[name] ?? rate}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: only the field the server refused, so the admin lands on it.
        autoFocus={focus === name}
        className={inputClass}
      >
        {VAT_RATES.map((value) => (
          <option key={value} value={value}>
            {VAT_RATE_LABELS[value]}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
