import { demoBooks } from "~db/demo/books";
import type { BookDataSource, BookMetadata } from "./types";

/**
 * The demo shop's book data (no network): it knows the demo catalogue's ISBNs (db/demo/books.ts, synthetic
 * ISBNs of public-domain works) and answers them as an edition in Spanish with the demo's own cover, so
 * "Nuevo libro" can show the autofill without reaching Open Library or Google Books. Any other ISBN is
 * unknown here. Its answers are labelled "sandbox" wherever a source is shown.
 */
const BOOKS = new Map<string, BookMetadata>(
  demoBooks.map((book) => [
    book.isbn,
    {
      title: book.title,
      author: book.author,
      publisher: book.publisher,
      pages: book.pages,
      year: book.year >= 1400 ? book.year : null,
      language: "es",
      description: book.description,
      coverUrl: `/images/books/${book.cover}`,
    },
  ]),
);

export function sandboxSource(): BookDataSource {
  return {
    id: "sandbox",
    async lookup(isbn13, signal) {
      signal.throwIfAborted();
      return BOOKS.get(isbn13) ?? null;
    },
  };
}
