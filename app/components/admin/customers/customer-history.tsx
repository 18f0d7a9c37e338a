import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/special-order-status";
import { TableHead } from "~/components/admin/table-head";
import { STATUS_LABELS as BOX_STATUS_LABELS } from "~/domain/box/plans";
import type { CustomerDetail } from "~/domain/customers/detail.server";
import { PURCHASE_STATUS_BADGES, PURCHASE_STATUS_LABELS, purchaseTitle } from "~/domain/customers/purchases";
import { topicLabel } from "~/domain/newsletter/topics";
import { STATUS_BADGES, STATUS_LABELS } from "~/domain/orders/status";
import { WITHDRAWAL_BADGES, WITHDRAWAL_LABELS } from "~/domain/withdrawals/status";
import { dayMonthTime, longDate, shortDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { CustomerSection, Nothing } from "./customer-section";

const ORDER_COLUMNS = ["Pedido", "Fecha", "Estado", { label: "Total", right: true }] as const;
const PURCHASE_COLUMNS = ["Compra", "Fecha", "Estado", { label: "Total", right: true }] as const;

/**
 * The person's counter and fair sales (DESIGN §9: a sale is a sale), newest first, each linked to its receipt
 * (the page the buyer got, with the invoice once ARCA authorised it).
 */
export function CustomerPurchases({
  purchases,
}: {
  purchases: (CustomerDetail["inPersonSales"][number] & { receiptUrl: string })[];
}) {
  return (
    <CustomerSection id="compras" title="Compras en el local y en ferias">
      {purchases.length === 0 ? (
        <Nothing>Sin compras en el local ni en ferias.</Nothing>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead className="border-b border-ink/10 text-ink/80" columns={PURCHASE_COLUMNS} />
            <tbody className="divide-y divide-ink/10">
              {purchases.map((sale) => (
                <tr key={sale.number} data-testid="customer-purchase">
                  <td className="px-3 py-2">
                    <a href={sale.receiptUrl} className="font-semibold whitespace-nowrap text-moss underline">
                      {sale.number}
                    </a>
                    <span className="block text-xs text-ink/75">{purchaseTitle(sale)}</span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{dayMonthTime(sale.soldAt)}</td>
                  <td className="px-3 py-2">
                    <span
                      className={`rounded px-2 py-0.5 text-xs font-semibold ${PURCHASE_STATUS_BADGES[sale.status]}`}
                    >
                      {PURCHASE_STATUS_LABELS[sale.status]}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(sale.totalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CustomerSection>
  );
}

/** Every order of the email, newest first, each linked to its admin page. */
export function CustomerOrders({ orders }: { orders: CustomerDetail["orders"] }) {
  return (
    <CustomerSection id="pedidos" title="Pedidos">
      {orders.length === 0 ? (
        <Nothing>Sin pedidos.</Nothing>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead className="border-b border-ink/10 text-ink/80" columns={ORDER_COLUMNS} />
            <tbody className="divide-y divide-ink/10">
              {orders.map((order) => (
                <tr key={order.number} data-testid="customer-order">
                  <td className="px-3 py-2">
                    <Link to={`/admin/pedidos/${order.number}`} className="font-semibold text-moss underline">
                      {order.number}
                    </Link>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{dayMonthTime(order.createdAt)}</td>
                  <td className="px-3 py-2">
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_BADGES[order.status]}`}>
                      {STATUS_LABELS[order.status]}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(order.totalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CustomerSection>
  );
}

/** The person's box subscriptions; the Caja Rizoma page (searched by this email) is where they are managed. */
export function CustomerBoxes({
  email,
  subscriptions,
}: {
  email: string;
  subscriptions: CustomerDetail["subscriptions"];
}) {
  return (
    <CustomerSection
      id="caja"
      title="Caja Rizoma"
      action={
        subscriptions.length > 0 ? (
          <Link to={`/admin/caja?buscar=${encodeURIComponent(email)}`} className="text-sm text-moss underline">
            Ver en Caja Rizoma
          </Link>
        ) : null
      }
    >
      {subscriptions.length === 0 ? (
        <Nothing>No está suscripto a la Caja Rizoma.</Nothing>
      ) : (
        <ul className="divide-y divide-ink/10 text-sm">
          {subscriptions.map((subscription) => (
            <li key={subscription.id} className="py-2">
              <span className="font-semibold">Plan {subscription.plan}</span> · {BOX_STATUS_LABELS[subscription.status]}{" "}
              · {formatMoney(subscription.priceCents)}
              <span className="block text-ink/75">
                Desde el {shortDate(subscription.createdAt)}
                {subscription.nextBoxDate && (subscription.status === "active" || subscription.status === "paused")
                  ? ` · próxima caja: ${longDate(subscription.nextBoxDate)}`
                  : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </CustomerSection>
  );
}

/** The newsletter sign-up: state, topics and dates. */
export function CustomerNewsletter({ newsletter }: { newsletter: CustomerDetail["newsletter"] }) {
  return (
    <CustomerSection id="newsletter" title="Newsletter">
      {newsletter === null ? (
        <Nothing>Nunca se anotó al newsletter.</Nothing>
      ) : (
        <p className="text-sm">
          {newsletter.status === "active"
            ? `Suscripto desde el ${shortDate(newsletter.subscribedAt)}.`
            : `Se dio de baja${newsletter.unsubscribedAt ? ` el ${shortDate(newsletter.unsubscribedAt)}` : ""}.`}
          <span className="block text-ink/75">
            Intereses:{" "}
            {newsletter.interests.length ? newsletter.interests.map(topicLabel).join(", ") : "ninguno elegido"}
          </span>
        </p>
      )}
    </CustomerSection>
  );
}

/**
 * The rest of the history, each section only when there is something: special orders, withdrawals,
 * QR prizes and the stock alerts still waiting.
 */
export function CustomerOtherHistory({ customer }: { customer: CustomerDetail }) {
  const { specialOrders, withdrawals, prizeClaims, stockAlerts } = customer;
  return (
    <>
      {specialOrders.length > 0 ? (
        <CustomerSection id="pedidos-especiales" title="Pedidos especiales">
          <ul className="divide-y divide-ink/10 text-sm">
            {specialOrders.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center gap-2 py-2">
                <Link to={`/admin/pedidos-especiales/${request.id}`} className="font-semibold text-moss underline">
                  #{request.id} {request.bookTitle}
                </Link>
                <StatusBadge status={request.status} />
                <span className="text-ink/75">{shortDate(request.createdAt)}</span>
              </li>
            ))}
          </ul>
        </CustomerSection>
      ) : null}
      {withdrawals.length > 0 ? (
        <CustomerSection id="arrepentimientos" title="Arrepentimientos">
          <ul className="divide-y divide-ink/10 text-sm">
            {withdrawals.map((withdrawal) => (
              <li key={withdrawal.code} className="flex flex-wrap items-center gap-2 py-2">
                <span className="font-mono">{withdrawal.code}</span>
                <Link to={`/admin/pedidos/${withdrawal.orderNumber}`} className="text-moss underline">
                  {withdrawal.orderNumber}
                </Link>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${WITHDRAWAL_BADGES[withdrawal.status]}`}>
                  {WITHDRAWAL_LABELS[withdrawal.status]}
                </span>
                <span className="text-ink/75">{shortDate(withdrawal.createdAt)}</span>
              </li>
            ))}
          </ul>
        </CustomerSection>
      ) : null}
      {prizeClaims.length > 0 ? (
        <CustomerSection id="premios" title="Premios QR">
          <ul className="divide-y divide-ink/10 text-sm">
            {prizeClaims.map((claim) => (
              <li key={claim.code} className="py-2">
                <span className="font-mono font-semibold">{claim.code}</span> · {claim.bookTitle} ·{" "}
                <span className="text-ink/75">reclamado el {shortDate(claim.claimedAt)}</span>
              </li>
            ))}
          </ul>
        </CustomerSection>
      ) : null}
      {stockAlerts.length > 0 ? (
        <CustomerSection id="avisos" title="Avisos esperando">
          <ul className="divide-y divide-ink/10 text-sm">
            {stockAlerts.map((alert) => (
              <li key={`${alert.bookId}-${alert.kind}`} className="py-2">
                <Link to={`/admin/libros/${alert.bookId}`} className="text-moss underline">
                  {alert.title}
                </Link>{" "}
                <span className="text-ink/75">
                  · {alert.kind === "restock" ? "cuando vuelva a haber stock" : "cuando salga"} · desde el{" "}
                  {shortDate(alert.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </CustomerSection>
      ) : null}
    </>
  );
}
