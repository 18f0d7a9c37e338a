import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { pickupRows } from "~/domain/settings/form";
import type { Settings } from "~/domain/settings/schema";
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
  const [rows, setRows] = useState<PickupRow[]>(() => initial.map((point, id) => ({ id, ...point })));
  const [nextId, setNextId] = useState(initial.length);
  return (
    <>
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Guardar
      </button>
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
            <button
              type="submit"
              name="intent"
              value={`remove:${index}`}
              onClick={(event) => {
                event.preventDefault();
                setRows((current) => current.filter((other) => other.id !== row.id));
              }}
              className="inline-flex items-center gap-1.5 rounded-md border border-terracotta px-3 py-1.5 text-sm font-semibold text-terracotta hover:bg-terracotta hover:text-white"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Quitar <span className="sr-only">el punto de retiro {index + 1}</span>
            </button>
          </div>
        </fieldset>
      ))}
      <button
        type="submit"
        name="intent"
        value="add"
        onClick={(event) => {
          event.preventDefault();
          setRows((current) => [...current, { id: nextId, name: "", address: "", hours: "", added: true }]);
          setNextId(nextId + 1);
        }}
        className="inline-flex items-center gap-1.5 rounded-md border border-moss px-3 py-1.5 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
      >
        <Plus aria-hidden="true" className="size-4" />
        Agregar punto de retiro
      </button>
    </>
  );
}
