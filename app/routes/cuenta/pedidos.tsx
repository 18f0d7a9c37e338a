import { Link } from "react-router";
import { customerOrders } from "~/domain/accounts/orders.server";
import { STATUS_BADGES, STATUS_LABELS } from "~/domain/orders/status";
import { requireCustomer } from "~/lib/customer.server";
import { longDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/pedidos";

export const meta: Route.MetaFunction = () => seoMeta({ title: "Mis pedidos", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  return { orders: await customerOrders(context.db, email) };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <section aria-labelledby="mis-pedidos">
      <h1 id="mis-pedidos" className="font-serif text-3xl text-ink sm:text-4xl">
        Mis pedidos
      </h1>
      {orders.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10">
          <p className="text-ink/85">Todavía no hiciste pedidos con este email.</p>
          <Link to="/tienda" className="mt-4 inline-flex font-semibold text-moss underline">
            Ver la tienda
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {orders.map((order) => (
            <li key={order.number}>
              <Link
                to={`/cuenta/pedidos/${order.number}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10 hover:ring-moss sm:p-5"
              >
                <span className="min-w-0">
                  <span className="block font-mono font-semibold text-ink">{order.number}</span>
                  <span className="block text-sm text-ink/75">
                    {longDate(order.createdAt)} · {order.units} {order.units === 1 ? "libro" : "libros"}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${STATUS_BADGES[order.status]}`}>
                    {STATUS_LABELS[order.status]}
                  </span>
                  <span className="font-semibold text-ink">{formatMoney(order.totalCents)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
