import { pickupRows } from "~/domain/settings/form";
import type { Settings } from "~/domain/settings/schema";
import { AddRowButton, RemoveRowButton, SaveOnEnter, useEditableRows } from "./editable-rows";
import { Field } from "./field";
import type { SectionState } from "./section-state";
import { SettingsForm } from "./settings-form";

interface PickupRow {
  id: number;
  name: string;
  address: string;
  hours: string;
  added?: boolean;
}

export function PickupSection({ pickup, state }: { pickup: Settings["pickup"]; state: SectionState }) {
  const source = state.values;
  const initial = source
    ? pickupRows(source).map((row) => ({
        name: source[`points.${row}.name`] ?? "",
        address: source[`points.${row}.address`] ?? "",
        hours: source[`points.${row}.hours`] ?? "",
      }))
    : pickup.points;
  const names = initial.flatMap((_, i) => [`points.${i}.name`, `points.${i}.address`, `points.${i}.hours`]);
  return (
    <SettingsForm
      section="pickup"
      description="Dónde se puede retirar un pedido sin costo. Se muestran en el checkout."
      names={names}
      saveLabel="Guardar puntos de retiro"
      state={state}
      stored={pickup}
    >
      <PickupRows initial={initial} />
    </SettingsForm>
  );
}

/**
 * "Agregar" and "Quitar" are submit buttons: without JavaScript the server sends the edited draft back;
 * with it, the rows change here. The first button of the form is a hidden "save", so Enter saves.
 */
function PickupRows({ initial }: { initial: Omit<PickupRow, "id">[] }) {
  const { rows, add, remove } = useEditableRows(initial);
  return (
    <>
      <SaveOnEnter />
      {rows.length === 0 ? (
        <p className="rounded-lg bg-paper p-4 text-sm text-ink/75">
          No hay puntos de retiro: el checkout no ofrecerá retirar.
        </p>
      ) : null}
      {rows.map((row, index) => (
        <fieldset key={row.id} className="rounded-lg border border-ink/15 p-3 sm:p-4">
          <legend className="px-1 text-sm font-semibold">Punto de retiro {index + 1}</legend>
          <div className="grid gap-3 md:grid-cols-[2fr_3fr_3fr]">
            <Field
              name={`points.${index}.name`}
              label="Nombre"
              value={row.name}
              autoFocus={row.added}
              autoComplete="off"
            />
            <Field name={`points.${index}.address`} label="Dirección" value={row.address} autoComplete="off" />
            <Field name={`points.${index}.hours`} label="Horarios" value={row.hours} autoComplete="off" />
          </div>
          <div className="mt-3 flex justify-end">
            <RemoveRowButton index={index} onRemove={() => remove(row.id)}>
              el punto de retiro {index + 1}
            </RemoveRowButton>
          </div>
        </fieldset>
      ))}
      <AddRowButton onAdd={() => add({ name: "", address: "", hours: "" })}>Agregar punto de retiro</AddRowButton>
    </>
  );
}
