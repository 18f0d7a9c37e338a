import { Form, useNavigation } from "react-router";
import type { SaleStockShort } from "~/domain/sales/input";
import { dayMonthTime } from "~/lib/dates";

/** A sale sold beyond the stock the system had, as the list shows it. */
export interface FlaggedSaleView {
  number: string;
  soldAt: Date;
  placeName: string;
  sellerName: string;
  shortages: SaleStockShort[];
  receiptUrl: string;
}

/**
 * Sales made without the stock the system had (two phones sold the last copy offline, a count was off):
 * kept, never dropped (issue 35), listed here until someone checks the shelf and marks them "Revisado".
 * Every unreviewed one, whatever its day or place.
 */
export function FlaggedSales({
  flagged,
  hidden,
}: {
  flagged: FlaggedSaleView[];
  /** The page's day and place, so the answer comes back to the same view. */
  hidden: { fecha: string; lugar: string };
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section id="sin-stock" aria-labelledby="sin-stock-title" className="scroll-mt-4 space-y-3 print:hidden">
      <h2 id="sin-stock-title" className="font-serif text-2xl">
        Ventas sin stock para revisar
      </h2>
      {flagged.length === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/75">No hay ventas sin stock pendientes de revisar.</p>
      ) : (
        <>
          <p className="max-w-prose text-sm text-ink/75">
            Se vendieron más ejemplares de los que el sistema tenía en ese lugar. La venta queda; revisá el estante y el
            stock del libro, y marcala como revisada.
          </p>
          <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white">
            {flagged.map((sale) => (
              <li key={sale.number} className="flex flex-wrap items-center gap-3 p-4" data-testid="venta-sin-stock">
                <div className="min-w-0 flex-1 text-sm">
                  <p>
                    <a href={sale.receiptUrl} className="font-mono font-semibold whitespace-nowrap text-moss underline">
                      {sale.number}
                    </a>{" "}
                    · {dayMonthTime(sale.soldAt)} · {sale.placeName} · {sale.sellerName}
                  </p>
                  <ul className="mt-1 text-ink/80">
                    {sale.shortages.map((short) => (
                      <li key={short.bookId}>
                        «{short.title}»: se vendieron {short.requested}, había {short.available}
                      </li>
                    ))}
                  </ul>
                </div>
                <Form method="post">
                  <input type="hidden" name="fecha" value={hidden.fecha} />
                  <input type="hidden" name="lugar" value={hidden.lugar} />
                  <input type="hidden" name="venta" value={sale.number} />
                  <button
                    type="submit"
                    name="intent"
                    value="reviewed"
                    disabled={busy}
                    className="rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss hover:text-white disabled:opacity-70"
                  >
                    Revisado<span className="sr-only"> ({sale.number})</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
