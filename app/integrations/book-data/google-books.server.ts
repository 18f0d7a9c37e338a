import { languageCode } from "~/domain/catalog/languages";
import { getJson, htmlToText, isRecord, line, pageCount, yearOf } from "./shared";
import type { BookDataSource, BookMetadata } from "./types";

/**
 * Google Books (https://developers.google.com/books/docs/v1/using): GET /volumes?q=isbn:{isbn} answers
 * `{totalItems, items?: [{volumeInfo}]}`; no items means it does not know the ISBN.
 */
export function googleBooksSource(config: { apiBase: string; apiKey: string | null }): BookDataSource {
  return {
    id: "googlebooks",
    async lookup(isbn13, signal) {
      const query = new URLSearchParams({ q: `isbn:${isbn13}` });
      if (config.apiKey) query.set("key", config.apiKey);
      const answer = await getJson(`${config.apiBase}/volumes?${query}`, signal);
      if (!isRecord(answer)) return null;
      const first = Array.isArray(answer.items) ? answer.items[0] : undefined;
      return isRecord(first) && isRecord(first.volumeInfo) ? toBook(first.volumeInfo) : null;
    },
  };
}

/** One volumeInfo → our shape. */
export function toBook(info: Record<string, unknown>): BookMetadata {
  const title = line(info.title, 300);
  const subtitle = line(info.subtitle, 300);
  const authors = Array.isArray(info.authors)
    ? info.authors.map((author) => line(author, 200)).filter((author): author is string => author !== null)
    : [];
  const images = isRecord(info.imageLinks) ? info.imageLinks : {};
  return {
    title: title && subtitle ? `${title}: ${subtitle}`.slice(0, 300) : title,
    author: authors.length > 0 ? authors.join(", ").slice(0, 200) : null,
    publisher: line(info.publisher, 200),
    pages: pageCount(info.pageCount),
    year: yearOf(info.publishedDate),
    language: typeof info.language === "string" ? languageCode(info.language) : null,
    description: htmlToText(info.description, 10_000),
    coverUrl: coverUrl(images.thumbnail) ?? coverUrl(images.smallThumbnail),
  };
}

/** Google's thumbnail over https, without the page-curl effect, at zoom=1 (the largest it serves freely). */
export function coverUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // Only Google's own hosts are upgraded: a fake on loopback (the tests) answers plain http.
  if (url.protocol === "http:" && /(^|\.)google(apis|usercontent)?\.com$/.test(url.hostname)) url.protocol = "https:";
  url.searchParams.delete("edge");
  if (url.searchParams.has("zoom")) url.searchParams.set("zoom", "1");
  return url.href;
}
