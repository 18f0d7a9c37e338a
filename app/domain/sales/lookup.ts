import { bookCodeCandidates, findBookByCode, normaliseCode } from "~/lib/isbn-codes";
import { foldAccents } from "~/lib/text";

/**
 * Finding a book in the sale page's catalogue snapshot (GET /api/admin/ventas/catalogo), in the phone, with
 * no connection: by what the seller types (title, author, ISBN, SKU) or by what the scanner read. Client-safe
 * and pure; the snapshot's shape is the API's (app/domain/sales/catalog.server.ts `SnapshotBook`).
 */
export interface CatalogBook {
  id: number;
  title: string;
  author: string;
  isbn: string | null;
  sku: string | null;
  /** Pesos; null: the book has no price loaded (the seller types one). */
  price: number | null;
  stock: number;
  cover: string;
}

/** A book's ISBN as the catalogue stores it, compared the same way (hyphens, spaces and case ignored). */
const bookIsbn = (book: CatalogBook) => (book.isbn ? normaliseCode(book.isbn) : "");

/**
 * The book a scanned or typed code names: its ISBN in any form, else the shop's own SKU (a publisher's
 * in-house barcode); app/lib/isbn-codes.ts decides (the scanner reads with the same rules). Null when none.
 */
export const findByCode = (books: readonly CatalogBook[], raw: string): CatalogBook | null =>
  findBookByCode(books, raw) ?? null;

/** Lower case without accents: "Borgés" and "borges" are the same word here. */
const fold = (text: string) => foldAccents(text).toLowerCase();

/** What a book is searched by, folded once per snapshot (a fair's catalogue is searched at every key). */
export interface SearchableBook {
  book: CatalogBook;
  title: string;
  words: string;
  codes: string;
}

export function searchIndex(books: readonly CatalogBook[]): SearchableBook[] {
  return books.map((book) => {
    const title = fold(book.title);
    return {
      book,
      title,
      words: `${title} ${fold(book.author)}`,
      codes:
        `${bookIsbn(book)} ${bookCodeCandidates(book.isbn ?? "").join(" ")} ${book.sku ? normaliseCode(book.sku) : ""}`.toLowerCase(),
    };
  });
}

/** A token that is a code being typed ("978-84", "84-376-0494-x"): compared by its digits. */
const looksLikeCode = (token: string) => /^[\d-]*\d[\d-]*x?$/i.test(token) && normaliseCode(token).length >= 3;

/**
 * The books whose title, author, ISBN or SKU contain every word typed (accents and case ignored; an ISBN
 * with or without hyphens), best first: a code that names a book exactly, then titles that start with the
 * query, then titles with a word that does, then the rest in catalogue (title) order.
 */
export function searchBooks(index: readonly SearchableBook[], query: string, limit = 20): CatalogBook[] {
  const folded = fold(query).trim();
  if (!folded) return [];
  const tokens = folded
    .split(/\s+/)
    .map((token) => (looksLikeCode(token) ? normaliseCode(token).toLowerCase() : token));
  const exact = findByCode(
    index.map((entry) => entry.book),
    query,
  );
  const ranked: { book: CatalogBook; rank: number; order: number }[] = [];
  index.forEach((entry, order) => {
    const matches = tokens.every((token) => entry.words.includes(token) || entry.codes.includes(token));
    if (!matches) return;
    const rank =
      entry.book === exact
        ? 0
        : entry.title.startsWith(folded)
          ? 1
          : entry.title.includes(` ${tokens[0] ?? ""}`)
            ? 2
            : 3;
    ranked.push({ book: entry.book, rank, order });
  });
  if (exact && !ranked.some((entry) => entry.book === exact)) ranked.push({ book: exact, rank: 0, order: -1 });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.book);
}
