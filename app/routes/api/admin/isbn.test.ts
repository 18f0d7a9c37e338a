import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookDataConfig, createBookData } from "~/integrations/book-data/index.server";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import {
  type FakeGoogleBooks,
  googleBooksEnv,
  startFakeGoogleBooks,
} from "../../../../tests/support/fake-google-books";
import {
  BOTH_ISBN,
  type FakeOpenLibrary,
  openLibraryEnv,
  startFakeOpenLibrary,
  UNKNOWN_ISBN,
} from "../../../../tests/support/fake-open-library";
import * as publicUpload from "../../uploads";
import * as isbnRoute from "./isbn";

const { call } = await adminTestDatabase();
let openLibrary: FakeOpenLibrary;
let google: FakeGoogleBooks;

beforeAll(async () => {
  [openLibrary, google] = await Promise.all([startFakeOpenLibrary(), startFakeGoogleBooks()]);
});
afterAll(async () => {
  await Promise.all([openLibrary?.close(), google?.close()]);
});

const withBookData = () => ({
  context: {
    bookData: createBookData({
      config: bookDataConfig({ ...openLibraryEnv(openLibrary), ...googleBooksEnv(google) }),
      isDemo: async () => false,
    }),
  },
});

describe("GET /api/admin/isbn/:isbn", () => {
  it("answers the merged book, each field's source and the stored cover", async () => {
    const { status, body } = await call(isbnRoute.loader, `/api/admin/isbn/${BOTH_ISBN}`, {
      params: { isbn: BOTH_ISBN },
      ...withBookData(),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      isbn13: BOTH_ISBN,
      book: {
        title: "Sobre héroes y tumbas",
        author: "Ernesto Sabato",
        publisher: "Editorial Sudamericana",
        pages: 544,
        year: 2011,
        language: "es",
        source: "openlibrary+googlebooks",
      },
      sources: { title: "openlibrary", description: "googlebooks", coverUrl: "openlibrary" },
    });
    expect(body.hyphenated).toMatch(/^978-950-\d+-\d+-0$/);
    // The cover is ours now: served from /uploads, not from the outside host.
    const file = String(body.book.coverUrl).replace("/uploads/", "");
    const served = await call(publicUpload.loader, String(body.book.coverUrl), { params: { file } });
    expect(served.status).toBe(200);
    expect(Buffer.from(served.body).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("a wrong check digit is a 400 and an unknown ISBN a 404, with their messages", async () => {
    const invalid = await call(isbnRoute.loader, "/api/admin/isbn/9789500703001", {
      params: { isbn: "9789500703001" },
      ...withBookData(),
    });
    expect(invalid).toEqual({
      status: 400,
      body: { success: false, error: "El ISBN no es válido (revisá el dígito verificador)" },
    });
    const unknown = await call(isbnRoute.loader, `/api/admin/isbn/${UNKNOWN_ISBN}`, {
      params: { isbn: UNKNOWN_ISBN },
      ...withBookData(),
    });
    expect(unknown).toEqual({
      status: 404,
      body: {
        success: false,
        error: "No encontramos ese ISBN en Open Library ni en Google Books: completá los datos a mano.",
      },
    });
  });

  it("is for admins only and only answers GET", async () => {
    const anonymous = await call(isbnRoute.loader, `/api/admin/isbn/${BOTH_ISBN}`, {
      params: { isbn: BOTH_ISBN },
      asAdmin: false,
      ...withBookData(),
    });
    expect(anonymous.status).toBe(401);
    const post = await call(isbnRoute.action, `/api/admin/isbn/${BOTH_ISBN}`, {
      method: "POST",
      params: { isbn: BOTH_ISBN },
    });
    expect(post.status).toBe(405);
  });
});
