import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { ByteLru, cachedPage, densestBrotli, withBrotli } from "./page-cache-store";

const item = (bytes: number) => ({ bytes });

describe("ByteLru", () => {
  it("keeps the total under its byte budget by evicting the least recently used entries", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("a", item(40));
    lru.set("b", item(40));
    expect(lru.bytes).toBe(80);
    lru.get("a"); // a is now more recent than b
    lru.set("c", item(40));
    expect(lru.has("b")).toBe(false);
    expect(lru.has("a")).toBe(true);
    expect(lru.has("c")).toBe(true);
    expect(lru.bytes).toBe(80);
  });

  it("evicts as many entries as a big one needs", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    for (const key of ["a", "b", "c", "d"]) lru.set(key, item(25));
    lru.set("big", item(70));
    expect([..."abcd"].filter((key) => lru.has(key))).toEqual(["d"]);
    expect(lru.bytes).toBe(95);
  });

  it("refuses a value larger than the whole budget without evicting anything", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("a", item(60));
    expect(lru.set("huge", item(101))).toBe(false);
    expect(lru.has("a")).toBe(true);
    expect(lru.size).toBe(1);
  });

  it("replacing a key counts only its new size; delete and clear give the bytes back", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("a", item(60));
    lru.set("a", item(30));
    expect(lru.bytes).toBe(30);
    lru.set("b", item(20));
    lru.delete("a");
    expect(lru.bytes).toBe(20);
    lru.clear();
    expect(lru.bytes).toBe(0);
    expect(lru.size).toBe(0);
  });
});

describe("cachedPage", () => {
  it("stores brotli and gzip versions that decode to the same body, and weighs all three", async () => {
    const body = Buffer.from(`<!DOCTYPE html><p>${"Rizoma, libros de acá. ".repeat(400)}</p>`);
    const page = await cachedPage([["content-type", "text/html"]], body);
    expect(zlib.brotliDecompressSync(page.bodies.br).equals(body)).toBe(true);
    expect(zlib.gunzipSync(page.bodies.gzip).equals(body)).toBe(true);
    expect(page.bodies.identity.equals(body)).toBe(true);
    expect(page.bodies.br.length).toBeLessThan(body.length / 10);
    expect(page.bytes).toBeGreaterThan(body.length + page.bodies.br.length + page.bodies.gzip.length);
    expect(page.hash).toMatch(/^[\w-]{27}$/);
    const same = await cachedPage([], Buffer.from(body));
    expect(same.hash).toBe(page.hash);
  });
});

describe("densestBrotli", () => {
  it("makes a smaller brotli body that decodes to the same page, without changing the hash", async () => {
    const body = Buffer.from(
      `<!DOCTYPE html>${Array.from({ length: 500 }, (_, i) => `<li>Libro ${i * 7919}</li>`).join("")}`,
    );
    const page = await cachedPage([], body);
    const br = await densestBrotli(body);
    expect(br.length).toBeLessThanOrEqual(page.bodies.br.length);
    const denser = withBrotli(page, br);
    expect(zlib.brotliDecompressSync(denser.bodies.br).equals(body)).toBe(true);
    expect(denser.hash).toBe(page.hash);
    expect(denser.bytes).toBe(page.bytes - page.bodies.br.length + br.length);
  });
});
