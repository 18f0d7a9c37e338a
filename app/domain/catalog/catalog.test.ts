import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TAX_CATEGORIES } from "~/domain/taxes/fiscal";
import { demoBooks } from "~db/demo/books";
import { books, categories } from "~db/schema";
import { countBooks, seedDemoCatalogue } from "~db/seed";
import { testDatabase } from "../../../tests/support/test-database";
import { isPreorder, orderableQuantity, toCatalogBook } from "./book-view.server";
import { featuredBooks, listBooks, newArrivals, searchBooks, shopBooks } from "./books.server";

const database = await testDatabase();
const db = database.db;
const view = { storeUrl: null, taxes: DEFAULT_TAX_CATEGORIES };

beforeAll(async () => {
  await seedDemoCatalogue(db);
});
afterAll(() => database.close());

const titles = (rows: { title: string }[]) => rows.map((row) => row.title);

describe("search", () => {
  it("forgives a typo: 'sarmineto' finds Sarmiento", async () => {
    const rows = await searchBooks(db, { search: "sarmineto", limit: 10 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.author.includes("Sarmiento"))).toBe(true);
  });

  it("ignores accents and case: 'filosofia' finds books in Filosofía", async () => {
    const rows = await searchBooks(db, { search: "FILOSOFIA", limit: 100 });
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((row) => /filosof/i.test(row.category.normalize("NFD").replace(/\p{M}/gu, "")))).toBe(true);
  });

  it("ranks the titles that contain the words first", async () => {
    const rows = await searchBooks(db, { search: "martin fierro", limit: 5 });
    expect(
      titles(rows)
        .slice(0, 2)
        .every((title) => title.includes("Martín Fierro")),
    ).toBe(true);
  });

  it("finds every word in any order, titles first", async () => {
    const rows = await searchBooks(db, { search: "fierro MARTIN", limit: 5 });
    expect(rows[0]?.title).toContain("Martín Fierro");
    // The shop's search agrees, and counts only books that contain both words.
    const shop = await shopBooks(db, view, { search: "fierro martin", page: 1, limit: 24 });
    expect(shop.books[0]?.title).toContain("Martín Fierro");
    expect(shop.books.every((book) => /fierro/i.test(`${book.title} ${book.author}`))).toBe(true);
  });

  it("offers near matches only when nothing contains the words", async () => {
    const shop = await shopBooks(db, view, { search: "sarmineto", page: 1, limit: 24 });
    expect(shop.pagination.total).toBeGreaterThan(0);
    expect(shop.books.every((book) => book.author.includes("Sarmiento"))).toBe(true);
    // The shop says which words it searched instead.
    expect(shop.correctedSearch).toBe("sarmiento");
    const typo = await shopBooks(db, view, { search: "horacio quirgoa", page: 1, limit: 24 });
    expect(typo.correctedSearch).toBe("horacio quiroga");
    expect(typo.books.length).toBeGreaterThan(1);
    expect(typo.books.every((book) => book.author === "Horacio Quiroga")).toBe(true);
    // "quiroga" is in some texts: no near-miss joins the exact matches.
    const exact = await shopBooks(db, view, { search: "quiroga", page: 1, limit: 24 });
    expect(exact.books.length).toBeGreaterThan(0);
    expect(exact.books.every((book) => /quiroga/i.test(`${book.title} ${book.author}`))).toBe(true);
    expect(exact.correctedSearch).toBeNull();
  });

  it("finds nothing for nonsense", async () => {
    expect(await searchBooks(db, { search: "qwxzvk", limit: 10 })).toEqual([]);
  });
});

describe("listings", () => {
  it("pages the catalogue newest first", async () => {
    const first = await listBooks(db, view, { page: 1, limit: 10 });
    const second = await listBooks(db, view, { page: 2, limit: 10 });
    expect(first.pagination).toMatchObject({
      page: 1,
      limit: 10,
      total: demoBooks.length,
      hasPrev: false,
      hasNext: true,
    });
    expect(first.books[0]?.id).toBeGreaterThan(first.books[9]?.id ?? Infinity);
    expect(second.books[0]?.id).toBeLessThan(first.books[9]?.id ?? 0);
    const past = await listBooks(db, view, { page: 99, limit: 10 });
    expect(past).toMatchObject({ books: [], pagination: { total: demoBooks.length, hasNext: false } });
  });

  it("puts every demo book in exactly the category its data says", async () => {
    for (const key of ["literatura-ficcion", "filosofia-pensamiento", "arte-diseno", "peow-studios"] as const) {
      const { books: listed } = await listBooks(db, view, { page: 1, limit: 100, category: key });
      const expected = demoBooks.filter((book) => book.categoryKey === key).map((book) => book.title);
      expect(titles(listed).sort()).toEqual(expected.sort());
    }
  });

  it("files a book again when its title or the category's rules change", async () => {
    const [row] = await db
      .insert(books)
      .values({ title: "El zorzal y la tormenta", slug: "el-zorzal-y-la-tormenta", category: "Varios" })
      .returning();
    if (!row) throw new Error("inserted");
    const inCategory = async () =>
      (await listBooks(db, view, { page: 1, limit: 100, category: "arte-diseno" })).books.some((b) => b.id === row.id);
    expect(await inCategory()).toBe(false);
    await db
      .update(categories)
      .set({ keywords: sql`array_append(${categories.keywords}, 'zorzal')` })
      .where(eq(categories.key, "arte-diseno"));
    expect(await inCategory()).toBe(true);
    await db.update(books).set({ title: "La tormenta" }).where(eq(books.id, row.id));
    expect(await inCategory()).toBe(false);
    await db
      .update(categories)
      .set({ keywords: sql`array_remove(${categories.keywords}, 'zorzal')` })
      .where(eq(categories.key, "arte-diseno"));
    await db.delete(books).where(eq(books.id, row.id));
  });

  it("features the four books in their order, falling back to the newest two with a cover", async () => {
    const featured = await featuredBooks(db, view);
    expect(featured.map((book) => book.featuredOrder)).toEqual([1, 2, 3, 4]);
    expect(featured.every((book) => book.available && book.coverUrl)).toBe(true);

    await db.update(books).set({ featured: false });
    const fallback = await featuredBooks(db, view);
    const arrivals = await newArrivals(db, view, 2);
    expect(fallback.map((book) => book.id)).toEqual(arrivals.map((book) => book.id));
  });

  it("applies the shop's filters on the server", async () => {
    const cheap = await shopBooks(db, view, {
      search: "",
      maxCents: 2_000_000,
      sort: "precio",
      dir: "asc",
      page: 1,
      limit: 24,
    });
    const prices = cheap.books.map((book) => book.price ?? 0);
    expect(prices.every((price) => price <= 20_000)).toBe(true);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);

    const quiroga = await shopBooks(db, view, { search: "", author: "horacio quiroga", page: 1, limit: 24 });
    expect(quiroga.books.length).toBeGreaterThan(1);
    expect(quiroga.books.every((book) => book.author === "Horacio Quiroga")).toBe(true);
  });
});

describe("the shop's author filter: part of a name", () => {
  const authorsOf = async (author: string) => {
    const found = await shopBooks(db, view, { search: "", author, page: 1, limit: 24 });
    return [...new Set(found.books.map((book) => book.author))].sort();
  };

  beforeAll(async () => {
    await db.insert(books).values([
      { title: "Cien por ciento", slug: "cien-por-ciento", author: "Colectivo 100% Lectoras" },
      { title: "Mil lectoras", slug: "mil-lectoras", author: "Colectivo 1000 Lectoras" },
      { title: "Guion bajo", slug: "guion-bajo", author: "Taller a_b" },
      { title: "Sin guion", slug: "sin-guion", author: "Taller axb" },
    ]);
  });

  it("finds the authors whose name contains every word, in any order, accents and case aside", async () => {
    expect(await authorsOf("sarmiento")).toEqual(["Domingo Faustino Sarmiento"]);
    expect(await authorsOf("LORCA garcia")).toEqual(["Federico García Lorca"]);
    expect(await authorsOf("mansilla")).toEqual(["Eduarda Mansilla", "Lucio V. Mansilla"]);
    expect(await authorsOf("friedrich")).toEqual(["Friedrich Nietzsche", "Karl Marx y Friedrich Engels"]);
    expect(await authorsOf("kierkegaard soren")).toEqual(["Søren Kierkegaard"]);
  });

  it("keeps the whole name working (links to an author's books)", async () => {
    expect(await authorsOf("Horacio Quiroga")).toEqual(["Horacio Quiroga"]);
    expect(await authorsOf("José Hernández")).toEqual(["José Hernández"]);
  });

  it("reads % and _ in what was typed as themselves", async () => {
    expect(await authorsOf("100%")).toEqual(["Colectivo 100% Lectoras"]);
    expect(await authorsOf("a_b")).toEqual(["Taller a_b"]);
  });

  it("finds nothing for a name no book has", async () => {
    const found = await shopBooks(db, view, { search: "", author: "borges", page: 1, limit: 24 });
    expect(found.books).toEqual([]);
    expect(found.pagination.total).toBe(0);
  });
});

describe("pre-orders", () => {
  it("is a pre-order until its release date, then a normal book", async () => {
    const [row] = await db.select().from(books).where(eq(books.preorderLimit, 50));
    if (!row?.preorderReleaseDate) throw new Error("the demo has a pre-order with a limit of 50");
    const before = "2000-01-01";
    expect(isPreorder(row, before)).toBe(true);
    expect(orderableQuantity(row, before)).toBe(50 - row.preorderCount);
    expect(
      toCatalogBook(row, { storeUrl: null, taxes: DEFAULT_TAX_CATEGORIES, today: row.preorderReleaseDate }).isPreorder,
    ).toBe(false);
    expect(orderableQuantity(row, row.preorderReleaseDate)).toBe(row.stock);
  });
});

describe("demo seed", () => {
  it("loads the demo once, even when several starts race", async () => {
    const fresh = await testDatabase();
    try {
      const added = await Promise.all([1, 2, 3, 4].map(() => seedDemoCatalogue(fresh.db)));
      expect(added.filter((n) => n > 0)).toEqual([demoBooks.length]);
      expect(await countBooks(fresh.db)).toBe(demoBooks.length);
    } finally {
      await fresh.close();
    }
  });

  it("builds the external store link from the title when the shop has a store", async () => {
    const [row] = await db.select().from(books).where(eq(books.title, "Facundo"));
    if (!row) throw new Error("Facundo is in the demo");
    expect(toCatalogBook(row, { storeUrl: null, taxes: DEFAULT_TAX_CATEGORIES }).tiendaNubeUrl).toBeNull();
    expect(
      toCatalogBook(row, { storeUrl: "https://rizoma.mitiendanube.com/", taxes: DEFAULT_TAX_CATEGORIES }).tiendaNubeUrl,
    ).toBe("https://rizoma.mitiendanube.com/productos/facundo/");
  });
});

describe("test harness", () => {
  it("runs on the database CI asked for", () => {
    expect(database.kind).toBe(process.env.TEST_POSTGRES === "1" ? "postgres" : "pglite");
  });
});
