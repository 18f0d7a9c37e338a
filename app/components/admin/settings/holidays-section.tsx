import { formatHolidays } from "~/domain/settings/form";
import type { Settings } from "~/domain/settings/schema";
import { FieldError, FieldLabel, inputClass } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

/**
 * Holidays the national table does not know yet (app/domain/holidays/table.ts): the withdrawal window
 * and every count of "días hábiles" skip them too.
 */
export function HolidaysSection({ holidays, state }: { holidays: Settings["holidays"]; state: SectionState }) {
  const { values, errors } = state;
  const id = "holidays-extra";
  const entryError = Object.entries(errors).find(([name]) => name.startsWith("extra."));
  const error =
    errors.extra ?? (entryError ? `Fecha ${Number(entryError[0].split(".")[1]) + 1}: ${entryError[1]}` : undefined);
  return (
    <SettingsForm
      section="holidays"
      description="La tienda ya conoce los feriados nacionales de 2025 a 2027, los trasladables donde caen cada año y los días no laborables con fines turísticos decretados. Agregá acá los que el Gobierno fije después (por ejemplo, los días turísticos de 2027 o un feriado de fin de semana que se traslade): el plazo de arrepentimiento y los días hábiles los saltean."
      names={["extra", ...Object.keys(errors).filter((name) => name.startsWith("extra."))]}
      saveLabel="Guardar feriados"
      state={state}
      stored={holidays}
    >
      <div>
        <FieldLabel
          id={id}
          label="Feriados y días no laborables agregados"
          hint="Uno por línea: «fecha = nombre», por ejemplo «2027-11-22 = Día de la Soberanía Nacional (trasladado)». La fecha puede ir como 2027-11-22 o 22/11/2027."
        />
        <textarea
          id={id}
          name="extra"
          rows={5}
          defaultValue={values?.extra ?? formatHolidays(holidays.extra)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          // biome-ignore lint/a11y/noAutofocus: only when the server refused this field, so the admin lands on it.
          autoFocus={Boolean(error)}
          className={`${inputClass} font-mono text-sm`}
        />
        <FieldError id={id} error={error} />
      </div>
    </SettingsForm>
  );
}
