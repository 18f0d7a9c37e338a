import { Form, Link, useNavigation } from "react-router";
import { booksText, type PriceFormValues } from "~/domain/catalog/price-rules";
import type { PricePreview } from "~/domain/catalog/price-updates.server";
import { formatMoney } from "~/lib/money";
import { PREVIEW_ROWS, PRICES_PAGE } from "./prices-page";

function Change({ from, to }: { from: number | null; to: number | null }) {
  if (from === null && to === null) return <span className="text-ink/60">—</span>;
  if (from === to) return <span className="tabular-nums">{formatMoney(from ?? 0)}</span>;
  return (
    <span className="whitespace-nowrap tabular-nums">
      {from === null ? "—" : formatMoney(from)} <span aria-hidden="true">→</span>
      <span className="sr-only"> pasa a </span>{" "}
      {to === null ? <em>sin promoción</em> : <strong>{formatMoney(to)}</strong>}
    </span>
  );
}

/** The preview's figures, its book-by-book table and the button that applies exactly this update. */
export function PricePreviewPanel({ preview, values }: { preview: PricePreview; values: PriceFormValues }) {
  const busy = useNavigation().state !== "idle";
  const { totals } = preview;
  const sign = totals.difference > 0 ? "+" : totals.difference < 0 ? "-" : "";
  const cell = "px-3 py-2 align-top";
  const shown = preview.rows.slice(0, PREVIEW_ROWS);
  return (
    <section aria-labelledby="preview-title" className="space-y-4 rounded-xl border border-ochre/40 bg-white p-5">
      <div>
        <h2 id="preview-title" className="font-serif text-2xl" tabIndex={-1}>
          Cambios: {preview.description}
        </h2>
        <p className="mt-1 text-ink/75">Revisalos antes de aplicar. Nada cambió todavía.</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div className="rounded-lg bg-paper p-3">
          <dt className="text-ink/75">Libros con precio</dt>
          <dd className="text-lg font-semibold tabular-nums">{totals.books}</dd>
        </div>
        <div className="rounded-lg bg-paper p-3">
          <dt className="text-ink/75">Cambian</dt>
          <dd className="text-lg font-semibold tabular-nums">{totals.changed}</dd>
        </div>
        <div className="rounded-lg bg-paper p-3">
          <dt className="text-ink/75">Promociones que se quitan</dt>
          <dd className="text-lg font-semibold tabular-nums">{totals.promotionsRemoved}</dd>
        </div>
        <div className="rounded-lg bg-paper p-3">
          <dt className="text-ink/75">Diferencia (precios de lista)</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {sign}
            {formatMoney(Math.abs(totals.difference))}
          </dd>
        </div>
      </dl>
      {/* relative: each row's sr-only text is positioned absolutely; without a positioned box it escapes
          the scroll box and makes the page thousands of pixels longer. */}
      <div className="relative max-h-[32rem] overflow-auto rounded-lg border border-ink/10">
        <table className="w-full text-sm">
          <caption className="sr-only">Precio actual y nuevo de cada libro; primero los que tienen una nota</caption>
          <thead className="sticky top-0 border-b border-ink/10 bg-white text-left text-ink/75">
            <tr>
              <th scope="col" className={cell}>
                Libro
              </th>
              <th scope="col" className={cell}>
                Precio
              </th>
              <th scope="col" className={cell}>
                Promoción
              </th>
              <th scope="col" className={cell}>
                Preventa
              </th>
              <th scope="col" className={cell}>
                Notas
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10">
            {shown.map((row) => (
              <tr key={row.bookId} className={row.note ? "bg-ochre/10" : undefined}>
                <th scope="row" className={`${cell} min-w-48 text-left font-normal`}>
                  <Link to={`/admin/libros/${row.bookId}`} className="font-semibold underline-offset-2 hover:underline">
                    {row.title}
                  </Link>
                  <span className="block text-ink/75">{row.author}</span>
                </th>
                <td className={cell}>
                  <Change from={row.oldPrice} to={row.newPrice} />
                </td>
                <td className={cell}>
                  <Change from={row.oldPromotional} to={row.newPromotional} />
                </td>
                <td className={cell}>
                  <Change from={row.oldPreorder} to={row.newPreorder} />
                </td>
                <td className={`${cell} min-w-40`}>
                  {row.note ?? (row.changed ? "" : <span className="text-ink/75">Sin cambios</span>)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {totals.books > shown.length ? (
        <p className="text-sm text-ink/75">
          Se muestran {shown.length} de {totals.books} libros; los demás siguen la misma regla y suman en los totales.
        </p>
      ) : null}
      {totals.changed > 0 ? (
        <Form method="post" action={PRICES_PAGE}>
          {/* The same request again: the server recomputes from the prices of that moment, never from this table. */}
          {Object.entries(values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            name="intent"
            value="apply"
            disabled={busy}
            className="rounded-2xl bg-moss px-5 py-2 text-left font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
          >
            Aplicar a {booksText(totals.changed)}
            <span className="block text-sm font-normal">{preview.description}</span>
          </button>
        </Form>
      ) : (
        <p className="font-semibold">Con esos valores ningún precio cambia.</p>
      )}
    </section>
  );
}
