import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Invalid, NotFound, Unavailable } from "~/domain/errors";
import { scheduleCoverVariants } from "~/domain/images/variants.server";
import type { RequestContext } from "~/domain/request-context";
import { sniffImage } from "~/domain/uploads/image-sniff";
import { MAX_COVER_BYTES, storeCover } from "~/domain/uploads/uploads.server";
import {
  type BookDataSourceId,
  type BookDataSources,
  type FoundField,
  type IsbnLookup,
  lookupIsbn,
} from "~/integrations/book-data/index.server";
import { fetchRemoteImage } from "~/integrations/images/remote-fetch.server";
import { parseIsbn } from "~/lib/isbn";
import { type AdminBook, getAdminBook, updateBook } from "./admin-books.server";
import { FORM_FIELD, type FoundBookField } from "./isbn-fields";

/**
 * The ISBN autofill (issue 22): an ISBN looked up in Open Library and Google Books (or the demo's sandbox),
 * merged field by field, with the cover downloaded through the image pipeline and stored as an upload, so
 * a book never depends on the outside host. Used by GET /api/admin/isbn/:isbn (the book form) and by
 * "Completar datos" in the books list.
 */

export const INVALID_ISBN = "El ISBN no es válido (revisá el dígito verificador)";
export const UNKNOWN_ISBN = "No encontramos ese ISBN en Open Library ni en Google Books: completá los datos a mano.";

export interface FoundBook {
  isbn13: string;
  hyphenated: string;
  book: {
    title: string | null;
    author: string | null;
    publisher: string | null;
    pages: number | null;
    year: number | null;
    language: string | null;
    description: string | null;
    /** The stored upload ("/uploads/12.jpg"), or the sandbox's own public file; null without a usable cover. */
    coverUrl: string | null;
    /** "openlibrary", "googlebooks", "openlibrary+googlebooks" (both gave something), or "sandbox". */
    source: string;
  };
  /** Which source gave each field that has a value. */
  sources: Partial<Record<FoundBookField, BookDataSourceId>>;
}

type LookupContext = Pick<RequestContext, "db" | "bookData" | "log">;

/** Covers smaller than this on a side are placeholders (Open Library's 1×1 "no cover" image), not covers. */
const MIN_COVER_SIDE = 16;

/**
 * Looks an ISBN up. Throws Invalid (INVALID_ISBN) for a bad check digit, NotFound
 * (UNKNOWN_ISBN) when no source knows it, Unavailable when this process has no book data at all (a task).
 * `cover: false` skips downloading the cover (a book that already has one).
 */
export async function findBookByIsbn(
  ctx: LookupContext,
  raw: string,
  options: { cover?: boolean } = {},
): Promise<FoundBook> {
  if (!parseIsbn(raw)) throw new Invalid(INVALID_ISBN);
  if (!ctx.bookData) throw new Unavailable("La búsqueda por ISBN no está disponible en este proceso");
  const current = await ctx.bookData.current();
  const lookup = await lookupIsbn(current, raw, {
    onError: (source, error) => ctx.log.warn({ err: error, source }, "book data source failed"),
  });
  if (!lookup) throw new NotFound(UNKNOWN_ISBN);
  const cover = options.cover === false ? null : await storedCover(ctx, current, lookup.covers);
  return toFoundBook(lookup, cover);
}

function toFoundBook(lookup: IsbnLookup, cover: FoundField<string> | null): FoundBook {
  const { fields } = lookup;
  const sources: FoundBook["sources"] = {};
  for (const key of Object.keys(FORM_FIELD) as FoundBookField[]) {
    const source = key === "coverUrl" ? cover?.source : fields[key]?.source;
    if (source) sources[key] = source;
  }
  const used = new Set(Object.values(sources));
  const order: BookDataSourceId[] = ["openlibrary", "googlebooks", "sandbox"];
  return {
    isbn13: lookup.isbn13,
    hyphenated: lookup.hyphenated,
    book: {
      title: fields.title?.value ?? null,
      author: fields.author?.value ?? null,
      publisher: fields.publisher?.value ?? null,
      pages: fields.pages?.value ?? null,
      year: fields.year?.value ?? null,
      language: fields.language?.value ?? null,
      description: fields.description?.value ?? null,
      coverUrl: cover?.value ?? null,
      source: order.filter((id) => used.has(id)).join("+"),
    },
    sources,
  };
}

/**
 * The first cover that downloads as a real image, stored as an upload. Only hosts of the configured
 * bases (and the live sources' fixed cover hosts) are fetched — never a host an answer names — so an
 * answer cannot make the shop fetch an internal address. A cover that fails (refused host, too big, not
 * an image, a placeholder, the timeout) is just absent. The sandbox's covers are the shop's own files.
 */
async function storedCover(
  ctx: LookupContext,
  current: BookDataSources,
  covers: FoundField<string>[],
): Promise<FoundField<string> | null> {
  for (const candidate of covers) {
    if (/^\/(?!\/)/.test(candidate.value)) {
      if (candidate.source === "sandbox") return candidate;
      continue;
    }
    try {
      const bytes = await fetchRemoteImage(candidate.value, {
        allowedHosts: current.covers.allowedHosts,
        redirectDomains: current.covers.redirectDomains,
        maxRedirects: current.covers.redirectDomains.length > 0 ? 3 : 0,
        // Loopback and private addresses pass only for hosts listed by configuration (the tests' fakes):
        // the list never holds a host taken from an answer.
        production: false,
        maxBytes: MAX_COVER_BYTES,
        timeoutMs: current.timeoutMs,
      });
      const image = sniffImage(bytes);
      if (!image || (image.width ?? 0) < MIN_COVER_SIDE || (image.height ?? 0) < MIN_COVER_SIDE) continue;
      const path = await storeCover(ctx.db, { bytes, name: `isbn-${candidate.source}.${image.extension}` });
      scheduleCoverVariants([path]);
      return { value: path, source: candidate.source };
    } catch (error) {
      ctx.log.warn({ err: error, source: candidate.source, url: candidate.value }, "book cover not fetched");
    }
  }
  return null;
}

/** What "Completar datos" may fill, in the order the message names them, with their Spanish names. */
const FILLABLE = [
  ["publisher", "publisher", "editorial"],
  ["pages", "pages", "páginas"],
  ["publicationYear", "year", "año"],
  ["language", "language", "idioma"],
  ["description", "description", "descripción"],
  ["coverUrl", "coverUrl", "tapa"],
] as const;

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

/** Whether "Completar datos" applies: the book has an ISBN and one of the fields a lookup fills is empty. */
export function canComplete(book: AdminBook): boolean {
  return Boolean(book.isbn) && FILLABLE.some(([field]) => isEmpty(book[field as keyof AdminBook]));
}

export interface CompletedBook {
  title: string;
  /** The Spanish names of the fields filled ("páginas", "año", "tapa"), in FILLABLE order; empty: nothing new. */
  filled: string[];
  /** The ISBN was not known to any source (as opposed to known with nothing new). */
  unknown: boolean;
}

/**
 * "Completar datos": looks the book's ISBN up and writes only its empty fields (through updateBook with
 * `onlyEmpty`, so a value saved meanwhile stays, and the audit log and the public pages follow).
 */
export async function completeBookData(
  ctx: LookupContext & Pick<RequestContext, "siteUrl" | "configuredSecret">,
  admin: AdminIdentity,
  id: number,
): Promise<CompletedBook> {
  const book = await getAdminBook(ctx.db, id);
  if (!book.isbn) throw new Invalid(`«${book.title}» no tiene ISBN: cargalo para poder completar sus datos.`);
  const missing = FILLABLE.filter(([field]) => isEmpty(book[field as keyof AdminBook]));
  if (missing.length === 0) return { title: book.title, filled: [], unknown: false };
  let found: FoundBook;
  try {
    found = await findBookByIsbn(ctx, book.isbn, { cover: missing.some(([field]) => field === "coverUrl") });
  } catch (error) {
    if (error instanceof NotFound) return { title: book.title, filled: [], unknown: true };
    throw error;
  }
  const changes: Record<string, unknown> = {};
  for (const [field, key] of missing) {
    const value = found.book[key];
    if (!isEmpty(value)) changes[field] = value;
  }
  if (Object.keys(changes).length === 0) return { title: book.title, filled: [], unknown: false };
  let written: string[] = [];
  const updated = await updateBook(
    ctx.db,
    admin,
    id,
    changes,
    { siteUrl: ctx.siteUrl, configuredSecret: ctx.configuredSecret },
    { onlyEmpty: true, onWritten: (fields) => (written = fields) },
  );
  if (written.includes("coverUrl")) scheduleCoverVariants([updated.coverUrl]);
  const filled = FILLABLE.filter(([field]) => written.includes(field)).map(([, , name]) => name);
  return { title: updated.title, filled, unknown: false };
}

/** The books list's message after "Completar datos". */
export function completedMessage(result: CompletedBook): string {
  if (result.unknown) return `No encontramos «${result.title}» en Open Library ni en Google Books.`;
  if (result.filled.length === 0) return `No encontramos datos nuevos para «${result.title}».`;
  const count = result.filled.length === 1 ? "1 dato" : `${result.filled.length} datos`;
  return `Completamos ${count} de «${result.title}»: ${result.filled.join(", ")}.`;
}
