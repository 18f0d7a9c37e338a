import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGoogleBooks, googleBooksEnv, startFakeGoogleBooks } from "../../../tests/support/fake-google-books";
import {
  BOTH_ISBN,
  type FakeOpenLibrary,
  GOOGLE_ONLY_ISBN,
  openLibraryEnv,
  startFakeOpenLibrary,
  UNKNOWN_ISBN,
} from "../../../tests/support/fake-open-library";
import { BookDataConfigError, bookDataConfig } from "./config";
import { coverUrl, googleBooksSource } from "./google-books.server";
import { coverPolicy, createBookData, lookupIsbn, mergeAnswers } from "./index.server";
import { openLibrarySource } from "./open-library.server";
import { htmlToText, yearOf } from "./shared";

let openLibrary: FakeOpenLibrary;
let google: FakeGoogleBooks;

beforeAll(async () => {
  [openLibrary, google] = await Promise.all([startFakeOpenLibrary(), startFakeGoogleBooks()]);
});
afterAll(async () => {
  await Promise.all([openLibrary?.close(), google?.close()]);
});

const never = () => new AbortController().signal;
const live = (extra: Record<string, string> = {}) =>
  createBookData({
    config: bookDataConfig({ ...openLibraryEnv(openLibrary), ...googleBooksEnv(google), ...extra }),
    isDemo: async () => true,
  }).current();

describe("Open Library client", () => {
  it("reads an edition, its authors and its cover id in our shapes", async () => {
    const source = openLibrarySource({ apiBase: openLibrary.url, coversBase: openLibrary.url });
    expect(await source.lookup(BOTH_ISBN, never())).toEqual({
      title: "Sobre héroes y tumbas",
      author: "Ernesto Sabato",
      publisher: "Editorial Sudamericana",
      pages: 544,
      year: 2011,
      language: "es",
      description: null,
      coverUrl: `${openLibrary.url}/b/id/8123001-L.jpg?default=false`,
    });
    expect(openLibrary.requestsTo("/authors/").length).toBeGreaterThan(0);
  });

  it("answers null for an ISBN it does not know (404)", async () => {
    const source = openLibrarySource({ apiBase: openLibrary.url, coversBase: openLibrary.url });
    expect(await source.lookup(UNKNOWN_ISBN, never())).toBeNull();
  });

  it("joins several authors and takes a description written as {value}", async () => {
    openLibrary.editions.set("9789870000013", {
      title: "Cuentos",
      subtitle: "antología",
      authors: ["Silvina Ocampo", "Adolfo Bioy Casares"],
      publish_date: "1998",
      description: { type: "/type/text", value: "Relatos fantásticos." },
    });
    const source = openLibrarySource({ apiBase: openLibrary.url, coversBase: openLibrary.url });
    const book = await source.lookup("9789870000013", never());
    expect(book).toMatchObject({
      title: "Cuentos: antología",
      author: "Silvina Ocampo, Adolfo Bioy Casares",
      year: 1998,
      description: "Relatos fantásticos.",
      coverUrl: null,
      pages: null,
      language: null,
    });
  });
});

describe("Google Books client", () => {
  it("reads the first volume: authors joined, HTML description as text, the thumbnail at zoom=1 without the curl", async () => {
    const source = googleBooksSource({ apiBase: google.url, apiKey: null });
    const book = await source.lookup(BOTH_ISBN, never());
    expect(book).toMatchObject({
      title: "Sobre héroes y tumbas (edición de bolsillo)",
      author: "Ernesto Sábato",
      publisher: "Sudamericana",
      pages: 540,
      year: 2011,
      language: "es",
      description: "Una novela de Buenos Aires & sus fantasmas.\n\nIncluye el «Informe sobre ciegos».",
    });
    const cover = new URL(book?.coverUrl ?? "");
    expect(cover.origin).toBe(google.url);
    expect(cover.searchParams.get("zoom")).toBe("1");
    expect(cover.searchParams.has("edge")).toBe(false);
    expect(google.requestsTo("/volumes").at(-1)?.query).toEqual({ q: `isbn:${BOTH_ISBN}` });
  });

  it("sends the API key when there is one, and answers null when there are no items", async () => {
    const source = googleBooksSource({ apiBase: google.url, apiKey: "clave-123" });
    expect(await source.lookup(UNKNOWN_ISBN, never())).toBeNull();
    expect(google.requestsTo("/volumes").at(-1)?.query).toEqual({ q: `isbn:${UNKNOWN_ISBN}`, key: "clave-123" });
  });

  it("upgrades Google's own thumbnails to https", () => {
    expect(
      coverUrl(
        "http://books.google.com/books/content?id=abc&printsec=frontcover&img=1&zoom=5&edge=curl&source=gbs_api",
      ),
    ).toBe("https://books.google.com/books/content?id=abc&printsec=frontcover&img=1&zoom=1&source=gbs_api");
    expect(coverUrl("javascript:alert(1)")).toBeNull();
  });
});

describe("lookupIsbn", () => {
  it("asks both sources and merges field by field: Open Library first, Google Books first for the description", async () => {
    const found = await lookupIsbn(await live(), "978-950-07-0300-0");
    expect(found?.isbn13).toBe(BOTH_ISBN);
    expect(found?.hyphenated).toMatch(/^978-950-/);
    expect(found?.fields).toMatchObject({
      title: { value: "Sobre héroes y tumbas", source: "openlibrary" },
      author: { value: "Ernesto Sabato", source: "openlibrary" },
      pages: { value: 544, source: "openlibrary" },
      description: { source: "googlebooks" },
      coverUrl: { source: "openlibrary" },
    });
    expect(found?.covers.map((cover) => cover.source)).toEqual(["openlibrary", "googlebooks"]);
    expect(found?.sources.sort()).toEqual(["googlebooks", "openlibrary"]);
  });

  it("an ISBN-10 is asked as its ISBN-13", async () => {
    const found = await lookupIsbn(await live(), "950-07-0300-X".replace("X", String(isbn10Check("950070300"))));
    expect(found?.isbn13).toBe(BOTH_ISBN);
  });

  it("a source that fails (5xx) or is too slow is just absent", async () => {
    openLibrary.failNext(1, 503);
    const failed = await lookupIsbn(await live(), GOOGLE_ONLY_ISBN);
    expect(failed?.fields.title).toEqual({ value: "Los siete locos", source: "googlebooks" });

    openLibrary.slowNext(1, 1500);
    const slow = await lookupIsbn(await live({ BOOK_DATA_TIMEOUT_MS: "300" }), BOTH_ISBN);
    expect(slow?.fields.title?.source).toBe("googlebooks");
    expect(slow?.sources).toEqual(["googlebooks"]);
  });

  it("answers null when no source knows the ISBN, both fail, or the ISBN is not valid", async () => {
    expect(await lookupIsbn(await live(), UNKNOWN_ISBN)).toBeNull();
    openLibrary.failNext(1, 500);
    google.failNext(1, 502);
    expect(await lookupIsbn(await live(), BOTH_ISBN)).toBeNull();
    expect(await lookupIsbn(await live(), "9789500703001")).toBeNull();
  });

  it("a source that answers something other than JSON is absent", async () => {
    const garbage = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("<html>no es JSON</html>");
    });
    await new Promise<void>((resolve) => garbage.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
    try {
      const sources = await live({ GOOGLE_BOOKS_API_BASE: url });
      const found = await lookupIsbn(sources, BOTH_ISBN);
      expect(found?.sources).toEqual(["openlibrary"]);
      expect(found?.fields.description).toBeUndefined();
    } finally {
      garbage.closeAllConnections();
      await new Promise((resolve) => garbage.close(resolve));
    }
  });

  it("mergeAnswers never takes an empty value over a present one", () => {
    const empty = {
      title: null,
      author: null,
      publisher: null,
      pages: null,
      year: null,
      language: null,
      description: null,
      coverUrl: null,
    };
    expect(
      mergeAnswers({
        openlibrary: { ...empty, title: "A", description: "de Open Library" },
        googlebooks: { ...empty, title: "B", pages: 10 },
      }),
    ).toEqual({
      title: { value: "A", source: "openlibrary" },
      pages: { value: 10, source: "googlebooks" },
      description: { value: "de Open Library", source: "openlibrary" },
    });
  });
});

describe("createBookData", () => {
  it("a demo shop with no base configured asks the sandbox (no network); a live shop asks the real sources", async () => {
    let demo = true;
    const data = createBookData({ config: bookDataConfig({}), isDemo: async () => demo });
    const sandbox = await data.current();
    expect(sandbox.mode).toBe("sandbox");
    const found = await lookupIsbn(sandbox, "9789873307102");
    expect(found?.fields.title).toEqual({ value: "Facundo", source: "sandbox" });
    expect(found?.fields.coverUrl?.value).toBe("/images/books/facundo.svg");
    demo = false;
    const real = await data.current();
    expect(real.mode).toBe("live");
    expect(real.sources.map((source) => source.id)).toEqual(["openlibrary", "googlebooks"]);
  });

  it("a configured base makes it live even in a demo shop", async () => {
    expect((await live()).mode).toBe("live");
  });

  it("covers may come only from the configured hosts and the real sources' own cover hosts", () => {
    expect(coverPolicy(bookDataConfig({}))).toEqual({
      allowedHosts: ["covers.openlibrary.org", "openlibrary.org", "www.googleapis.com", "books.google.com"],
      redirectDomains: ["archive.org"],
    });
    const local = coverPolicy(bookDataConfig({ ...openLibraryEnv(openLibrary), ...googleBooksEnv(google) }));
    expect(local.allowedHosts).toEqual([new URL(openLibrary.url).host, new URL(google.url).host]);
  });
});

describe("bookDataConfig", () => {
  it("refuses a base that is not a URL and a timeout out of range, in Spanish", () => {
    expect(() => bookDataConfig({ GOOGLE_BOOKS_API_BASE: "googleapis" })).toThrow(BookDataConfigError);
    expect(() => bookDataConfig({ BOOK_DATA_TIMEOUT_MS: "5" })).toThrow(/BOOK_DATA_TIMEOUT_MS debe ser/);
    expect(bookDataConfig({}).timeoutMs).toBe(4000);
    expect(bookDataConfig({ GOOGLE_BOOKS_API_KEY: " k " }).googleBooksKey).toBe("k");
  });
});

describe("cleaning", () => {
  it("years and HTML", () => {
    expect(yearOf("March 2005")).toBe(2005);
    expect(yearOf("c1998")).toBe(1998);
    expect(yearOf("s.f.")).toBeNull();
    expect(htmlToText("a<br>b &lt;c&gt; &#233;", 100)).toBe("a\nb <c> é");
  });
});

function isbn10Check(nine: string): string {
  const sum = [...nine].reduce((acc, digit, i) => acc + Number(digit) * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}
