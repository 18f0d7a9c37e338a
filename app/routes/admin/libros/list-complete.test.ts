import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBook } from "~/domain/catalog/admin-books.server";
import { bookDataConfig, createBookData } from "~/integrations/book-data/index.server";
import { books } from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import {
  type FakeGoogleBooks,
  googleBooksEnv,
  startFakeGoogleBooks,
} from "../../../../tests/support/fake-google-books";
import {
  type FakeOpenLibrary,
  GOOGLE_ONLY_ISBN,
  openLibraryEnv,
  startFakeOpenLibrary,
} from "../../../../tests/support/fake-open-library";
import { routeArgs } from "../../../../tests/support/route-context";
import * as list from "./list";

const { database, db, admin } = await adminTestDatabase();
let openLibrary: FakeOpenLibrary;
let google: FakeGoogleBooks;

beforeAll(async () => {
  [openLibrary, google] = await Promise.all([startFakeOpenLibrary(), startFakeGoogleBooks()]);
});
afterAll(async () => {
  await Promise.all([openLibrary?.close(), google?.close()]);
});

const context = () => ({
  admin,
  bookData: createBookData({
    config: bookDataConfig({ ...openLibraryEnv(openLibrary), ...googleBooksEnv(google) }),
    isDemo: async () => false,
  }),
});

describe("/admin/libros: Completar datos", () => {
  it("lists the book under «Datos incompletos», fills its empty fields on POST and says which", async () => {
    const book = await createBook(db, admin, {
      title: "Los siete locos",
      author: "Roberto Arlt",
      isbn: GOOGLE_ONLY_ISBN,
      publisher: "Editorial propia",
    });
    const page = (await list.loader(
      routeArgs("/admin/libros?estado=incompletos", database, { context: context() }) as never,
    )) as Awaited<ReturnType<typeof list.loader>>;
    expect(page.filter).toBe("incompletos");
    expect(page.result?.books.map((b) => b.id)).toContain(book.id);
    expect(page.result?.incomplete).toContain(book.id);

    const answer = await list.action(
      routeArgs("/admin/libros?estado=incompletos", database, {
        method: "POST",
        body: new URLSearchParams({ completar: String(book.id) }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        context: context(),
      }) as never,
    );
    expect(answer.completed).toEqual({
      tone: "success",
      title: "Datos completados",
      message: "Completamos 5 datos de «Los siete locos»: páginas, año, idioma, descripción, tapa.",
    });
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row?.publisher).toBe("Editorial propia");
    expect(row?.pages).toBe(296);

    const after = (await list.loader(
      routeArgs("/admin/libros?estado=incompletos", database, { context: context() }) as never,
    )) as Awaited<ReturnType<typeof list.loader>>;
    expect(after.result?.books.map((b) => b.id)).not.toContain(book.id);
  });

  it("a book that is gone is told in the notice, not a crash", async () => {
    const answer = await list.action(
      routeArgs("/admin/libros", database, {
        method: "POST",
        body: "completar=999999",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        context: context(),
      }) as never,
    );
    expect(answer.completed).toEqual({
      tone: "error",
      title: "No se pudieron completar los datos",
      message: "Libro no encontrado",
    });
  });
});
