import { belowTheFold } from "~/lib/critical-css";
import { BookCard, type CardBook } from "./book-card";

/** A titled row of book cards under the book page (same author, same genre); nothing when it is empty. */
export function RelatedShelf({ id, title, books }: { id: string; title: string; books: CardBook[] }) {
  if (books.length === 0) return null;
  return (
    // Under the book's cover, details and description: past the first screen at any width.
    <section className="mt-14" aria-labelledby={id} {...belowTheFold}>
      <h2 id={id} className="font-serif text-2xl">
        {title}
      </h2>
      <ul className="mt-5 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
        {books.map((book) => (
          <li key={book.id} className="flex">
            <BookCard book={book} />
          </li>
        ))}
      </ul>
    </section>
  );
}
