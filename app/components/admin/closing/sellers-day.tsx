import type { ClosingDay, ClosingSale } from "~/domain/closings/summary.server";
import { PAYMENT_NAMES } from "~/domain/sales/input";
import { clockTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One sale: its number (to its receipt), time, how it was paid and its total, with its marks. */
function SaleLine({ sale, receipts }: { sale: ClosingSale; receipts: Record<string, string> }) {
  const receipt = receipts[sale.number];
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1.5 text-sm">
      <span className="font-mono font-semibold whitespace-nowrap">
        {receipt ? (
          <a href={receipt} className="text-moss underline">
            {sale.number}
          </a>
        ) : (
          sale.number
        )}
      </span>
      <span className="tabular-nums text-ink/75">{clockTime(sale.soldAt)}</span>
      <span>{PAYMENT_NAMES[sale.payment]}</span>
      {sale.flagged ? (
        <span className="rounded bg-terracotta/15 px-2 py-0.5 text-xs font-semibold text-terracotta-dark">
          Sin stock
        </span>
      ) : null}
      {sale.offline ? <span className="rounded bg-ink/10 px-2 py-0.5 text-xs font-semibold">Sin conexión</span> : null}
      <span className="ml-auto font-semibold tabular-nums">{formatMoney(sale.totalCents)}</span>
    </li>
  );
}

/** Who sold what: each seller's paid sales of the day and the books in them; then the QR sales still waiting. */
export function SellersDay({ summary, receipts }: { summary: ClosingDay; receipts: Record<string, string> }) {
  return (
    <section aria-labelledby="vendedores-title" className="space-y-4">
      <h2 id="vendedores-title" className="font-serif text-2xl">
        Quién vendió qué
      </h2>
      {summary.sellers.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/75">Este día no hubo ventas cobradas en este lugar.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {summary.sellers.map((seller) => (
            <li
              key={seller.sellerName}
              className="rounded-xl border border-ink/10 bg-white p-4 break-inside-avoid"
              data-testid="vendedor"
            >
              <h3 className="font-semibold break-all">{seller.sellerName}</h3>
              <p className="text-sm text-ink/75">
                {plural(seller.sales.length, "venta", "ventas")} · {formatMoney(seller.totalCents)}
              </p>
              <ul className="mt-2 divide-y divide-ink/10" aria-label={`Ventas de ${seller.sellerName}`}>
                {seller.sales.map((sale) => (
                  <SaleLine key={sale.number} sale={sale} receipts={receipts} />
                ))}
              </ul>
              <p className="mt-2 text-sm">
                <span className="font-semibold">Libros: </span>
                {seller.books.map((book) => `${book.title} × ${book.quantity}`).join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      )}
      {summary.pendingQr.length > 0 ? (
        <div className="rounded-xl border border-ochre/50 bg-ochre/10 p-4">
          <h3 className="font-semibold">QR de Mercado Pago esperando el pago</h3>
          <p className="text-sm text-ink/80">
            Todavía no llegó el aviso de Mercado Pago: no suman en la caja hasta que se acrediten.
          </p>
          <ul className="mt-2 divide-y divide-ink/10">
            {summary.pendingQr.map((sale) => (
              <SaleLine key={sale.number} sale={sale} receipts={receipts} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
