import type { FairSalesSummary } from "~/domain/fairs/report.server";
import { PAYMENT_NAMES } from "~/domain/sales/input";
import { formatMoney } from "~/lib/money";
import { card, copies } from "./fair-status";

/** The fair's paid sales: the total, per payment method, and who sold what. */
export function FairSales({ sales, closed }: { sales: FairSalesSummary; closed: boolean }) {
  return (
    <section aria-labelledby="ventas" className="space-y-3">
      <h2 id="ventas" className="font-serif text-2xl">
        Ventas
      </h2>
      {sales.count === 0 ? (
        <p className="rounded-lg bg-white p-5 text-ink/80">
          {closed
            ? "No hubo ventas en esta feria."
            : "Todavía no hay ventas en esta feria. Se cargan desde la página de venta, eligiendo la feria."}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <div className={card}>
            <h3 className="font-semibold">Por forma de pago</h3>
            <dl className="mt-2 divide-y divide-ink/10 text-sm">
              {sales.byPayment.map((row) => (
                <div key={row.payment} className="flex justify-between gap-3 py-2">
                  <dt>
                    {PAYMENT_NAMES[row.payment]}{" "}
                    <span className="text-ink/70">
                      ({row.count} {row.count === 1 ? "venta" : "ventas"})
                    </span>
                  </dt>
                  <dd className="tabular-nums">{formatMoney(row.totalCents)}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-3 py-2 font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums" data-testid="fair-sales-total">
                  {formatMoney(sales.totalCents)}
                </dd>
              </div>
            </dl>
          </div>
          <div className={card}>
            <h3 className="font-semibold">Quién vendió qué</h3>
            <ul className="mt-2 space-y-3 text-sm">
              {sales.bySeller.map((seller) => (
                <li key={seller.seller}>
                  <p className="flex flex-wrap justify-between gap-x-3">
                    <span className="min-w-0 font-semibold break-words">{seller.seller}</span>
                    <span className="tabular-nums">{formatMoney(seller.totalCents)}</span>
                  </p>
                  <p className="text-ink/75">
                    {seller.count} {seller.count === 1 ? "venta" : "ventas"}, {copies(seller.copies)}
                  </p>
                  <ul className="mt-1 list-disc pl-5 text-ink/85">
                    {seller.books.map((book) => (
                      <li key={book.title}>
                        {book.title} × {book.quantity}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
