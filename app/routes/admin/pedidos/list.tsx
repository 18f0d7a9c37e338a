import { Form, Link, useNavigation } from "react-router";
import { BulkShipments } from "~/components/admin/shipping/bulk-shipments";
import { TableHead } from "~/components/admin/table-head";
import { Notice } from "~/components/ui/notice";
import { Invalid } from "~/domain/errors";
import { itemCounts, listOrders } from "~/domain/orders/queries.server";
import { isOrderStatus, ORDER_STATUSES, STATUS_BADGES, STATUS_LABELS } from "~/domain/orders/status";
import { ordersOutcome } from "~/domain/shipping/outcome";
import { createPendingShipments, ordersWaitingForShipment } from "~/domain/shipping/shipments.server";
import { WITHDRAWAL_REQUESTED_BADGE } from "~/domain/withdrawals/status";
import { requireAdmin } from "~/lib/admin.server";
import { dayMonthTime } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { formatMoney } from "~/lib/money";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Pedidos | Panel Rizoma" }];

/** The shop's orders, newest first, filtered by status (`?estado=`) and searched by number, name or e-mail (`?buscar=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const wanted = params.get("estado");
  const status = isOrderStatus(wanted) ? wanted : null;
  const search = (params.get("buscar") ?? "").slice(0, 100);
  const page = Math.max(1, Number(params.get("pagina")) || 1);
  const result = await listOrders(context.db, { status, search, page });
  const counts = await itemCounts(
    context.db,
    result.orders.map((order) => order.number),
  );
  return {
    ...result,
    orders: result.orders.map((order) => ({
      ...order,
      createdAt: order.createdAt.toISOString(),
      books: counts.get(order.number) ?? 0,
    })),
    filters: { status, search },
    waitingForShipment: await ordersWaitingForShipment(context.db),
  };
}

/** "Crear envíos": every paid order waiting for its parcel (a plain form post; the answer lists what happened). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  return formAction({}, async () => {
    if (form.get("intent") !== "create-shipments") throw new Invalid("Acción desconocida");
    return { shipments: ordersOutcome(await createPendingShipments(requestContext(context), admin)) };
  });
}

const COLUMNS = ["Pedido", "Fecha", "Cliente", "Pago", "Estado", { label: "Total", right: true }] as const;

export default function AdminPedidos({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, filters, total, page, pageSize, waitingForShipment } = loaderData;
  const busy = useNavigation().state !== "idle";
  const query = (next: Record<string, string | null>) => {
    const params = new URLSearchParams();
    const merged = { estado: filters.status, buscar: filters.search || null, ...next };
    for (const [key, value] of Object.entries(merged)) if (value) params.set(key, value);
    const text = params.toString();
    return text ? `?${text}` : "";
  };
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl">Pedidos</h1>
      <Notice notice={actionData && "message" in actionData ? failureNotice(actionData, "Crear envíos") : null} />
      <BulkShipments
        id="crear-envios"
        title="Envíos por correo"
        intent="create-shipments"
        waiting={waitingForShipment}
        waitingText={
          waitingForShipment === 1
            ? "1 pedido pagado espera su envío."
            : `${waitingForShipment} pedidos pagados esperan su envío.`
        }
        buttonText="Crear envíos"
        outcome={actionData && "shipments" in actionData ? actionData.shipments : null}
        busy={busy}
      />
      <nav aria-label="Filtrar por estado" className="flex flex-wrap gap-2">
        {[null, ...ORDER_STATUSES].map((status) => {
          const active = filters.status === status;
          return (
            <Link
              key={status ?? "todos"}
              to={`/admin/pedidos${query({ estado: status, pagina: null })}`}
              aria-current={active ? "page" : undefined}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${
                active ? "border-moss bg-moss text-white" : "border-ink/20 text-ink hover:border-moss"
              }`}
            >
              {status ? STATUS_LABELS[status] : "Todos"}
            </Link>
          );
        })}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        {filters.status ? <input type="hidden" name="estado" value={filters.status} /> : null}
        <div>
          <label htmlFor="buscar-pedidos" className="block text-sm font-semibold">
            Buscar por número, nombre o email
          </label>
          <input
            id="buscar-pedidos"
            name="buscar"
            type="search"
            defaultValue={filters.search}
            className="mt-1 w-72 max-w-full rounded-lg border border-ink/25 bg-white px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark">
          Buscar
        </button>
      </Form>
      <p className="text-sm text-ink/80" role="status">
        {total === 1 ? "1 pedido" : `${total} pedidos`}
      </p>
      {orders.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/80">No hay pedidos con esos filtros.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white">
          <table className="w-full text-left text-sm">
            <TableHead className="border-b border-ink/10 text-ink/80" columns={COLUMNS} />
            <tbody className="divide-y divide-ink/10">
              {orders.map((order) => (
                <tr key={order.number} data-testid="order-row">
                  <td className="px-3 py-2">
                    <Link to={`/admin/pedidos/${order.number}`} className="font-semibold text-moss underline">
                      {order.number}
                    </Link>
                    <span className="block text-xs text-ink/75">
                      {order.books === 1 ? "1 libro" : `${order.books} libros`}
                    </span>
                  </td>
                  <td className="px-3 py-2">{dayMonthTime(order.createdAt)}</td>
                  <td className="px-3 py-2">
                    {order.firstName} {order.lastName}
                    <span className="block text-xs text-ink/75">{order.email}</span>
                  </td>
                  <td className="px-3 py-2">{order.paymentMethod === "transfer" ? "Transferencia" : "Mercado Pago"}</td>
                  <td className="px-3 py-2">
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_BADGES[order.status]}`}>
                      {STATUS_LABELS[order.status]}
                    </span>
                    {order.withdrawalStatus === "requested" ? (
                      <span className="mt-1 block w-fit rounded bg-terracotta/15 px-2 py-0.5 text-xs font-semibold text-terracotta-dark">
                        {WITHDRAWAL_REQUESTED_BADGE}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > page * pageSize || page > 1 ? (
        <nav aria-label="Páginas" className="flex gap-4">
          {page > 1 ? <Link to={query({ pagina: String(page - 1) })}>Anterior</Link> : null}
          {total > page * pageSize ? <Link to={query({ pagina: String(page + 1) })}>Siguiente</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
