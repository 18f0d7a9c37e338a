import { Printer } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Form } from "react-router";

const subscribe = () => () => {};

/** Print needs the browser's script; without it the browser's own menu prints the same clean page. */
function PrintButton() {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
    >
      <Printer aria-hidden="true" className="size-4" />
      Imprimir
    </button>
  );
}

/** The day and the place of the cierre, sent as a GET (works without JavaScript; the URL can be shared). */
export function ClosingPicker({
  day,
  today,
  placeKey,
  places,
}: {
  day: string;
  today: string;
  placeKey: string;
  places: { value: string; label: string }[];
}) {
  const field = "rounded-md border border-ink/25 bg-white px-2 py-2";
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-ink/10 bg-white p-4 print:hidden">
      <Form method="get" action="/admin/cierre" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="fecha" className="text-sm font-semibold text-ink/75">
            Día
          </label>
          <input id="fecha" name="fecha" type="date" max={today} defaultValue={day} key={day} className={field} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="lugar" className="text-sm font-semibold text-ink/75">
            Lugar
          </label>
          <select id="lugar" name="lugar" defaultValue={placeKey} key={placeKey} className={field}>
            {places.map((place) => (
              <option key={place.value} value={place.value}>
                {place.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-md bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
        >
          Ver el día
        </button>
      </Form>
      <PrintButton />
    </div>
  );
}
