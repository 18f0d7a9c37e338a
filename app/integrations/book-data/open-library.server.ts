import { languageCode } from "~/domain/catalog/languages";
import { getJson, htmlToText, isRecord, line, pageCount, yearOf } from "./shared";
import type { BookDataSource, BookMetadata } from "./types";

/**
 * Open Library (https://openlibrary.org/dev/docs/api/books): GET /isbn/{isbn}.json answers the edition
 * (after a redirect to /books/OL…M.json) or 404; its `authors` are keys whose names take one more GET
 * each (/authors/OL…A.json, asked in parallel); `covers` are ids on the covers host.
 */
export function openLibrarySource(config: { apiBase: string; coversBase: string }): BookDataSource {
  return {
    id: "openlibrary",
    async lookup(isbn13, signal) {
      const edition = await getJson(`${config.apiBase}/isbn/${isbn13}.json`, signal);
      if (!isRecord(edition)) return null;
      const names = await authorNames(config.apiBase, edition.authors, signal);
      return toBook(edition, names, config.coversBase);
    },
  };
}

const AUTHOR_KEY = /^\/authors\/OL\d+A$/;

/** The authors' names, in order; one that fails to load is left out (the others still count). */
async function authorNames(apiBase: string, authors: unknown, signal: AbortSignal): Promise<string[]> {
  if (!Array.isArray(authors)) return [];
  const keys = authors
    .map((author) => (isRecord(author) && typeof author.key === "string" ? author.key : null))
    .filter((key): key is string => key !== null && AUTHOR_KEY.test(key))
    .slice(0, 10);
  const names = await Promise.all(
    keys.map(async (key) => {
      try {
        const author = await getJson(`${apiBase}${key}.json`, signal);
        return isRecord(author) ? (line(author.personal_name, 200) ?? line(author.name, 200)) : null;
      } catch (error) {
        if (signal.aborted) throw error;
        return null;
      }
    }),
  );
  return names.filter((name): name is string => name !== null);
}

/** One edition record → our shape. */
export function toBook(edition: Record<string, unknown>, authors: string[], coversBase: string): BookMetadata {
  const title = line(edition.title, 300);
  const subtitle = line(edition.subtitle, 300);
  const publishers = Array.isArray(edition.publishers) ? edition.publishers : [];
  const languages = Array.isArray(edition.languages) ? edition.languages : [];
  const languageKey = languages.map((l) => (isRecord(l) && typeof l.key === "string" ? l.key : "")).find(Boolean);
  const description = isRecord(edition.description) ? edition.description.value : edition.description;
  const covers = Array.isArray(edition.covers) ? edition.covers : [];
  // Open Library writes -1 for a removed cover.
  const coverId = covers.find((id): id is number => typeof id === "number" && Number.isInteger(id) && id > 0);
  const byStatement = line(edition.by_statement, 200);
  return {
    title: title && subtitle ? `${title}: ${subtitle}`.slice(0, 300) : title,
    author: authors.length > 0 ? authors.join(", ").slice(0, 200) : byStatement,
    publisher: line(publishers[0], 200),
    pages: pageCount(edition.number_of_pages),
    year: yearOf(edition.publish_date),
    language: languageCode(languageKey?.replace(/^\/languages\//, "")),
    description: htmlToText(description, 10_000),
    // ?default=false: a cover the covers host does not have is a 404, not its 1×1 placeholder.
    coverUrl: coverId ? `${coversBase}/b/id/${coverId}-L.jpg?default=false` : null,
  };
}
