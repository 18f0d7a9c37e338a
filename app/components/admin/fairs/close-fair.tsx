import { Form, useNavigation } from "react-router";
import { Notice, type NoticeData } from "~/components/ui/notice";
import type { FairBookLine } from "~/domain/fairs/report.server";
import { card } from "./fair-status";
import { QuantityError, QuantityField } from "./quantity-field";

/**
 * "Cerrar la feria" (owners): what came back of each book on the table, the table's count by default. The
 * difference is recorded as missing. Irreversible, so the button says what it does.
 */
export function CloseFair({
  books,
  problem,
  values,
  errors,
}: {
  books: FairBookLine[];
  problem: NoticeData | null;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const busy = useNavigation().state !== "idle";
  const onTable = books.filter((book) => book.onTable > 0);
  return (
    <section aria-labelledby="cerrar" className={card}>
      <h2 id="cerrar" className="font-serif text-2xl">
        Cerrar la feria
      </h2>
      <p className="mt-1 text-sm text-ink/75">
        {onTable.length > 0
          ? "Contá lo que volvió de cada libro. Vuelve al stock de la tienda; lo que falte queda anotado como faltante. Después de cerrarla no se puede vender ni llevar libros a esta feria."
          : "No hay libros en la mesa. Al cerrarla no se puede vender ni llevar libros a esta feria."}
      </p>
      <Form method="post" noValidate className="mt-4 space-y-4" aria-labelledby="cerrar">
        <input type="hidden" name="intent" value="close" />
        {problem ? <Notice notice={problem} /> : null}
        {onTable.length > 0 ? (
          <ul className="divide-y divide-ink/10 rounded-lg border border-ink/10">
            {onTable.map((book) => {
              const name = `back-${book.bookId}`;
              const error = errors[name];
              return (
                <li key={book.bookId} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="font-semibold break-words">{book.title}</p>
                    <p className="text-sm text-ink/75">
                      En la mesa: <strong className="tabular-nums">{book.onTable}</strong>
                    </p>
                    <QuantityError name={name} error={error} />
                  </div>
                  <QuantityField
                    name={name}
                    label="Volvieron"
                    title={book.title}
                    error={error}
                    defaultValue={values[name] ?? String(book.onTable)}
                    required
                  />
                </li>
              );
            })}
          </ul>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-terracotta-dark px-5 py-2 font-semibold text-white hover:bg-terracotta disabled:opacity-70"
        >
          Cerrar la feria y devolver a la tienda
        </button>
      </Form>
    </section>
  );
}
