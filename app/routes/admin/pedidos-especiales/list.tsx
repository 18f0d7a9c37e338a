import { Form, Link } from "react-router";
import { AdminPagination } from "~/components/admin/pagination";
import { StatusBadge } from "~/components/admin/special-order-status";
import {
  SCOPE_LABELS,
  SPECIAL_ORDER_STATUSES,
  type SpecialOrderStatus,
  STATUS_LABELS,
} from "~/domain/special-orders/labels";
import { listQuerySchema } from "~/domain/special-orders/rules";
import { listSpecialOrders } from "~/domain/special-orders/special-orders.server";
import { requireAdmin } from "~/lib/admin.server";
import { dayMonthTime } from "~/lib/dates";
import { readQuery } from "~/lib/http.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Pedidos especiales | Panel Rizoma" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const filters = readQuery(request, listQuerySchema);
  const { rows, total, counts } = await listSpecialOrders(context.db, filters);
  return {
    status: filters.status ?? null,
    search: filters.search ?? "",
    page: filters.page,
    total,
    counts,
    orders: rows.map((row) => ({
      id: row.id,
      bookTitle: row.bookTitle,
      bookAuthor: row.bookAuthor,
      name: row.name,
      email: row.email,
      scope: row.scope,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

function href(status: SpecialOrderStatus | null, search: string, page = 1) {
  const query = new URLSearchParams();
  if (status) query.set("estado", status);
  if (search) query.set("buscar", search);
  if (page > 1) query.set("pagina", String(page));
  const qs = query.toString();
  return qs ? `/admin/pedidos-especiales?${qs}` : "/admin/pedidos-especiales";
}

const tab = (active: boolean) =>
  `rounded-full px-3 py-1 text-sm font-semibold ${active ? "bg-moss text-white" : "border border-moss/40 bg-white text-moss"}`;

export default function AdminPedidosEspeciales({ loaderData }: Route.ComponentProps) {
  const { status, search, page, total, counts, orders } = loaderData;
  const pages = Math.max(1, Math.ceil(total / 50));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl">Pedidos especiales</h1>
        <p className="mt-1 text-ink/75">
          Los libros que nos piden desde el sitio: cotizá, encargá y respondé por email desde cada pedido.
        </p>
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Buscar pedidos especiales"
        className="grid gap-3 sm:flex sm:items-end"
      >
        {status ? <input type="hidden" name="estado" value={status} /> : null}
        <div className="min-w-0 sm:flex-1">
          <label htmlFor="buscar" className="text-sm font-semibold">
            Buscar por libro, autor, nombre o email
          </label>
          <input
            id="buscar"
            name="buscar"
            type="search"
            defaultValue={search}
            className="mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded-md bg-moss px-4 py-2 font-semibold text-white hover:bg-moss-dark">
          Buscar
        </button>
      </Form>
      <nav aria-label="Filtrar por estado" className="flex flex-wrap gap-2">
        <Link
          to={href(null, search)}
          aria-current={status === null ? "page" : undefined}
          className={tab(status === null)}
        >
          Todos ({Object.values(counts).reduce((a, b) => a + b, 0)})
        </Link>
        {SPECIAL_ORDER_STATUSES.map((option) => (
          <Link
            key={option}
            to={href(option, search)}
            aria-current={option === status ? "page" : undefined}
            className={tab(option === status)}
          >
            {STATUS_LABELS[option]} ({counts[option]})
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/75">No hay pedidos especiales en esta lista.</p>
      ) : (
        <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white">
          {orders.map((order) => (
            <li key={order.id}>
              <Link
                to={`/admin/pedidos-especiales/${order.id}`}
                className="flex flex-wrap items-center gap-3 px-4 py-3 hover:bg-cream/60"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">
                    #{order.id} · {order.bookTitle}
                    {order.bookAuthor ? <span className="font-normal text-ink/75"> — {order.bookAuthor}</span> : null}
                  </p>
                  <p className="truncate text-sm text-ink/75">
                    {order.name} · {order.email} · {SCOPE_LABELS[order.scope]} · {dayMonthTime(order.createdAt)}
                  </p>
                </div>
                <StatusBadge status={order.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <AdminPagination page={page} pages={pages} href={(to) => href(status, search, to)} />
    </div>
  );
}
