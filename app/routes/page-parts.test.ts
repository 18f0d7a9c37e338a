import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "~/lib/logger.server";
import { isDatabaseUnavailable } from "~db/errors";
import { seedDemoCatalogue } from "~db/seed";
import { failQueries } from "../../tests/support/failing-queries";
import { routeArgs } from "../../tests/support/route-context";
import { testDatabase } from "../../tests/support/test-database";
import * as home from "./home";
import * as tienda from "./tienda";

const database = await testDatabase();
const db = database.db;

beforeAll(() => seedDemoCatalogue(db));
afterAll(() => database.close());

let restore = () => {};
afterEach(() => restore());

/** The SQL of each part's query (drizzle's text, see books.server.ts). */
const FEATURED = /order by "books"\."featured_order"/;
const NEW_ARRIVALS = /"books"\."available" = \$2\) order by "books"\."id" desc limit/;
const SHOP_PAGE = /from "books" where "books"\."published" = \$1 order by "books"\."id" desc limit/;
const SHOP_SEARCH = /"books"\."search_text" like/;

/** The connection was refused: the database does not answer at all. */
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

type Loaded<T> = { data: T; init: ResponseInit | null };
async function load<T>(loader: (args: never) => Promise<unknown>, url: string) {
  const log = logger.child({});
  const logged = vi.spyOn(log, "error");
  const result = (await loader(routeArgs(url, database, { context: { log } }) as never)) as Loaded<T>;
  const headers = new Headers(result.init?.headers);
  return { data: result.data, cacheControl: headers.get("cache-control"), logged };
}

/** The shop's page component with its loader data, as the framework gives it. */
function ShopPage() {
  return createElement(tienda.default as never, { loaderData: useLoaderData(), params: {}, matches: [] } as never);
}

/** The shop page's HTML for this loader data, rendered as the server renders it. */
async function renderShop(data: Shop): Promise<string> {
  const handler = createStaticHandler([{ id: "tienda", path: "/tienda", loader: () => data, Component: ShopPage }]);
  const context = await handler.query(new Request("http://localhost/tienda"));
  if (context instanceof Response) throw new Error("the stub route renders");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

type Home = Awaited<ReturnType<typeof home.loader>>["data"];
type Shop = Awaited<ReturnType<typeof tienda.loader>>["data"];

describe("the home with a failing section", () => {
  it("renders without the featured books when their query fails, logged, and kept out of the page cache", async () => {
    restore = failQueries(db, FEATURED);
    const { data, cacheControl, logged } = await load<Home>(home.loader, "/");
    expect(data.carousel.featured).toEqual([]);
    expect(data.arrivals).toHaveLength(6);
    expect(data.categories.length).toBeGreaterThan(0);
    expect(cacheControl).toBe("private, no-store");
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ part: "featured books" }), expect.any(String));
  });

  it("renders without the new arrivals when their query fails", async () => {
    restore = failQueries(db, NEW_ARRIVALS);
    const { data, cacheControl, logged } = await load<Home>(home.loader, "/");
    expect(data.arrivals).toEqual([]);
    expect(data.carousel.featured.length).toBeGreaterThan(0);
    expect(cacheControl).toBe("private, no-store");
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ part: "new arrivals" }), expect.any(String));
  });

  it("is whole, and may be cached, when nothing fails", async () => {
    const { data, cacheControl, logged } = await load<Home>(home.loader, "/");
    expect(data.carousel.featured.length).toBeGreaterThan(0);
    expect(data.arrivals).toHaveLength(6);
    expect(cacheControl).toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });

  it("still fails as a whole (503) when the database does not answer", async () => {
    restore = failQueries(db, FEATURED, refused);
    const error = await home.loader(routeArgs("/", database) as never).catch((thrown: unknown) => thrown);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe("the shop with a failing list", () => {
  it("shows no books and says why when the catalogue query fails; the filters are still there", async () => {
    restore = failQueries(db, SHOP_PAGE);
    const { data, cacheControl, logged } = await load<Shop>(tienda.loader, "/tienda");
    expect(data.unavailable).toBe(true);
    expect(data.books).toEqual([]);
    expect(data.pagination.total).toBe(0);
    expect(data.categories.length).toBeGreaterThan(0);
    expect(cacheControl).toBe("private, no-store");
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ part: "shop books" }), expect.any(String));
  });

  it("tells the visitor in Spanish, where the books would be", async () => {
    restore = failQueries(db, SHOP_PAGE);
    const { data } = await load<Shop>(tienda.loader, "/tienda");
    const html = await renderShop(data);
    expect(html).toContain("No pudimos cargar los libros en este momento. Probá de nuevo en un rato.");
    expect(html).not.toContain("No hay libros disponibles en este momento.");
    expect(html).not.toContain("0 libros");
  });

  it("does the same when a search fails", async () => {
    restore = failQueries(db, SHOP_SEARCH);
    const { data, cacheControl } = await load<Shop>(tienda.loader, "/tienda?search=facundo");
    expect(data.unavailable).toBe(true);
    expect(data.books).toEqual([]);
    expect(data.params.search).toBe("facundo");
    expect(cacheControl).toBe("private, no-store");
  });

  it("lists the books when nothing fails", async () => {
    const { data, cacheControl } = await load<Shop>(tienda.loader, "/tienda?search=facundo");
    expect(data.unavailable).toBe(false);
    expect(data.books.map((book) => book.title)).toContain("Facundo");
    expect(cacheControl).toBeNull();
  });

  it("still fails as a whole (503) when the database does not answer", async () => {
    restore = failQueries(db, SHOP_PAGE, refused);
    const error = await tienda.loader(routeArgs("/tienda", database) as never).catch((thrown: unknown) => thrown);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
