import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/special-order-status";
import { SCOPE_LABELS, SCOPE_PROMISE } from "~/domain/special-orders/labels";
import { mediumDateTime } from "~/lib/dates";
import type { AdminSpecialOrderView } from "./special-order-view";

/** What was asked and by whom, as label/value rows ("—" where the visitor left a field empty). */
export function SpecialOrderFacts({ order }: { order: AdminSpecialOrderView }) {
  const rows: [string, React.ReactNode][] = [
    ["Estado", <StatusBadge key="status" status={order.status} />],
    [
      "Libro",
      order.bookId ? (
        <Link key="book" to={`/libro/${order.bookId}`} reloadDocument className="underline">
          {order.bookTitle}
        </Link>
      ) : (
        order.bookTitle
      ),
    ],
    ["Autor/a", order.bookAuthor ?? "—"],
    ["Tipo", `${SCOPE_LABELS[order.scope]}: ${SCOPE_PROMISE[order.scope]}`],
    ["Nombre", order.name],
    [
      "Email",
      <a key="email" href={`mailto:${order.email}`} className="underline">
        {order.email}
      </a>,
    ],
    ["Teléfono", order.phone ?? "—"],
    ["Nota del pedido", order.note ?? "—"],
    ["Recibido", mediumDateTime(order.createdAt)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-ink/10 bg-white p-4 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink/75">{label}</dt>
          <dd className="font-semibold break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
