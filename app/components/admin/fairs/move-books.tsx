import { Form, Link, useNavigation } from "react-router";
import { Notice, type NoticeData } from "~/components/ui/notice";
import type { BookToMove } from "~/domain/fairs/stock.server";
import { button, card } from "./fair-status";
import { QuantityError, QuantityField } from "./quantity-field";

/**
 * "Llevar a la feria": a search (a GET form: the results are in the URL, so it works without JavaScript)
 * and, for the books found, how many copies to take. Several books go in one move.
 */
export function MoveBooks({
  fairId,
  query,
  results,
  problem,
  values,
  errors,
}: {
  fairId: number;
  query: string;
  results: BookToMove[];
  problem: NoticeData | null;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const busy = useNavigation().state !== "idle";
  const page = `/admin/ferias/${fairId}`;
  return (
    <section aria-labelledby="llevar" className={card}>
      <h2 id="llevar" className="font-serif text-2xl">
        Llevar a la feria
      </h2>
      <p className="mt-1 text-sm text-ink/75">
        Buscá los libros por título, autor o ISBN y escribí cuántos llevás. Salen del stock de la tienda: la tienda
        online deja de venderlos hasta que vuelvan.
      </p>
      <Form method="get" action={page} role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="buscar-libros" className="block text-sm font-semibold">
            Buscar libros
          </label>
          <input
            key={query}
            id="buscar-libros"
            type="search"
            name="buscar"
            defaultValue={query}
            placeholder="Título, autor o ISBN"
            className="mt-1 w-full rounded-md border border-ink/25 bg-white px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded-full border border-moss px-5 py-2 font-semibold text-moss">
          Buscar
        </button>
      </Form>
      {query && results.length === 0 ? (
        <p className="mt-4 text-sm text-ink/80" role="status">
          No encontramos libros con «{query}».
        </p>
      ) : null}
      {results.length > 0 ? (
        <Form
          method="post"
          action={`${page}?buscar=${encodeURIComponent(query)}`}
          noValidate
          className="mt-4 space-y-4"
          aria-labelledby="llevar"
        >
          <input type="hidden" name="intent" value="move" />
          {problem ? <Notice notice={problem} /> : null}
          <ul className="divide-y divide-ink/10 rounded-lg border border-ink/10">
            {results.map((book) => {
              const name = `quantity-${book.id}`;
              const error = errors[name];
              return (
                <li key={book.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="font-semibold break-words">{book.title}</p>
                    <p className="text-sm text-ink/75">
                      {book.author}
                      {book.isbn ? ` · ISBN ${book.isbn}` : ""}
                    </p>
                    <p className="text-sm">
                      En la tienda: <strong className="tabular-nums">{book.stock}</strong>
                      {book.atFair > 0 ? (
                        <>
                          {" "}
                          · Ya en la feria: <strong className="tabular-nums">{book.atFair}</strong>
                        </>
                      ) : null}
                    </p>
                    <QuantityError name={name} error={error} />
                  </div>
                  <QuantityField
                    name={name}
                    label="Llevar"
                    title={book.title}
                    error={error}
                    defaultValue={values[name] ?? ""}
                    disabled={book.stock <= 0 && !values[name]}
                  />
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={busy} className={button}>
              Llevar a la feria
            </button>
            <Link to={page} className="text-sm font-semibold text-moss underline">
              Limpiar la búsqueda
            </Link>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
