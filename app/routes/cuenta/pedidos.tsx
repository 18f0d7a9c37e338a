import { Link } from "react-router";
import { customerOrders } from "~/domain/accounts/orders.server";
import { customerPurchases } from "~/domain/accounts/purchases.server";
import { PURCHASE_STATUS_BADGES, PURCHASE_STATUS_LABELS, purchaseTitle } from "~/domain/customers/purchases";
import { STATUS_BADGES, STATUS_LABELS } from "~/domain/orders/status";
import { receiptLinks } from "~/domain/sales/receipt-links.server";
import { requireCustomer } from "~/lib/customer.server";
import { longDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/pedidos";

export const meta: Route.MetaFunction = () => seoMeta({ title: "Mis pedidos", noIndex: true });

/**
 * The reader's orders and, among them by date, what they bought at the shop's counter or at a fair with this
 * e-mail ("Compra en el local VT-000123", linked to its receipt).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  const [orders, purchases] = await Promise.all([
    customerOrders(context.db, email),
    customerPurchases(context.db, email),
  ]);
  const links = await receiptLinks(
    context.db,
    requestContext(context),
    purchases.map((purchase) => purchase.number),
  );
  const entries = [
    ...orders.map((order) => ({ kind: "order" as const, at: order.createdAt, order })),
    ...purchases.map((purchase) => ({
      kind: "purchase" as const,
      at: purchase.soldAt,
      purchase: { ...purchase, receiptPath: links[purchase.number]?.path ?? "" },
    })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  return { entries };
}

const card =
  "flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10 hover:ring-moss sm:p-5";
const books = (units: number) => `${units} ${units === 1 ? "libro" : "libros"}`;

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <section aria-labelledby="mis-pedidos">
      <h1 id="mis-pedidos" className="font-serif text-3xl text-ink sm:text-4xl">
        Mis pedidos
      </h1>
      {entries.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10">
          <p className="text-ink/85">Todavía no hiciste pedidos con este email.</p>
          <Link to="/tienda" className="mt-4 inline-flex font-semibold text-moss underline">
            Ver la tienda
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {entries.map((entry) =>
            entry.kind === "order" ? (
              <li key={entry.order.number}>
                <Link to={`/cuenta/pedidos/${entry.order.number}`} className={card}>
                  <span className="min-w-0">
                    <span className="block font-mono font-semibold text-ink">{entry.order.number}</span>
                    <span className="block text-sm text-ink/75">
                      {longDate(entry.order.createdAt)} · {books(entry.order.units)}
                    </span>
                  </span>
                  <span className="flex items-center gap-3">
                    <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${STATUS_BADGES[entry.order.status]}`}>
                      {STATUS_LABELS[entry.order.status]}
                    </span>
                    <span className="font-semibold text-ink">{formatMoney(entry.order.totalCents)}</span>
                  </span>
                </Link>
              </li>
            ) : (
              <li key={entry.purchase.number}>
                {/* The receipt is a page of its own (not Mi cuenta's): a plain link. */}
                <a href={entry.purchase.receiptPath} className={card} data-testid="account-purchase">
                  <span className="min-w-0">
                    <span className="block font-semibold text-ink">
                      {purchaseTitle(entry.purchase)}{" "}
                      <span className="font-mono whitespace-nowrap">{entry.purchase.number}</span>
                    </span>
                    <span className="block text-sm text-ink/75">
                      {longDate(entry.purchase.soldAt)} · {books(entry.purchase.units)}
                    </span>
                  </span>
                  <span className="flex items-center gap-3">
                    <span
                      className={`rounded-full px-2.5 py-1 text-xs font-bold ${PURCHASE_STATUS_BADGES[entry.purchase.status]}`}
                    >
                      {PURCHASE_STATUS_LABELS[entry.purchase.status]}
                    </span>
                    <span className="font-semibold text-ink">{formatMoney(entry.purchase.totalCents)}</span>
                  </span>
                </a>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
