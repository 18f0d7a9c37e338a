import { Link } from "react-router";
import type { CardBook } from "~/components/book/book-card";
import { BookCard } from "~/components/book/book-card";
import { SectionHeading } from "./section-heading";

/** The newest 6 available books (spec §7), with the shared book card and the home's 'CONSULTAR'. */
export function NewArrivals({ books }: { books: CardBook[] }) {
  return (
    <section id="new" aria-labelledby="new-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SectionHeading
          id="new-title"
          kicker="RECIÉN LLEGADOS"
          title="Novedades"
          lead="Lo último que entró a la librería, todavía con olor a imprenta."
        />
        <Link to="/tienda?orden=novedades" className="text-sm font-semibold text-moss underline underline-offset-4">
          Ver todas las novedades
        </Link>
      </div>
      {books.length > 0 ? (
        <ul className="mt-10 grid grid-cols-2 gap-x-5 gap-y-10 sm:grid-cols-3 lg:grid-cols-6">
          {books.map((book) => (
            <li key={book.id} className="flex">
              <BookCard book={book} priceMissing="CONSULTAR" variant="home" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 text-ink/75">No hay libros disponibles en este momento.</p>
      )}
    </section>
  );
}
