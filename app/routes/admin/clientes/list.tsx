import { CustomerListFilters } from "~/components/admin/customers/customer-filters";
import { CustomerTable } from "~/components/admin/customers/customer-table";
import { AdminPagination } from "~/components/admin/pagination";
import { AdminRouteError } from "~/components/layout/route-error";
import { listCustomers } from "~/domain/customers/admin.server";
import { customersQuery, parseCustomerFilters } from "~/domain/customers/filters";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Clientes | Panel Rizoma" }];

/** Everyone the shop knows by email, searched (`?buscar=`), sorted (`?orden=`) and paged (`?pagina=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const filters = parseCustomerFilters(new URL(request.url).searchParams);
  const { customers, total, pages } = await listCustomers(context.db, {
    q: filters.search,
    sort: filters.sort,
    page: filters.page,
  });
  return { filters, total, pages, rows: customers };
}

export default function AdminClientes({ loaderData }: Route.ComponentProps) {
  const { filters, total, pages, rows } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl">Clientes</h1>
        <p className="mt-1 max-w-3xl text-ink/75">
          Cada email que la tienda conoce: compras online, en el local y en ferias, Caja Rizoma, pedidos especiales,
          premios, newsletter y cuentas. El total gastado suma los pedidos y las compras pagados.
        </p>
      </div>
      <CustomerListFilters filters={filters} />
      <p className="text-sm text-ink/80" role="status">
        {total === 1 ? "1 cliente" : `${total} clientes`}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/80">
          {filters.search
            ? "No encontramos clientes con esa búsqueda."
            : "Todavía no hay clientes: aparecen con el primer pedido, suscripción o alta al newsletter."}
        </p>
      ) : (
        <CustomerTable rows={rows} />
      )}
      <AdminPagination
        page={filters.page}
        pages={pages}
        href={(page) => `/admin/clientes${customersQuery({ ...filters, page })}`}
      />
    </div>
  );
}

/** The list could not be read (the database is down): said inside the admin, with a way back. */
export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Clientes"
      message="No se pudieron cargar los clientes"
      retry={{ href: "/admin/clientes", label: "Probá de nuevo" }}
    />
  );
}
