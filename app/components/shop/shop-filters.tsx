import { Form, Link } from "react-router";
import { AuthorField } from "~/components/shop/author-field";
import { SlidersHorizontal } from "~/components/ui/icons/sliders-horizontal";
import type { ShopParams } from "~/domain/catalog/shop-params";
import { formatNumberInput } from "~/lib/money";

const SORT_LABELS = { titulo: "Título", autor: "Autor", precio: "Precio", novedades: "Novedades" } as const;

/** True when any advanced filter differs from its default (the 'ACTIVOS' badge). */
export function advancedFiltersActive(params: ShopParams): boolean {
  return Boolean(
    params.autor ||
      params.genero ||
      params.minCents !== undefined ||
      params.maxCents !== undefined ||
      params.orden ||
      params.dir,
  );
}

const field = "mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2 text-sm text-ink";

/**
 * An option's value attribute only when its text would not stand for it: a form sends an option's text,
 * trimmed and with its spaces collapsed, when it has no value, so a name is not carried twice (issue 36).
 */
const optionValue = (name: string) => (/^\S+( \S+)*$/.test(name) ? undefined : name);

/**
 * The collapsible advanced-filters panel: a GET form, so it works without JavaScript; the server applies
 * every filter (DESIGN §5.3). Empty fields are left out of the address. The author is a text field whose
 * suggestions load while typing (AuthorField): a list of every author would make each shop page grow with
 * the catalogue (issue 36).
 */
export function ShopFilters({ params, genres }: { params: ShopParams; genres: string[] }) {
  const active = advancedFiltersActive(params);
  return (
    <details className="group rounded-lg border border-ink/15 bg-white" open={active}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 font-semibold text-moss">
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filtros avanzados
        {active ? (
          <span className="rounded-full bg-terracotta-dark px-2 py-0.5 text-[0.7rem] font-bold tracking-wider text-white">
            ACTIVOS
          </span>
        ) : null}
        <span aria-hidden="true" className="ml-auto text-ink/60 transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form
        method="get"
        action="/tienda"
        className="grid gap-4 border-t border-ink/10 px-4 py-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          for (const element of Array.from(event.currentTarget.elements)) {
            if (
              (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) &&
              element.value.trim() === ""
            ) {
              element.disabled = true;
            }
          }
        }}
      >
        <input type="hidden" name="search" value={params.search} />
        <input type="hidden" name="categoria" value={params.categoria ?? ""} />
        <AuthorField defaultValue={params.autor ?? ""} className={field} />
        <label className="text-sm font-semibold">
          Género
          <select name="genero" defaultValue={params.genero ?? ""} className={field}>
            <option value="">Todos los géneros</option>
            {genres.map((genre) => (
              <option key={genre} value={optionValue(genre)}>
                {genre}
              </option>
            ))}
          </select>
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm font-semibold">
            Precio mínimo
            <input
              type="number"
              name="min"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder="0"
              defaultValue={params.minCents !== undefined ? formatNumberInput(params.minCents) : ""}
              className={field}
            />
          </label>
          <label className="text-sm font-semibold">
            Precio máximo
            <input
              type="number"
              name="max"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder="100000"
              defaultValue={params.maxCents !== undefined ? formatNumberInput(params.maxCents) : ""}
              className={field}
            />
          </label>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm font-semibold">
            Ordenar por
            <select name="orden" defaultValue={params.orden ?? ""} className={field}>
              <option value="">Relevancia</option>
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            Orden
            <select name="dir" defaultValue={params.dir ?? ""} className={field}>
              <option value="">Automático</option>
              <option value="asc">Ascendente</option>
              <option value="desc">Descendente</option>
            </select>
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-4">
          <button
            type="submit"
            className="rounded-full bg-moss px-6 py-2 text-sm font-bold tracking-wider text-white hover:bg-moss-dark"
          >
            APLICAR FILTROS
          </button>
          <Link to="/tienda" className="text-sm font-semibold text-moss underline">
            Limpiar filtros
          </Link>
        </div>
      </Form>
    </details>
  );
}
