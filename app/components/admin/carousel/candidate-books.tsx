import { Form, useNavigation } from "react-router";
import { AdminSearch } from "~/components/admin/admin-search";
import { BookCover } from "~/components/book/book-cover";
import type { CarouselBook } from "~/domain/carousel/carousel.server";
import { CAROUSEL_FULL } from "~/domain/carousel/limits";
import { formatPrice, fromPesos } from "~/lib/money";

/** The available books that could join the carousel, searchable; adding is off while it is full. */
export function CandidateBooks({
  candidates,
  search,
  full,
}: {
  candidates: CarouselBook[];
  search: string;
  full: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="candidates-title">
      <h2 id="candidates-title" className="font-serif text-2xl">
        Libros disponibles
      </h2>
      <AdminSearch
        label="Buscar libros disponibles"
        placeholder="Buscar por título o autor"
        search={search}
        className="mt-3 flex max-w-md gap-2"
        clearHref="/admin/carousel"
      />
      {full ? (
        <p className="mt-3 text-sm font-semibold text-terracotta" id="carousel-full">
          {CAROUSEL_FULL}: sacá uno para agregar otro.
        </p>
      ) : null}
      {candidates.length === 0 ? (
        <p className="mt-4 rounded-lg bg-white p-6 text-ink/75">
          {search
            ? `No hay libros disponibles que coincidan con “${search}”.`
            : "No hay libros disponibles para agregar."}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {candidates.map((book) => (
            <li key={book.id} className="flex items-center gap-3 rounded-lg border border-ink/10 bg-white p-3">
              <BookCover src={book.coverUrl} title={book.title} author={book.author} className="w-10 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{book.title}</p>
                <p className="truncate text-sm text-ink/75">{book.author}</p>
                <p className="text-xs text-ink/75">
                  Stock: {book.stock} · {formatPrice(fromPesos(book.price))}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={book.id} />
                <button
                  type="submit"
                  name="intent"
                  value="add"
                  disabled={full || busy}
                  title={full ? CAROUSEL_FULL : undefined}
                  aria-describedby={full ? "carousel-full" : undefined}
                  className="rounded-md border border-moss px-3 py-1.5 text-sm font-semibold text-moss hover:bg-moss hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
                >
                  Agregar
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
