import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchBooks } from "~/domain/catalog/books.server";
import { books } from "~db/schema";
import { seedDemoCatalogue } from "~db/seed";
import { routeArgs } from "../../tests/support/route-context";
import { testDatabase } from "../../tests/support/test-database";
import * as tienda from "./tienda";

/**
 * Search in a big catalogue (docs/decisions/0057-search-at-scale.md): what a visitor sees when a word is
 * in more than 1,000 books, and that the ranking and the forgiveness of accents and typos hold.
 */
const database = await testDatabase();
const db = database.db;

/** More books with "Crónica" in the title than the shop counts one by one. */
const CHRONICLES = 1_030;

beforeAll(async () => {
  await seedDemoCatalogue(db);
  for (let start = 0; start < CHRONICLES; start += 500) {
    const batch = Array.from({ length: Math.min(500, CHRONICLES - start) }, (_, i) => ({
      title: `Crónica del río ${start + i + 1}`,
      slug: `cronica-del-rio-${start + i + 1}`,
      author: "Autora de Prueba",
      category: "Literatura",
    }));
    await db.insert(books).values(batch);
  }
  // Newer than the demo's "Facundo", with the word in its title too.
  await db.insert(books).values({ title: "Facundo y la pampa", slug: "facundo-y-la-pampa", author: "Otro Autor" });
});
afterAll(() => database.close());

type Shop = Awaited<ReturnType<typeof tienda.loader>>["data"];

async function shop(url: string): Promise<Shop> {
  const result = (await tienda.loader(routeArgs(url, database) as never)) as { data: Shop };
  return result.data;
}

function ShopPage() {
  return createElement(tienda.default as never, { loaderData: useLoaderData(), params: {}, matches: [] } as never);
}

/** The shop's HTML for this loader data, as the server renders it, without tags. */
async function textOf(data: Shop): Promise<string> {
  const handler = createStaticHandler([{ id: "tienda", path: "/tienda", loader: () => data, Component: ShopPage }]);
  const context = await handler.query(new Request("http://localhost/tienda"));
  if (context instanceof Response) throw new Error("the stub route renders");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("a word in more than 1,000 books", () => {
  it("says 'Más de 1.000 resultados' and offers the next page without a last page number", async () => {
    const data = await shop("/tienda?search=cronica");
    expect(data.books).toHaveLength(24);
    expect(data.books.every((book) => book.title.startsWith("Crónica del río"))).toBe(true);
    const text = await textOf(data);
    expect(text).toContain("Más de 1.000 resultados para “cronica”");
    expect(text).toContain("Página 1 ");
    expect(text).not.toMatch(/Página 1 de/);
    expect(text).toContain("Siguiente");
  });

  it("pages on: page 2 holds the next books, newest first, and a page past the end shows the last one", async () => {
    const first = await shop("/tienda?search=cronica");
    const second = await shop("/tienda?search=cronica&pagina=2");
    expect(second.books).toHaveLength(24);
    const firstIds = new Set(first.books.map((book) => book.id));
    expect(second.books.some((book) => firstIds.has(book.id))).toBe(false);
    expect(Math.min(...first.books.map((b) => b.id))).toBeGreaterThan(Math.max(...second.books.map((b) => b.id)));
    const text = await textOf(second);
    expect(text).toContain("Anterior");
    expect(text).toContain("Siguiente");

    // Past the end the count is exact (the demo has a chronicle or two of its own).
    const past = await shop("/tienda?search=cronica&pagina=999");
    const { total } = past.pagination;
    expect(total).toBeGreaterThanOrEqual(CHRONICLES);
    const lastPage = Math.ceil(total / 24);
    expect(past.pagination).toMatchObject({ page: lastPage, totalPages: lastPage, hasNext: false });
    expect(past.books).toHaveLength(total - (lastPage - 1) * 24);
    const last = await textOf(past);
    expect(last).toContain(`Página ${lastPage} de ${lastPage}`);
    expect(last).not.toContain("Siguiente");
  });

  it("a search with fewer matches still shows their exact number", async () => {
    const text = await textOf(await shop("/tienda?search=facundo"));
    expect(text).toMatch(/\b\d libros? para “facundo”/);
  });
});

describe("ranking and forgiveness", () => {
  it("the book whose whole title is the query comes first, before newer books that contain it", async () => {
    const data = await shop("/tienda?search=facundo");
    expect(data.books[0]?.title).toBe("Facundo");
    expect(data.books.map((book) => book.title)).toContain("Facundo y la pampa");
    const header = await searchBooks(db, { search: "FACUNDO", limit: 5 });
    expect(header[0]?.title).toBe("Facundo");
  });

  it("a whole author's name brings that author's books first", async () => {
    const header = await searchBooks(db, { search: "horacio quiroga", limit: 5 });
    expect(header.length).toBeGreaterThan(1);
    expect(header.every((book) => book.author === "Horacio Quiroga")).toBe(true);
  });

  it("finds a book without its accents, and with a typo", async () => {
    const plain = await shop("/tienda?search=karenina");
    expect(plain.books.map((book) => book.title)).toContain("Ana Karénina");
    const typo = await shop("/tienda?search=karenjna");
    expect(typo.correctedSearch).toBe("karenina");
    expect(typo.books.map((book) => book.title)).toContain("Ana Karénina");
    const header = await searchBooks(db, { search: "karenjna", limit: 5 });
    expect(header.map((book) => book.title)).toContain("Ana Karénina");
    // Past the cap too: the typo is forgiven and the count still stops early.
    const many = await shop("/tienda?search=cronca");
    expect(many.correctedSearch).toBe("cronica");
    expect(many.pagination.capped).toBe(true);
  });
});
