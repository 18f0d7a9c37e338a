import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { DEFAULT_TAX_CATEGORIES, splitTax } from "~/domain/taxes/fiscal";
import { books, settings } from "~db/schema";
import { seedDemoCatalogue } from "~db/seed";
import { type routeArgs, routeCaller } from "../../../tests/support/route-context";
import { testDatabase } from "../../../tests/support/test-database";
import * as booksRoute from "./books";
import * as featuredRoute from "./featured-books";
import * as productRoute from "./store-product";
import * as productsRoute from "./store-products";
import * as stockRoute from "./validate-cart-stock";

const database = await testDatabase();
const db = database.db;

beforeAll(() => seedDemoCatalogue(db));
afterAll(() => database.close());

type Call = (args: ReturnType<typeof routeArgs>) => Response | Promise<Response>;
const call = routeCaller(database);
const getBooks = (url: string) => call(booksRoute.loader as Call, url);
const postStock = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  call(stockRoute.action as Call, "/api/validate-cart-stock", { method: "POST", body, headers });

async function bookTitled(title: string) {
  const [row] = await db.select().from(books).where(eq(books.title, title));
  if (!row) throw new Error(`${title} is in the demo`);
  return row;
}

describe("GET /api/books", () => {
  it("answers the paginated shape with prices in pesos", async () => {
    const { status, body } = await getBooks("/api/books?page=1&limit=5");
    expect(status).toBe(200);
    expect(body.books).toHaveLength(5);
    expect(body.pagination).toMatchObject({ page: 1, limit: 5, hasPrev: false, hasNext: true });
    const facundo = (await getBooks("/api/books?limit=100&page=1")).body.books.find(
      (book: { title: string }) => book.title === "Facundo",
    );
    const row = await bookTitled("Facundo");
    // Facundo is on sale in the demo: the list answers what the visitor pays, and the list price apart.
    expect(facundo.price).toBe((row.promotionalPriceCents ?? 0) / 100);
    expect(facundo.originalPrice).toBe((row.priceCents ?? 0) / 100);
  });

  it.each([
    ["/api/books?page=0", "page"],
    ["/api/books?page=-1", "page"],
    ["/api/books?page=abc", "page"],
    ["/api/books?limit=101", "limit"],
    ["/api/books?limit=99999999999", "limit"],
  ])("refuses %s with a Spanish 400", async (url, field) => {
    const { status, body } = await getBooks(url);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toContain(field);
  });

  it("refuses an unknown category", async () => {
    expect(await getBooks("/api/books?category=cocina")).toEqual({
      status: 400,
      body: { success: false, error: "Categoría desconocida" },
    });
  });
});

describe("netPrice (Res. SIC 4/2025 art. 2: the price without national taxes)", () => {
  const MUG_CENTS = 1_210_050; // 21% IVA: net $ 10.000,41
  const taxes = {
    categories: [...DEFAULT_TAX_CATEGORIES, { key: "merchandising", label: "Merchandising", rate: "21" }],
  };

  beforeAll(async () => {
    await db
      .insert(settings)
      .values({ key: "taxes", value: taxes })
      .onConflictDoUpdate({ target: settings.key, set: { value: taxes } });
    await db.insert(books).values({
      title: "Taza Rizoma",
      author: "Rizoma",
      slug: "taza-rizoma-api",
      priceCents: MUG_CENTS,
      stock: 3,
      taxCategory: "merchandising",
    });
    // The tax table is reference data, kept in memory: the admin's save says it changed.
    await publicPagesChanged(db, "settings.taxes");
  });

  type Priced = { title: string; price: number | null; netPrice: number | null; isPreorder?: boolean };
  const titled = (list: Priced[], title: string) => list.find((book) => book.title === title);

  it("GET /api/books: an exempt book's is what it costs now; a 21% product's is its price / 1,21, in pesos", async () => {
    const { body } = await getBooks("/api/books?limit=100&page=1");
    const list = body.books as Priced[];
    expect(list.every((book) => "netPrice" in book)).toBe(true);
    const facundo = titled(list, "Facundo");
    expect(facundo?.netPrice).toBe(facundo?.price);
    expect(titled(list, "Taza Rizoma")?.netPrice).toBe(splitTax(MUG_CENTS, "21").netCents / 100);
    expect(titled(list, "Taza Rizoma")?.netPrice).toBe(10_000.41);
    // During a pre-order the visitor pays the pre-order price: the net is of that one.
    const preorder = (body.books as (Priced & { preorderPrice: number | null })[]).find(
      (book) => book.isPreorder && book.preorderPrice !== null,
    );
    expect(preorder?.netPrice).toBe(preorder?.preorderPrice);
  });

  it("GET /api/featured-books and /api/tienda-nube/products carry it too", async () => {
    const featured = (await call(featuredRoute.loader as Call, "/api/featured-books")).body as Priced[];
    expect(featured.length).toBeGreaterThan(0);
    for (const book of featured) expect(book.netPrice).toBe(book.isPreorder ? book.netPrice : book.price);
    const { body } = await call(productsRoute.loader as Call, "/api/tienda-nube/products?search=taza%20rizoma&limit=5");
    expect(titled(body.products, "Taza Rizoma")).toMatchObject({ price: 12_100.5, netPrice: 10_000.41 });
  });
});

describe("GET /api/featured-books", () => {
  it("lists available books with a cover, by featuredOrder", async () => {
    const { status, body } = await call(featuredRoute.loader as Call, "/api/featured-books");
    expect(status).toBe(200);
    expect(body.map((book: { featuredOrder: number }) => book.featuredOrder)).toEqual([1, 2, 3, 4]);
  });
});

describe("GET /api/tienda-nube/products", () => {
  it("searches with a limit", async () => {
    const { status, body } = await call(
      productsRoute.loader as Call,
      "/api/tienda-nube/products?search=sarmineto&limit=5",
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(5);
    expect(body.products[0].author).toBe("Domingo Faustino Sarmiento");
  });

  it("refuses a limit over 100", async () => {
    const { status, body } = await call(productsRoute.loader as Call, "/api/tienda-nube/products?limit=500");
    expect(status).toBe(400);
    expect(body.success).toBe(false);
  });

  it("answers one product in the detail shape, or the spec's 404", async () => {
    const facundo = await bookTitled("Facundo");
    const ok = await call(productRoute.loader as Call, `/api/tienda-nube/products/${facundo.id}`, {
      params: { id: String(facundo.id) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.product).toMatchObject({
      id: facundo.id,
      title: "Facundo",
      author: "Domingo Faustino Sarmiento",
      barcode: facundo.isbn,
      weight: facundo.weightGrams,
      categories: [{ name: "Literatura argentina" }, { name: "Clásicos" }],
      published: true,
    });
    for (const id of ["999999", "abc", "-1", "1e3", "__proto__"]) {
      const missing = await call(productRoute.loader as Call, `/api/tienda-nube/products/${id}`, { params: { id } });
      expect(missing).toEqual({ status: 404, body: { success: false, error: "Producto no encontrado" } });
    }
  });
});

describe("POST /api/validate-cart-stock", () => {
  it("says which lines can be bought and how many are left", async () => {
    const inStock = await bookTitled("Facundo");
    const { status, body } = await postStock(
      JSON.stringify({
        items: [
          { id: inStock.id, quantity: 1 },
          { id: inStock.id, quantity: inStock.stock + 1 },
        ],
      }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      results: [
        { id: inStock.id, valid: true, availableStock: inStock.stock, error: null, taxRate: "exento" },
        { id: inStock.id, valid: false, availableStock: inStock.stock, error: "Stock insuficiente", taxRate: "exento" },
      ],
    });
  });

  it("refuses unavailable, out-of-stock and price-less books", async () => {
    const [unavailable] = await db.select().from(books).where(eq(books.available, false));
    const [soldOut] = await db.select().from(books).where(eq(books.stock, 0));
    if (!unavailable || !soldOut) throw new Error("the demo has both");
    const { body } = await postStock(
      JSON.stringify({
        items: [
          { id: unavailable.id, quantity: 1 },
          { id: soldOut.id, quantity: 1 },
        ],
      }),
    );
    expect(body.results.map((r: { valid: boolean; error: string }) => [r.valid, r.error])).toEqual([
      [false, "Este libro no está disponible en este momento"],
      [false, "Stock insuficiente"],
    ]);
  });

  it("answers 404 for an unknown book, still listing every line", async () => {
    const { status, body } = await postStock(JSON.stringify({ items: [{ id: 987654, quantity: 1 }] }));
    expect(status).toBe(404);
    expect(body).toMatchObject({
      success: false,
      error: "Producto no encontrado",
      results: [{ id: 987654, valid: false }],
    });
  });

  it.each([
    ["not JSON", "{items:", 400],
    ["an array", "[]", 400],
    ["no items", "{}", 400],
    ["a string quantity", JSON.stringify({ items: [{ id: 1, quantity: "2" }] }), 400],
    ["a negative quantity", JSON.stringify({ items: [{ id: 1, quantity: -3 }] }), 400],
    ["a zero quantity", JSON.stringify({ items: [{ id: 1, quantity: 0 }] }), 400],
    ["a huge quantity", JSON.stringify({ items: [{ id: 1, quantity: 1e12 }] }), 400],
    ["a fractional quantity", JSON.stringify({ items: [{ id: 1, quantity: 1.5 }] }), 400],
    ["a string id", JSON.stringify({ items: [{ id: "1", quantity: 1 }] }), 400],
    ["a __proto__ key", '{"items":[],"__proto__":{"polluted":true}}', 400],
    ["a __proto__ key in a line", '{"items":[{"id":1,"quantity":1,"__proto__":{"x":1}}]}', 400],
    ["an unknown field", JSON.stringify({ items: [], coupon: "X" }), 400],
    [
      "too many lines",
      JSON.stringify({ items: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, quantity: 1 })) }),
      400,
    ],
    ["a 1 MB body", JSON.stringify({ items: [], padding: "x".repeat(1024 * 1024) }), 413],
  ])("refuses %s with a Spanish 4xx and changes nothing", async (_case, payload, expected) => {
    const before = await db.select({ id: books.id, stock: books.stock }).from(books);
    const { status, body } = await postStock(payload);
    expect(status).toBe(expected);
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/[a-záéíóúñ]/i);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await db.select({ id: books.id, stock: books.stock }).from(books)).toEqual(before);
  });

  it("refuses a body that is not JSON by type", async () => {
    const { status, body } = await postStock("items=1", { "content-type": "application/x-www-form-urlencoded" });
    expect(status).toBe(415);
    expect(body.error).toContain("JSON");
  });

  it("answers GET with 405", async () => {
    const response = await (stockRoute.loader as () => Response)();
    expect(response.status).toBe(405);
  });
});
