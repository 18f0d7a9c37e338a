import { coverImage, PLACEHOLDER_GIF } from "./book-covers";
import {
  type FakeCarrierControls,
  type FakeCarrierRequest,
  type FakeReply,
  startFakeCarrierServer,
} from "./fake-carrier-server";

/**
 * Open Library on loopback, in the shapes of openlibrary.org (app/integrations/book-data/open-library.server.ts):
 * `GET /isbn/{isbn}.json` redirects (302) to `/books/OL…M.json`, the edition; 404 for an unknown ISBN.
 * `GET /authors/OL…A.json` → `{name}`. The covers host (the same server, OPENLIBRARY_COVERS_BASE):
 * `GET /b/id/{id}-L.jpg` → the JPEG; a missing id answers Open Library's 1×1 GIF, or 404 with
 * `?default=false`. Every request is recorded; failures and delays as the carriers' fakes.
 */
export interface FakeOpenLibraryEdition {
  title: string;
  subtitle?: string;
  /** Names, turned into author records. */
  authors?: string[];
  publishers?: string[];
  number_of_pages?: number;
  publish_date?: string;
  /** MARC codes: "spa". */
  languages?: string[];
  description?: string | { type: string; value: string };
  covers?: number[];
}

export interface FakeOpenLibrary extends FakeCarrierControls {
  editions: Map<string, FakeOpenLibraryEdition>;
  /** Cover id → image bytes (served as image/jpeg). */
  covers: Map<number, Buffer>;
  requestsTo(prefix: string): FakeCarrierRequest[];
}

/** The shop's variables that point at this fake. */
export const openLibraryEnv = (fake: Pick<FakeOpenLibrary, "url">) => ({
  OPENLIBRARY_API_BASE: fake.url,
  OPENLIBRARY_COVERS_BASE: fake.url,
});

/** Known to both fakes (Open Library has the bibliographic data and the cover, Google the description). */
export const BOTH_ISBN = "9789500703000";
/** Known only to Google Books. */
export const GOOGLE_ONLY_ISBN = "9789877381238";
/** Known to neither. */
export const UNKNOWN_ISBN = "9789504912347";

export async function startFakeOpenLibrary(): Promise<FakeOpenLibrary> {
  const editions = new Map<string, FakeOpenLibraryEdition>([
    [
      BOTH_ISBN,
      {
        title: "Sobre héroes y tumbas",
        authors: ["Ernesto Sabato"],
        publishers: ["Editorial Sudamericana"],
        number_of_pages: 544,
        publish_date: "marzo 2011",
        languages: ["spa"],
        covers: [8_123_001],
      },
    ],
  ]);
  const covers = new Map<number, Buffer>([[8_123_001, await coverImage("jpeg", "#6b4f2a")]]);
  const authorKeys = new Map<string, string>();
  const authorKey = (name: string) => {
    if (!authorKeys.has(name)) authorKeys.set(name, `OL${1000 + authorKeys.size}A`);
    return authorKeys.get(name) as string;
  };
  const editionKey = (isbn: string) => `OL${isbn.slice(-7)}M`;

  const handle = (request: FakeCarrierRequest): FakeReply => {
    const isbn = /^\/isbn\/(\d{10,13})\.json$/.exec(request.path)?.[1];
    if (isbn) {
      if (!editions.has(isbn)) return { status: 404, body: { error: "notfound", key: `/isbn/${isbn}` } };
      return { status: 302, headers: { Location: `/books/${editionKey(isbn)}.json` }, body: undefined };
    }
    const edition = /^\/books\/(OL\d+M)\.json$/.exec(request.path)?.[1];
    if (edition) {
      const found = [...editions.entries()].find(([key]) => editionKey(key) === edition);
      if (!found) return { status: 404, body: { error: "notfound" } };
      const [key, record] = found;
      return {
        status: 200,
        body: {
          key: `/books/${edition}`,
          title: record.title,
          subtitle: record.subtitle,
          authors: (record.authors ?? []).map((name) => ({ key: `/authors/${authorKey(name)}` })),
          publishers: record.publishers,
          number_of_pages: record.number_of_pages,
          publish_date: record.publish_date,
          languages: (record.languages ?? []).map((code) => ({ key: `/languages/${code}` })),
          description: record.description,
          covers: record.covers,
          isbn_13: [key],
          works: [{ key: "/works/OL1W" }],
        },
      };
    }
    const author = /^\/authors\/(OL\d+A)\.json$/.exec(request.path)?.[1];
    if (author) {
      const name = [...authorKeys.entries()].find(([, key]) => key === author)?.[0];
      return name ? { status: 200, body: { key: `/authors/${author}`, name } } : { status: 404, body: {} };
    }
    const cover = /^\/b\/id\/(\d+)-[SML]\.jpg$/.exec(request.path)?.[1];
    if (cover) {
      const bytes = covers.get(Number(cover));
      if (bytes) return { status: 200, headers: { "Content-Type": "image/jpeg" }, body: bytes };
      if (request.query.default === "false") return { status: 404, body: undefined };
      return { status: 200, headers: { "Content-Type": "image/gif" }, body: PLACEHOLDER_GIF };
    }
    return { status: 404, body: { error: "notfound" } };
  };

  const server = await startFakeCarrierServer(handle);
  return {
    ...server,
    editions,
    covers,
    requestsTo: (prefix) => server.requests.filter((request) => request.path.startsWith(prefix)),
  };
}
