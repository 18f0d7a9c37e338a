import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { books, imageOriginals, uploads } from "~db/schema";
import { adminTestDatabase } from "../../tests/support/admin-database";
import { routeArgs } from "../../tests/support/route-context";
import { statementsOf } from "../../tests/support/statement-count";
import * as authors from "./api/authors";
import * as apiBooks from "./api/books";
import * as storeProducts from "./api/store-products";
import * as boxLanding from "./caja-rizoma/landing";
import * as checkout from "./checkout";
import * as terminos from "./content/terminos";
import * as home from "./home";
import * as libro from "./libro";
import * as shopLayout from "./shop-layout";
import * as sitemap from "./sitemap";
import * as tienda from "./tienda";

/**
 * Issue 23, goal 1: a page the page cache does not hold costs at most 3 SQL statements once the reference
 * data (settings, categories, genres, authors, counts, box plans: app/domain/cache/reference-data.server.ts)
 * is in memory. A design assertion, not a timing one: each page runs its loaders twice and the second
 * run's statements are counted, layout included (a document request runs both).
 */
const { database, db } = await adminTestDatabase({ catalogue: true });

const MAX_STATEMENTS = 3;

// biome-ignore lint/suspicious/noExplicitAny: each route module's loader takes its own typed args.
type Loader = (args: any) => unknown;

async function statementsOfPage(url: string, loaders: Loader[], params: Record<string, string> = {}) {
  const once = () => Promise.all(loaders.map((loader) => loader(routeArgs(url, database, { params }))));
  await once();
  const { statements } = await statementsOf(db, once);
  return statements;
}

/** Among the newest books (the home's new arrivals, the shop's first page), an uploaded and a remote cover. */
const REMOTE_COVER = "https://covers.example/arlt.jpg";
let remoteCoverBook = 0;
beforeAll(async () => {
  const newest = await db.select({ id: books.id }).from(books).orderBy(desc(books.id)).limit(2);
  const [upload] = await db
    .insert(uploads)
    .values({ contentType: "image/png", bytes: Buffer.from([1]), size: 1, sha256: "a".repeat(64) })
    .returning({ id: uploads.id });
  await db
    .update(books)
    .set({ coverUrl: `/uploads/${upload?.id}.png` })
    .where(eq(books.id, newest[0]?.id ?? 0));
  remoteCoverBook = newest[1]?.id ?? 0;
  await db.update(books).set({ coverUrl: REMOTE_COVER }).where(eq(books.id, remoteCoverBook));
  await db.insert(imageOriginals).values({ source: REMOTE_COVER, sha256: "b".repeat(64), size: 1 });
});

describe("a page the cache misses, on warm reference data", () => {
  const pages: [string, Loader[]][] = [
    ["/", [shopLayout.loader, home.loader]],
    ["/tienda", [shopLayout.loader, tienda.loader]],
    ["/tienda?pagina=2", [shopLayout.loader, tienda.loader]],
    ["/tienda?categoria=literatura-ficcion", [shopLayout.loader, tienda.loader]],
    ["/tienda?search=quiroga", [shopLayout.loader, tienda.loader]],
    ["/tienda?autor=Roberto%20Arlt", [shopLayout.loader, tienda.loader]],
    ["/tienda?search=borges&orden=precio", [shopLayout.loader, tienda.loader]],
    ["/caja-rizoma", [shopLayout.loader, boxLanding.loader]],
    ["/api/tienda-nube/products?search=quiroga&limit=5", [storeProducts.loader]],
    ["/api/autores?q=quiroga", [authors.loader]],
    ["/api/books?category=literatura-ficcion", [apiBooks.loader]],
    ["/sitemap.xml", [sitemap.loader]],
  ];
  for (const [url, loaders] of pages) {
    it(`${url} runs at most ${MAX_STATEMENTS} statements`, async () => {
      const statements = await statementsOfPage(url, loaders);
      expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS);
    });
  }

  // Pages that only show the shop's settings and prices read nothing once those are in memory.
  for (const [url, loaders] of [
    ["/terminos", [shopLayout.loader, terminos.loader]],
    ["/checkout", [shopLayout.loader, checkout.loader]],
  ] as [string, Loader[]][]) {
    it(`${url} runs no statement`, async () => {
      expect(await statementsOfPage(url, loaders)).toEqual([]);
    });
  }

  it(`a book's page runs at most ${MAX_STATEMENTS} statements`, async () => {
    const id = String(remoteCoverBook);
    const statements = await statementsOfPage(`/libro/${id}`, [shopLayout.loader, libro.loader], { id });
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});
