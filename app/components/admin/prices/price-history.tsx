import { Link } from "react-router";
import type { PriceUpdateRecord } from "~/domain/catalog/price-history.server";
import { booksText } from "~/domain/catalog/price-rules";
import { mediumDateTime } from "~/lib/dates";
import { PRICES_PAGE } from "./prices-page";

/** The latest updates, newest first; "Deshacer" leads to a confirmation with the numbers (only the last one). */
export function PriceHistory({ updates }: { updates: PriceUpdateRecord[] }) {
  const cell = "px-3 py-2.5 align-top";
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="font-serif text-2xl">
        Últimas actualizaciones
      </h2>
      {updates.length === 0 ? (
        <p className="mt-3 rounded-lg bg-white p-6 text-ink/75">Todavía no se actualizaron precios desde acá.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-ink/10 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">Actualizaciones de precios, de la más reciente a la más antigua</caption>
            <thead className="border-b border-ink/10 text-left text-ink/75">
              <tr>
                <th scope="col" className={cell}>
                  Fecha
                </th>
                <th scope="col" className={cell}>
                  Quién
                </th>
                <th scope="col" className={cell}>
                  Cambio
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Libros
                </th>
                <th scope="col" className={cell}>
                  Estado
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink/10">
              {updates.map((update) => (
                <tr key={update.id}>
                  <td className={`${cell} whitespace-nowrap`}>
                    <time dateTime={update.createdAt}>{mediumDateTime(update.createdAt)}</time>
                  </td>
                  <td className={`${cell} min-w-48 break-words`}>{update.adminEmail}</td>
                  <td className={`${cell} min-w-56`}>{update.description}</td>
                  <td className={`${cell} text-right tabular-nums`}>{update.bookCount}</td>
                  <td className={`${cell} min-w-32`}>
                    {update.undoneAt ? (
                      <>
                        <span className="font-semibold text-terracotta-dark">Deshecha</span>
                        <span className="block text-ink/75">
                          {mediumDateTime(update.undoneAt)}
                          {update.undoneBy ? ` · ${update.undoneBy}` : ""}
                        </span>
                      </>
                    ) : (
                      <span>Aplicada</span>
                    )}
                    {update.canUndo ? (
                      <Link
                        to={`${PRICES_PAGE}?deshacer=${update.id}#deshacer`}
                        className="mt-1 block font-semibold text-terracotta underline underline-offset-2"
                      >
                        Deshacer<span className="sr-only"> la actualización de {booksText(update.bookCount)}</span>
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
