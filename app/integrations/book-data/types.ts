/**
 * The shop's view of an outside source of book metadata (Open Library, Google Books, the demo's sandbox):
 * what one source says about one edition, already in our own shapes. Every field may be missing.
 */

export type BookDataSourceId = "openlibrary" | "googlebooks" | "sandbox";

export interface BookMetadata {
  title: string | null;
  /** Several authors joined with ", ". */
  author: string | null;
  publisher: string | null;
  pages: number | null;
  /** The edition's year (1400..2200). */
  year: number | null;
  /** ISO 639-1 (app/domain/catalog/languages.ts), or null when unknown or not one of ours. */
  language: string | null;
  /** Plain text (a source's HTML is reduced to text). */
  description: string | null;
  /**
   * Where the cover is: a remote http(s) URL the shop downloads through the image pipeline, or (only the
   * sandbox) a path of the shop's own public files ("/images/books/facundo.svg").
   */
  coverUrl: string | null;
}

export type BookMetadataField = keyof BookMetadata;

export const BOOK_METADATA_FIELDS: readonly BookMetadataField[] = [
  "title",
  "author",
  "publisher",
  "pages",
  "year",
  "language",
  "description",
  "coverUrl",
];

export interface BookDataSource {
  id: BookDataSourceId;
  /**
   * What the source knows about this ISBN-13, or null when it does not know it (404, no items). Any other
   * trouble (a 5xx, bad JSON, the signal's timeout) throws; the caller treats it as "no answer".
   */
  lookup(isbn13: string, signal: AbortSignal): Promise<BookMetadata | null>;
}

/** What the shop may download a source's cover from (app/integrations/images/remote-fetch.server.ts). */
export interface CoverPolicy {
  /** "host" or "host:port": the configured bases' hosts and the live sources' fixed cover hosts, nothing else. */
  allowedHosts: string[];
  /** A redirect may go on (over https) to these domains or their subdomains: Open Library's covers live on archive.org. */
  redirectDomains: string[];
}

/** The sources a lookup asks now: the live ones, or the demo's sandbox. */
export interface BookDataSources {
  mode: "live" | "sandbox";
  sources: BookDataSource[];
  /** The whole lookup, in ms (BOOK_DATA_TIMEOUT_MS). */
  timeoutMs: number;
  covers: CoverPolicy;
}

/** The shop's book data, asked at every lookup (a demo shop can go to production meanwhile). */
export interface BookData {
  current(): Promise<BookDataSources>;
}
