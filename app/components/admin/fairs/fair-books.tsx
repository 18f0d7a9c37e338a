import type { FairBookLine } from "~/domain/fairs/report.server";
import { cell, tableBox } from "./fair-status";

interface Totals {
  sent: number;
  sold: number;
  onTable: number;
  returned: number;
  short: number;
}

type Column = { key: keyof Totals | "shopStock"; label: string };

/** The columns of the fair's stock: what went, what sold, what is on the table; at the close, back and short. */
function columnsFor(closed: boolean): Column[] {
  return [
    { key: "sent", label: "Enviados" },
    { key: "sold", label: "Vendidos" },
    { key: "onTable", label: "En la mesa" },
    ...(closed
      ? ([
          { key: "returned", label: "Volvieron" },
          { key: "short", label: "Faltan" },
        ] satisfies Column[])
      : []),
    { key: "shopStock", label: "En la tienda" },
  ];
}

/** Per book: sent, sold (paid sales at the fair), on the table now, and (closed) back and short. */
export function FairBooks({ books, totals, closed }: { books: FairBookLine[]; totals: Totals; closed: boolean }) {
  const columns = columnsFor(closed);
  if (books.length === 0) {
    return <p className="rounded-lg bg-white p-5 text-ink/80">Todavía no llevaste libros a esta feria.</p>;
  }
  return (
    <>
      <ul className="space-y-3 md:hidden">
        {books.map((book) => (
          <li key={book.bookId} className="rounded-lg border border-ink/10 bg-white p-4">
            <p className="font-semibold break-words">{book.title}</p>
            <p className="text-sm text-ink/75">
              {book.author}
              {book.isbn ? ` · ISBN ${book.isbn}` : ""}
            </p>
            <dl className={`mt-2 grid gap-2 text-sm ${closed ? "grid-cols-3" : "grid-cols-4"}`}>
              {columns.map((column) => (
                <div key={column.key}>
                  <dt className="text-xs text-ink/75">{column.label}</dt>
                  <dd className="font-semibold tabular-nums">{book[column.key]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className={`hidden md:block ${tableBox}`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Libros de la feria</caption>
          <thead className="border-b border-ink/10 text-ink/80">
            <tr>
              <th scope="col" className={cell}>
                Libro
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={`${cell} text-right`}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10">
            {books.map((book) => (
              <tr key={book.bookId}>
                <th scope="row" className={`${cell} font-normal`}>
                  <span className="font-semibold">{book.title}</span>
                  <span className="block text-xs text-ink/75">
                    {book.author}
                    {book.isbn ? ` · ISBN ${book.isbn}` : ""}
                  </span>
                </th>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`${cell} text-right tabular-nums ${column.key === "short" && book.short > 0 ? "font-semibold text-terracotta-dark" : ""}`}
                  >
                    {book[column.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-ink/15 font-semibold">
            <tr>
              <th scope="row" className={`${cell} text-left`}>
                Total
              </th>
              {columns.map((column) => (
                <td key={column.key} className={`${cell} text-right tabular-nums`}>
                  {column.key === "shopStock" ? "" : totals[column.key]}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/** The closed fair's shortages: what went and neither sold nor came back. */
export function Shortages({ books }: { books: FairBookLine[] }) {
  const short = books.filter((book) => book.short > 0);
  return (
    <section aria-labelledby="faltantes" className="space-y-3">
      <h2 id="faltantes" className="font-serif text-2xl">
        Faltantes
      </h2>
      {short.length === 0 ? (
        <p className="rounded-lg bg-white p-5 text-ink/80">
          No faltó nada: todo lo que no se vendió volvió a la tienda.
        </p>
      ) : (
        <ul className="divide-y divide-ink/10 rounded-xl border border-terracotta/30 bg-white">
          {short.map((book) => (
            <li key={book.bookId} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
              <span className="min-w-0 break-words">
                <span className="font-semibold">{book.title}</span>
                {book.isbn ? <span className="block text-xs text-ink/75">ISBN {book.isbn}</span> : null}
              </span>
              <span className="font-semibold text-terracotta-dark tabular-nums">
                {book.short === 1 ? "Falta 1" : `Faltan ${book.short}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
