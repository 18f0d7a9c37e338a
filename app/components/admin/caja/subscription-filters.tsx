import { Form } from "react-router";
import { STATUS_LABELS, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "~/domain/box/plans";

/** Search and status filter, sent as `?buscar=&estado=` (a plain GET: works without JavaScript). */
export function SubscriptionFilters({ filters }: { filters: { search: string; status: SubscriptionStatus | null } }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="buscar" className="block text-sm font-semibold text-ink">
          Buscar
        </label>
        <input
          id="buscar"
          name="buscar"
          defaultValue={filters.search}
          placeholder="Nombre o email"
          className="mt-1 rounded-lg border border-ink/30 px-3 py-2"
        />
      </div>
      <div>
        <label htmlFor="estado" className="block text-sm font-semibold text-ink">
          Estado
        </label>
        <select
          id="estado"
          name="estado"
          defaultValue={filters.status ?? ""}
          className="mt-1 rounded-lg border border-ink/30 px-3 py-2"
        >
          <option value="">Todos</option>
          {SUBSCRIPTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-lg bg-moss px-4 py-2 font-semibold text-white">
        Filtrar
      </button>
    </Form>
  );
}
