import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeTiendanube, startFakeTiendanube } from "../../../tests/fakes/tiendanube/server";
import { nextLink, TiendanubeClient, type TiendanubeClientOptions, TiendanubeError } from "./client.server";

let fake: FakeTiendanube;

const client = (options: Partial<TiendanubeClientOptions> = {}) =>
  new TiendanubeClient({
    apiBase: fake.apiBase,
    storeId: fake.storeId,
    token: fake.token,
    userAgent: "Rizoma (hola@rizoma.com.ar)",
    retryBaseMs: 5,
    retryMaxMs: 50,
    ...options,
  });

beforeEach(async () => {
  fake = await startFakeTiendanube();
});
afterEach(() => fake.close());

describe("Tienda Nube client", () => {
  it("sends the token, the User-Agent and per_page 200, and follows Link until the last page", async () => {
    fake.addProducts(450);
    const totals: (number | null)[] = [];
    const products = await client().listProducts({ onPage: ({ total }) => void totals.push(total) });
    expect(products).toHaveLength(450);
    expect(new Set(products.map((p) => p.id)).size).toBe(450);
    expect(totals).toEqual([450, 450, 450]);
    expect(fake.requests.map((r) => [r.query.get("page"), r.query.get("per_page")])).toEqual([
      ["1", "200"],
      ["2", "200"],
      ["3", "200"],
    ]);
    for (const request of fake.requests) {
      expect(request.headers.authentication).toBe(`bearer ${fake.token}`);
      expect(request.headers["user-agent"]).toBe("Rizoma (hola@rizoma.com.ar)");
      expect(request.path).toBe(`/${fake.storeId}/products`);
    }
  });

  it("reads an empty store (404 'Last page is 0') as no products", async () => {
    expect(await client().listProducts()).toEqual([]);
  });

  it("asks only for products updated since the cursor", async () => {
    fake.addProducts(3);
    const cursor = fake.addProduct().updated_at;
    fake.addProduct();
    const products = await client().listProducts({ updatedSince: cursor });
    expect(products).toHaveLength(2);
    expect(fake.requests[0]?.query.get("updated_at_min")).toBe(cursor);
  });

  it("waits and retries after a 429, without failing", async () => {
    const product = fake.addProduct();
    fake.failNext(3, 429);
    const found = await client().getProduct(String(product.id));
    expect(found?.name.es).toBe(product.name.es);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 429, 429, 200]);
  });

  it("retries 5xx answers and succeeds", async () => {
    fake.addProducts(3);
    fake.failNext(2, 503);
    expect(await client().listProducts()).toHaveLength(3);
    expect(fake.requests.map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it("gives up after its retries with a TiendanubeError", async () => {
    fake.addProduct();
    fake.failNext(10, 500);
    const error = await client({ maxRetries: 2 })
      .listProducts()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TiendanubeError);
    expect((error as TiendanubeError).status).toBe(500);
    expect(fake.requests).toHaveLength(3);
  });

  it("times a slow answer out and retries it", async () => {
    const product = fake.addProduct();
    fake.slowNext(1, 1_000);
    const found = await client({ timeoutMs: 150 }).getProduct(String(product.id));
    expect(found?.id).toBe(String(product.id));
    expect(fake.requests).toHaveLength(2);
  });

  it("fails with a Spanish message when every attempt times out", async () => {
    const product = fake.addProduct();
    fake.slowNext(3, 1_000);
    const error = await client({ timeoutMs: 100, maxRetries: 2 })
      .getProduct(String(product.id))
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe("Tienda Nube no respondió a tiempo");
  });

  it("keeps to the leaky bucket from the X-Rate-Limit headers: no 429 at all", async () => {
    await fake.close();
    fake = await startFakeTiendanube({ burst: 4, leakPerSecond: 20 });
    const ids = fake.addProducts(12).map((p) => String(p.id));
    const tn = client();
    const found = await Promise.all(ids.map((id) => tn.getProduct(id)));
    expect(found.map((p) => p?.id)).toEqual(ids);
    expect(fake.rateLimited()).toBe(0);
    expect(fake.requests).toHaveLength(12);
  });

  it("answers null for a product the store does not have", async () => {
    expect(await client().getProduct("999999")).toBeNull();
  });

  it("refuses with the store's reason on a bad token (no retries)", async () => {
    const error = await client({ token: "otro" })
      .getProduct("1")
      .catch((e: unknown) => e);
    expect((error as TiendanubeError).status).toBe(401);
    expect(fake.requests).toHaveLength(1);
  });

  it("only follows next links into the same API", () => {
    const base = "https://api.tiendanube.com/v1/1";
    expect(nextLink(`<${base}/products?page=2>; rel="next", <${base}/products?page=9>; rel="last"`, base)).toBe(
      `${base}/products?page=2`,
    );
    expect(nextLink('<https://evil.example/x>; rel="next"', base)).toBeNull();
    expect(nextLink(`<${base}/products?page=9>; rel="last"`, base)).toBeNull();
  });
});
