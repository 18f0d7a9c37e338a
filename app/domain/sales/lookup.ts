import { ean13Check } from "~/lib/isbn-digits";
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

/** What a scanner or a person gave as a code: digits and X only, X upper-cased ("978-950 511" -> "978950511"). */
export const codeDigits = (raw: string) => raw.toUpperCase().replace(/[^0-9X]/g, "");

function isbn10Check(nine: string): string {
  const sum = [...nine].reduce((acc, digit, i) => acc + Number(digit) * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}

/**
 * Every spelling of an ISBN the catalogue might hold for `raw`: the digits themselves, and the other form
 * (ISBN-10 <-> ISBN-13 with the 978 prefix, check digit recomputed). A 979 ISBN has no ISBN-10. Empty when
 * `raw` is not shaped like an ISBN.
 */
export function isbnVariants(raw: string): string[] {
  const digits = codeDigits(raw);
  if (/^\d{9}[\dX]$/.test(digits)) {
    const body = `978${digits.slice(0, 9)}`;
    return [digits, body + ean13Check(body)];
  }
  if (/^\d{13}$/.test(digits)) {
    if (!digits.startsWith("978")) return [digits];
    const nine = digits.slice(3, 12);
    return [digits, nine + isbn10Check(nine)];
  }
  return [];
}

/** A book's ISBN as the catalogue stores it, compared the same way (hyphens, spaces and case ignored). */
const bookIsbn = (book: CatalogBook) => (book.isbn ? codeDigits(book.isbn) : "");
const normalSku = (sku: string) => sku.trim().toUpperCase();

/**
 * The book a scanned or typed code names: its ISBN in either form, else the shop's own SKU (a publisher's
 * in-house barcode). Null when no book has it.
 */
export function findByCode(books: readonly CatalogBook[], raw: string): CatalogBook | null {
  const variants = new Set(isbnVariants(raw));
  if (variants.size > 0) {
    const byIsbn = books.find((book) => variants.has(bookIsbn(book)));
    if (byIsbn) return byIsbn;
  }
  const sku = normalSku(raw);
  if (!sku) return null;
  return books.find((book) => book.sku !== null && normalSku(book.sku) === sku) ?? null;
}

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
      codes: `${bookIsbn(book)} ${isbnVariants(book.isbn ?? "").join(" ")} ${book.sku ? normalSku(book.sku).toLowerCase() : ""}`,
    };
  });
}

/** A token that is a code being typed ("978-84", "84-376-0494-x"): compared by its digits. */
const looksLikeCode = (token: string) => /^[\d-]*\d[\d-]*x?$/i.test(token) && codeDigits(token).length >= 3;

/**
 * The books whose title, author, ISBN or SKU contain every word typed (accents and case ignored; an ISBN
 * with or without hyphens), best first: a code that names a book exactly, then titles that start with the
 * query, then titles with a word that does, then the rest in catalogue (title) order.
 */
export function searchBooks(index: readonly SearchableBook[], query: string, limit = 20): CatalogBook[] {
  const folded = fold(query).trim();
  if (!folded) return [];
  const tokens = folded.split(/\s+/).map((token) => (looksLikeCode(token) ? codeDigits(token).toLowerCase() : token));
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
