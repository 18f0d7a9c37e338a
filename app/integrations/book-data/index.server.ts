import { parseIsbn } from "~/lib/isbn";
import type { BookDataConfig } from "./config";
import { GOOGLE_BOOKS_DEFAULT_BASE } from "./config";
import { googleBooksSource } from "./google-books.server";
import { openLibrarySource } from "./open-library.server";
import { sandboxSource } from "./sandbox.server";
import {
  BOOK_METADATA_FIELDS,
  type BookData,
  type BookDataSourceId,
  type BookDataSources,
  type BookMetadata,
  type BookMetadataField,
  type CoverPolicy,
} from "./types";

export { type BookDataConfig, BookDataConfigError, bookDataConfig } from "./config";
export type * from "./types";

export interface BookDataSetup {
  /** From `bookDataConfig` (server/env.ts). */
  config: BookDataConfig;
  /** Whether the shop is a demo now (app/domain/demo): only then, and only with no base configured, the sandbox. */
  isDemo: () => Promise<boolean>;
}

const hostOf = (base: string) => new URL(base).host.toLowerCase();

/**
 * The covers a lookup may download: the configured bases' hosts, plus Google's thumbnail host when Google
 * Books is the real one (its answers point at books.google.com) and archive.org for Open Library's
 * redirects. Never a host taken from an answer.
 */
export function coverPolicy(config: BookDataConfig): CoverPolicy {
  const hosts = new Set([
    hostOf(config.openLibraryCoversBase),
    hostOf(config.openLibraryBase),
    hostOf(config.googleBooksBase),
  ]);
  if (config.googleBooksBase === GOOGLE_BOOKS_DEFAULT_BASE) hosts.add("books.google.com");
  return { allowedHosts: [...hosts], redirectDomains: ["archive.org"] };
}

/**
 * The shop's book data (types.ts `BookData`): Open Library and Google Books, unless the shop is a demo and
 * no base URL was configured — then the sandbox (asked at every call: a demo can go to production).
 */
export function createBookData(setup: BookDataSetup): BookData {
  const { config } = setup;
  const live: BookDataSources = {
    mode: "live",
    sources: [
      openLibrarySource({ apiBase: config.openLibraryBase, coversBase: config.openLibraryCoversBase }),
      googleBooksSource({ apiBase: config.googleBooksBase, apiKey: config.googleBooksKey }),
    ],
    timeoutMs: config.timeoutMs,
    covers: coverPolicy(config),
  };
  if (config.configured) return { current: async () => live };
  const sandbox: BookDataSources = {
    mode: "sandbox",
    sources: [sandboxSource()],
    timeoutMs: config.timeoutMs,
    covers: { allowedHosts: [], redirectDomains: [] },
  };
  return { current: async () => ((await setup.isDemo()) ? sandbox : live) };
}

/** One field of a lookup: the value and the source that gave it. */
export interface FoundField<T> {
  value: T;
  source: BookDataSourceId;
}

export type FoundFields = { [K in BookMetadataField]?: FoundField<NonNullable<BookMetadata[K]>> };

export interface IsbnLookup {
  isbn13: string;
  /** "978-950-07-0300-7" (the plain 13 digits when the ranges do not place it). */
  hyphenated: string;
  fields: FoundFields;
  /** The sources that answered with something. */
  sources: BookDataSourceId[];
  /** Every source's cover, the winner first: when one cannot be downloaded the next one is tried. */
  covers: FoundField<string>[];
}

/**
 * Which source wins a field both answered: Open Library for the bibliographic data and the cover (it
 * catalogues the edition), Google Books for the description (Open Library rarely has one, and then often
 * the work's rather than the edition's).
 */
const PRECEDENCE: Record<BookMetadataField, BookDataSourceId[]> = {
  title: ["openlibrary", "googlebooks", "sandbox"],
  author: ["openlibrary", "googlebooks", "sandbox"],
  publisher: ["openlibrary", "googlebooks", "sandbox"],
  pages: ["openlibrary", "googlebooks", "sandbox"],
  year: ["openlibrary", "googlebooks", "sandbox"],
  language: ["openlibrary", "googlebooks", "sandbox"],
  description: ["googlebooks", "openlibrary", "sandbox"],
  coverUrl: ["openlibrary", "googlebooks", "sandbox"],
};

/** Field by field, the first source (in PRECEDENCE order) that has a value. */
export function mergeAnswers(answers: Partial<Record<BookDataSourceId, BookMetadata>>): FoundFields {
  const fields: Record<string, FoundField<unknown>> = {};
  for (const field of BOOK_METADATA_FIELDS) {
    for (const source of PRECEDENCE[field]) {
      const value = answers[source]?.[field];
      if (value !== null && value !== undefined && value !== "") {
        fields[field] = { value, source };
        break;
      }
    }
  }
  return fields as FoundFields;
}

/**
 * Looks an ISBN up in every current source at once, all bounded by one timeout. A source that times out,
 * fails (5xx, bad JSON, no connection) or does not know the ISBN is simply absent. Null when no source
 * knows it, and when the ISBN is not valid (`parseIsbn`: callers check that first, for its own message).
 */
export async function lookupIsbn(
  sources: BookDataSources,
  raw: string,
  options: { timeoutMs?: number; onError?: (source: BookDataSourceId, error: unknown) => void } = {},
): Promise<IsbnLookup | null> {
  const isbn = parseIsbn(raw);
  if (!isbn) return null;
  const signal = AbortSignal.timeout(options.timeoutMs ?? sources.timeoutMs);
  const settled = await Promise.all(
    sources.sources.map(async (source) => {
      try {
        const answer = await source.lookup(isbn.isbn13, signal);
        return answer ? ([source.id, answer] as const) : null;
      } catch (error) {
        options.onError?.(source.id, error);
        return null;
      }
    }),
  );
  const answered = settled.filter((entry) => entry !== null);
  if (answered.length === 0) return null;
  const fields = mergeAnswers(Object.fromEntries(answered));
  if (Object.keys(fields).length === 0) return null;
  const covers = PRECEDENCE.coverUrl.flatMap((source) => {
    const url = answered.find(([id]) => id === source)?.[1].coverUrl;
    return url ? [{ value: url, source }] : [];
  });
  return { isbn13: isbn.isbn13, hyphenated: isbn.hyphenated, fields, sources: answered.map(([id]) => id), covers };
}
