import { Form, useNavigation } from "react-router";
import { BookCover } from "~/components/book/book-cover";
import type { CarouselBook } from "~/domain/carousel/carousel.server";

/** The books in the carousel, in their order, each with its order field and a way out. */
export function FeaturedBooks({ featured, max }: { featured: CarouselBook[]; max: number }) {
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="featured-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="featured-title" className="font-serif text-2xl">
          En el carrusel ({featured.length} de {max})
        </h2>
        {featured.length > 1 ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="reorder"
              disabled={busy}
              className="rounded-full border border-moss px-4 py-1.5 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
            >
              Reordenar
            </button>
          </Form>
        ) : null}
      </div>
      {featured.length === 0 ? (
        <p className="mt-4 rounded-lg bg-white p-6 text-ink/75">
          No hay libros destacados: el inicio muestra los 2 más nuevos con tapa.
        </p>
      ) : (
        <ol className="mt-4 space-y-3">
          {featured.map((book) => (
            <li
              key={book.id}
              className="flex flex-wrap items-center gap-4 rounded-lg border border-ink/10 bg-white p-3"
            >
              <BookCover src={book.coverUrl} title={book.title} author={book.author} className="w-12 shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="font-serif text-lg leading-tight">{book.title}</p>
                <p className="text-sm text-ink/75">{book.author}</p>
                {!book.available || !book.coverUrl ? (
                  <p className="mt-1 text-xs font-semibold text-terracotta">
                    No se muestra: el libro no está disponible o no tiene tapa.
                  </p>
                ) : null}
              </div>
              <Form method="post" className="flex items-end gap-2">
                <input type="hidden" name="id" value={book.id} />
                <label className="text-xs font-semibold text-ink/75">
                  Orden
                  <input
                    type="number"
                    name="featuredOrder"
                    min={0}
                    defaultValue={book.featuredOrder}
                    className="mt-0.5 block w-20 rounded-md border border-ink/25 px-2 py-1 text-base text-ink"
                  />
                </label>
                <button
                  type="submit"
                  name="intent"
                  value="order"
                  disabled={busy}
                  className="rounded-md bg-moss px-3 py-1.5 text-sm font-semibold text-white hover:bg-moss-dark"
                >
                  Guardar
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  disabled={busy}
                  className="rounded-md border border-terracotta px-3 py-1.5 text-sm font-semibold text-terracotta hover:bg-terracotta hover:text-white"
                >
                  Quitar
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
