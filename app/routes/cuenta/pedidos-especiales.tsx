import { Link } from "react-router";
import { CARD } from "~/components/account/form-styles";
import { customerSpecialOrders } from "~/domain/accounts/special-orders.server";
import { SCOPE_LABELS, type SpecialOrderStatus, STATUS_LABELS } from "~/domain/special-orders/labels";
import { requireCustomer } from "~/lib/customer.server";
import { longDate } from "~/lib/dates";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/pedidos-especiales";

export const meta: Route.MetaFunction = () => seoMeta({ title: "Mis pedidos especiales", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  return { specialOrders: await customerSpecialOrders(context.db, email) };
}

const BADGE: Record<SpecialOrderStatus, string> = {
  nuevo: "bg-terracotta/15 text-terracotta-dark",
  cotizado: "bg-ochre/25 text-ink",
  encargado: "bg-ochre/25 text-ink",
  listo: "bg-moss/15 text-moss",
  entregado: "bg-moss/15 text-moss",
  cancelado: "bg-ink/10 text-ink",
};

/** What each status means for the reader, next to the shop's label. */
const STATUS_HINTS: Record<SpecialOrderStatus, string> = {
  nuevo: "Lo recibimos y estamos averiguando precio y plazo.",
  cotizado: "Te escribimos con el precio y el plazo: respondenos para confirmarlo.",
  encargado: "Ya lo pedimos a la editorial o al distribuidor.",
  listo: "¡Llegó! Te esperamos para retirarlo o coordinamos el envío.",
  entregado: "Ya es tuyo. ¡Que lo disfrutes!",
  cancelado: "Este pedido quedó cancelado.",
};

export default function AccountSpecialOrders({ loaderData }: Route.ComponentProps) {
  const { specialOrders } = loaderData;
  return (
    <section aria-labelledby="mis-pedidos-especiales">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="mis-pedidos-especiales" className="font-serif text-3xl text-ink sm:text-4xl">
          Mis pedidos especiales
        </h1>
        <Link to="/pedidos-especiales" className="font-semibold text-moss underline">
          Pedir otro libro
        </Link>
      </div>
      {specialOrders.length === 0 ? (
        <div className={`mt-6 ${CARD}`}>
          <p className="text-ink/85">
            Todavía no nos pediste libros que no están en la tienda. Si buscás uno, lo conseguimos: del país o de
            afuera.
          </p>
          <Link to="/pedidos-especiales" className="mt-4 inline-flex font-semibold text-moss underline">
            Hacer un pedido especial
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {specialOrders.map((order) => (
            <li key={order.id} className={CARD}>
              <article aria-labelledby={`especial-${order.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 id={`especial-${order.id}`} className="font-serif text-xl text-ink">
                      {order.bookTitle}
                    </h2>
                    {order.bookAuthor ? <p className="text-ink/80">{order.bookAuthor}</p> : null}
                  </div>
                  <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${BADGE[order.status]}`}>
                    {STATUS_LABELS[order.status]}
                  </span>
                </div>
                <p className="mt-2 text-sm text-ink/75">
                  Pedido el {longDate(order.createdAt)} · {SCOPE_LABELS[order.scope]}
                </p>
                <p className="mt-2 text-ink/85">{STATUS_HINTS[order.status]}</p>
                {order.note ? <p className="mt-2 text-sm text-ink/75">Tu nota: {order.note}</p> : null}
                {order.replies.length > 0 ? (
                  <div className="mt-4 border-t border-ink/10 pt-4">
                    <h3 className="text-sm font-semibold text-ink">Lo que te respondimos</h3>
                    <ul className="mt-2 space-y-3">
                      {order.replies.map((reply) => (
                        <li key={reply.id} className="rounded-xl bg-paper p-3">
                          <p className="text-xs text-ink/70">{longDate(reply.sentAt)}</p>
                          <p className="mt-1 whitespace-pre-line text-ink">{reply.body}</p>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
