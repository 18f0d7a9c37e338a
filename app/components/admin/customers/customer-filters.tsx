import { Download } from "lucide-react";
import { Link } from "react-router";
import { AdminSearch } from "~/components/admin/admin-search";
import { CUSTOMER_SORTS, type CustomerFilters, customersQuery, SORT_LABELS } from "~/domain/customers/filters";

/**
 * The search (a GET form: works without JavaScript), the sort orders as links, and the CSV of what the
 * search finds. Every filter lives in the URL, so a list can be shared or reloaded as it is.
 */
export function CustomerListFilters({ filters }: { filters: CustomerFilters }) {
  const keep: Record<string, string> = filters.sort === "actividad" ? {} : { orden: filters.sort };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <AdminSearch
          label="Buscar clientes"
          placeholder="Buscar por nombre o email"
          search={filters.search}
          keep={keep}
          clearHref={`/admin/clientes${customersQuery({ sort: filters.sort })}`}
          className="flex w-full max-w-xl gap-2"
        />
        <a
          href={`/admin/clientes/exportar${customersQuery({ search: filters.search })}`}
          download
          className="inline-flex items-center gap-2 rounded-full bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
        >
          <Download aria-hidden="true" className="size-4" /> Exportar CSV
        </a>
      </div>
      <nav aria-label="Ordenar clientes" className="flex flex-wrap gap-2">
        {CUSTOMER_SORTS.map((sort) => {
          const active = filters.sort === sort;
          return (
            <Link
              key={sort}
              to={`/admin/clientes${customersQuery({ search: filters.search, sort })}`}
              aria-current={active ? "page" : undefined}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${
                active ? "border-moss bg-moss text-white" : "border-ink/20 text-ink hover:border-moss"
              }`}
            >
              {SORT_LABELS[sort]}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
