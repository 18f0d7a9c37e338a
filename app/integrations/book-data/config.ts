import { baseUrl, present } from "../env-values";
/**
 * The book-data sources' settings from the environment, read once at start (server/env.ts). Nothing is
 * required: without any variable the shop asks the public Open Library and Google Books (or, in a demo
 * shop, the sandbox). A bad value stops the server with a Spanish message, as every other bad variable.
 */

export const OPENLIBRARY_DEFAULT_BASE = "https://openlibrary.org";
export const OPENLIBRARY_COVERS_DEFAULT_BASE = "https://covers.openlibrary.org";
export const GOOGLE_BOOKS_DEFAULT_BASE = "https://www.googleapis.com/books/v1";
export const BOOK_DATA_DEFAULT_TIMEOUT_MS = 4000;

export interface BookDataConfig {
  openLibraryBase: string;
  openLibraryCoversBase: string;
  googleBooksBase: string;
  /** GOOGLE_BOOKS_API_KEY: optional, raises Google's anonymous quota. */
  googleBooksKey: string | null;
  /** The whole lookup (both sources in parallel, Open Library's author calls included), in ms. */
  timeoutMs: number;
  /** Some *_BASE variable was set: the live sources are used even in a demo shop. */
  configured: boolean;
}

/** A bad OPENLIBRARY_* / GOOGLE_BOOKS_* / BOOK_DATA_* variable; server/env.ts turns it into its EnvError. */
export class BookDataConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BookDataConfigError";
  }
}

type Source = Record<string, string | undefined>;

const base = (name: string, value: string | undefined, fallback: string) =>
  baseUrl(name, value, fallback, (message) => new BookDataConfigError(message));

export function bookDataConfig(source: Source): BookDataConfig {
  const timeoutText = present(source.BOOK_DATA_TIMEOUT_MS);
  const timeoutMs = timeoutText === undefined ? BOOK_DATA_DEFAULT_TIMEOUT_MS : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) {
    throw new BookDataConfigError("BOOK_DATA_TIMEOUT_MS debe ser un número entero entre 100 y 60000");
  }
  const bases = {
    OPENLIBRARY_API_BASE: present(source.OPENLIBRARY_API_BASE),
    OPENLIBRARY_COVERS_BASE: present(source.OPENLIBRARY_COVERS_BASE),
    GOOGLE_BOOKS_API_BASE: present(source.GOOGLE_BOOKS_API_BASE),
  };
  return {
    openLibraryBase: base("OPENLIBRARY_API_BASE", bases.OPENLIBRARY_API_BASE, OPENLIBRARY_DEFAULT_BASE),
    openLibraryCoversBase: base(
      "OPENLIBRARY_COVERS_BASE",
      bases.OPENLIBRARY_COVERS_BASE,
      OPENLIBRARY_COVERS_DEFAULT_BASE,
    ),
    googleBooksBase: base("GOOGLE_BOOKS_API_BASE", bases.GOOGLE_BOOKS_API_BASE, GOOGLE_BOOKS_DEFAULT_BASE),
    googleBooksKey: present(source.GOOGLE_BOOKS_API_KEY) ?? null,
    timeoutMs,
    configured: Object.values(bases).some(Boolean),
  };
}
