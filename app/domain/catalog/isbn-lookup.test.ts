import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookDataConfig, createBookData } from "~/integrations/book-data/index.server";
import { logger } from "~/lib/logger.server";
import { auditLog, books, uploads } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { coverImage } from "../../../tests/support/book-covers";
import { type FakeGoogleBooks, googleBooksEnv, startFakeGoogleBooks } from "../../../tests/support/fake-google-books";
import {
  BOTH_ISBN,
  type FakeOpenLibrary,
  GOOGLE_ONLY_ISBN,
  openLibraryEnv,
  startFakeOpenLibrary,
  UNKNOWN_ISBN,
} from "../../../tests/support/fake-open-library";
import { createBook, updateBook } from "./admin-books.server";
import {
  completeBookData,
  completedMessage,
  findBookByIsbn,
  INVALID_ISBN,
  UNKNOWN_ISBN as UNKNOWN,
} from "./isbn-lookup.server";

const { db, admin } = await adminTestDatabase();

let openLibrary: FakeOpenLibrary;
let google: FakeGoogleBooks;
/** A loopback server no variable names: an answer pointing at it must never reach it. */
let stranger: { url: string; hits: number; close: () => Promise<void> };

beforeAll(async () => {
  [openLibrary, google] = await Promise.all([startFakeOpenLibrary(), startFakeGoogleBooks()]);
  const png = await coverImage("png", "#000000");
  const state = { hits: 0 };
  const server = createServer((_req, res) => {
    state.hits++;
    res.writeHead(200, { "Content-Type": "image/png" });
    res.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stranger = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get hits() {
      return state.hits;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
afterAll(async () => {
  await Promise.all([openLibrary?.close(), google?.close(), stranger?.close()]);
});

const ctx = () => ({
  db,
  log: logger,
  siteUrl: "http://localhost:3000",
  configuredSecret: null,
  bookData: createBookData({
    config: bookDataConfig({ ...openLibraryEnv(openLibrary), ...googleBooksEnv(google), BOOK_DATA_TIMEOUT_MS: "2000" }),
    isDemo: async () => false,
  }),
});

async function storedUpload(path: string | null) {
  const id = Number(/^\/uploads\/(\d+)\.(jpg|png)$/.exec(path ?? "")?.[1]);
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

const book = (isbn: string, extra: Record<string, unknown> = {}) =>
  createBook(db, admin, { title: "Libro a completar", author: "Autora", isbn, ...extra });

describe("findBookByIsbn", () => {
  it("merges both sources and stores Open Library's cover as an upload", async () => {
    const found = await findBookByIsbn(ctx(), BOTH_ISBN);
    expect(found.book).toMatchObject({
      title: "Sobre héroes y tumbas",
      author: "Ernesto Sabato",
      publisher: "Editorial Sudamericana",
      pages: 544,
      year: 2011,
      language: "es",
      description: "Una novela de Buenos Aires & sus fantasmas.\n\nIncluye el «Informe sobre ciegos».",
      source: "openlibrary+googlebooks",
    });
    expect(found.sources).toMatchObject({ title: "openlibrary", description: "googlebooks", coverUrl: "openlibrary" });
    const upload = await storedUpload(found.book.coverUrl);
    expect(upload?.contentType).toBe("image/jpeg");
    expect(upload?.width).toBe(60);
  });

  it("a cover Open Library does not have (404 with default=false) or a 1×1 placeholder falls back to Google's", async () => {
    openLibrary.covers.delete(8_123_001);
    try {
      const missing = await findBookByIsbn(ctx(), BOTH_ISBN);
      expect(missing.sources.coverUrl).toBe("googlebooks");
      expect((await storedUpload(missing.book.coverUrl))?.contentType).toBe("image/png");
      expect(openLibrary.requestsTo("/b/id/").at(-1)?.query.default).toBe("false");

      openLibrary.covers.set(8_123_001, await coverImage("jpeg", "#ffffff", 1));
      const placeholder = await findBookByIsbn(ctx(), BOTH_ISBN);
      expect(placeholder.sources.coverUrl).toBe("googlebooks");
    } finally {
      openLibrary.covers.set(8_123_001, await coverImage("jpeg", "#6b4f2a"));
    }
  });

  it("never fetches a cover from a host no variable names (SSRF), even on loopback", async () => {
    google.volumes.set("9789870000020", { title: "Tapa ajena", thumbnail: `${stranger.url}/tapa.png` });
    const found = await findBookByIsbn(ctx(), "9789870000020");
    expect(found.book.title).toBe("Tapa ajena");
    expect(found.book.coverUrl).toBeNull();
    expect(stranger.hits).toBe(0);
  });

  it("refuses a wrong check digit (400) and answers 404 for an ISBN nobody knows", async () => {
    await expect(findBookByIsbn(ctx(), "9789500703001")).rejects.toThrow(INVALID_ISBN);
    await expect(findBookByIsbn(ctx(), UNKNOWN_ISBN)).rejects.toThrow(UNKNOWN);
  });

  it("a lookup only Google Books answers is labelled googlebooks", async () => {
    const found = await findBookByIsbn(ctx(), GOOGLE_ONLY_ISBN, { cover: false });
    expect(found.book).toMatchObject({ title: "Los siete locos", coverUrl: null, source: "googlebooks" });
  });
});

describe("Completar datos", () => {
  it("fills only the empty fields, keeps what the admin wrote, and audits the change", async () => {
    const created = await book(BOTH_ISBN, { description: "Nuestra reseña.", pages: 500 });
    const result = await completeBookData(ctx(), admin, created.id);
    expect(result.filled).toEqual(["editorial", "año", "idioma", "tapa"]);
    expect(completedMessage(result)).toBe("Completamos 4 datos de «Libro a completar»: editorial, año, idioma, tapa.");
    const [row] = await db.select().from(books).where(eq(books.id, created.id));
    expect(row).toMatchObject({
      title: "Libro a completar",
      author: "Autora",
      description: "Nuestra reseña.",
      pages: 500,
      publisher: "Editorial Sudamericana",
      publicationYear: 2011,
      language: "es",
    });
    expect(row?.coverUrl).toMatch(/^\/uploads\/\d+\.jpg$/);
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)));
    expect(audits.map((audit) => audit.action)).toContain("book.update");

    const again = await completeBookData(ctx(), admin, created.id);
    expect(completedMessage(again)).toBe("No encontramos datos nuevos para «Libro a completar».");
  });

  it("an unknown ISBN and a book without ISBN say so", async () => {
    const unknown = await book(UNKNOWN_ISBN);
    expect(completedMessage(await completeBookData(ctx(), admin, unknown.id))).toBe(
      "No encontramos «Libro a completar» en Open Library ni en Google Books.",
    );
    const none = await createBook(db, admin, { title: "Sin ISBN", author: "Autora" });
    await expect(completeBookData(ctx(), admin, none.id)).rejects.toThrow(/no tiene ISBN/);
  });

  it("onlyEmpty: a value saved before the write is never overwritten", async () => {
    const created = await book(GOOGLE_ONLY_ISBN);
    await updateBook(db, admin, created.id, { publisher: "La del admin" }, ctx());
    const updated = await updateBook(db, admin, created.id, { publisher: "Losada", pages: 296 }, ctx(), {
      onlyEmpty: true,
    });
    expect(updated.publisher).toBe("La del admin");
    expect(updated.pages).toBe(296);
  });

  it("two completes at once both succeed and write the data once", async () => {
    const created = await book(GOOGLE_ONLY_ISBN);
    const results = await Promise.all([
      completeBookData(ctx(), admin, created.id),
      completeBookData(ctx(), admin, created.id),
    ]);
    expect(results.map((result) => result.filled.length).sort()).toEqual([0, 6]);
    const [row] = await db.select().from(books).where(eq(books.id, created.id));
    expect(row).toMatchObject({ publisher: "Losada", pages: 296, publicationYear: 2014, language: "es" });
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)));
    expect(audits.filter((audit) => audit.action === "book.update")).toHaveLength(1);
  });
});
