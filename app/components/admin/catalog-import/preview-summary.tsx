import type { ImportPreview } from "~/domain/catalog-io/preview";
import { moreText, number } from "./import-text";

function More({ shown, total }: { shown: number; total: number }) {
  const text = moreText(shown, total);
  return text ? <p className="px-4 py-2 text-sm text-ink/75">{text}</p> : null;
}

const box = "rounded-xl border border-ink/10 bg-white";

/**
 * The dry run: the four counts, then errors (first: they are what needs fixing), changes and new books. The lists are
 * capped by the API ("y N más"), so they are shown whole, not in scroll boxes.
 */
export function PreviewSummary({ preview }: { preview: ImportPreview }) {
  const { counts } = preview;
  const figures = [
    { label: "Nuevos", value: counts.created },
    { label: "Con cambios", value: counts.updated },
    { label: "Sin cambios", value: counts.unchanged },
    { label: "Con errores", value: counts.errors },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl border border-ink/10 bg-white p-4">
            <dt className="text-sm text-ink/75">{figure.label}</dt>
            <dd className="font-serif text-2xl tabular-nums">{number(figure.value)}</dd>
          </div>
        ))}
      </dl>
      {preview.warnings.length > 0 ? (
        <ul className="list-disc space-y-1 rounded-lg bg-ochre/15 py-3 pr-4 pl-8 text-sm">
          {preview.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {counts.errors > 0 ? (
        <section aria-labelledby="errores" className="space-y-2">
          <h3 id="errores" className="font-semibold text-terracotta">
            Filas con errores ({number(counts.errors)}): no se van a importar
          </h3>
          <div className={box}>
            <ul className="divide-y divide-ink/10 text-sm">
              {preview.errors.map((error) => (
                <li key={error.line} className="px-4 py-2 break-words">
                  {error.message}
                </li>
              ))}
            </ul>
            <More shown={preview.errors.length} total={counts.errors} />
          </div>
        </section>
      ) : null}
      {counts.updated > 0 ? (
        <section aria-labelledby="cambios" className="space-y-2">
          <h3 id="cambios" className="font-semibold">
            Libros con cambios ({number(counts.updated)})
          </h3>
          <div className={box}>
            <ul className="divide-y divide-ink/10 text-sm">
              {preview.updated.map((book) => (
                <li key={book.line} className="px-4 py-2">
                  <p className="font-semibold break-words">
                    {book.title} <span className="font-normal text-ink/75">· línea {book.line}</span>
                  </p>
                  <ul className="mt-1 space-y-0.5">
                    {book.changes.map((change) => (
                      <li key={change.field} className="break-words">
                        <span className="font-mono">{change.field}</span>: {change.before} → {change.after}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <More shown={preview.updated.length} total={counts.updated} />
          </div>
        </section>
      ) : null}
      {counts.created > 0 ? (
        <section aria-labelledby="nuevos" className="space-y-2">
          <h3 id="nuevos" className="font-semibold">
            Libros nuevos ({number(counts.created)})
          </h3>
          <div className={box}>
            <ul className="divide-y divide-ink/10 text-sm">
              {preview.created.map((book) => (
                <li key={book.line} className="px-4 py-2 break-words">
                  {book.title}
                  <span className="text-ink/75">
                    {" "}
                    · línea {book.line}
                    {book.isbn ? ` · ISBN ${book.isbn}` : ""}
                  </span>
                </li>
              ))}
            </ul>
            <More shown={preview.created.length} total={counts.created} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
