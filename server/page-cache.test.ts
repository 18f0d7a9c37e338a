import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { until } from "../tests/support/until";
import { CACHE_CONTROL, createPageCache, isCacheablePath, negotiateEncoding } from "./page-cache";

const html = (n: number) =>
  `<!DOCTYPE html><html><body><h1>Rizoma ${n}</h1>${"<p>Libros de acá.</p>".repeat(200)}</body></html>`;

let renders = 0;
let next: () => globalThis.Response = () => new Response(html(renders), { headers: { "content-type": "text/html" } });
let gate: Promise<void> | null = null;
let clock = 1_000_000;

const cache = createPageCache({
  maxBytes: 4 * 1024 * 1024,
  now: () => clock,
  htmlPolicy: (page, path) => `script-src 'self' 'sha256-of-${path}-${page.length}'`,
  render: async () => {
    renders++;
    if (gate) await gate;
    return next();
  },
});
const app = express();
// What server/app.ts does first: a policy with this request's nonce, which a stored page must replace.
app.use((_req, res, next) => {
  res.setHeader("Content-Security-Policy", "script-src 'self' 'nonce-of-this-request'");
  next();
});
app.use(cache.middleware);
// What the normal chain would answer: says so, so a test can tell the cache did not answer.
app.use((_req, res) => {
  res.status(200).type("text/plain").send("normal chain");
});
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const { port } = server.address() as AddressInfo;
afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  cache.clear();
  renders = 0;
  gate = null;
  next = () => new Response(html(renders), { headers: { "content-type": "text/html", "x-from-render": "yes" } });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request: the body as sent on the wire (no automatic decompression). */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** The stored page's body, as text. */
function decodePeek(key: string): string {
  return cache.store.peek(key)?.bodies.identity.toString("utf8") ?? "";
}

function decode(raw: Raw): string {
  const encoding = raw.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(raw.body).toString();
  if (encoding === "gzip") return zlib.gunzipSync(raw.body).toString();
  return raw.body.toString();
}

describe("page cache middleware", () => {
  it("renders once, then answers from memory with the caching headers", async () => {
    const first = await get("/tienda?search=borges");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    const second = await get("/tienda?search=borges");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(renders).toBe(1);
    expect(decode(second)).toBe(html(1));
    for (const answer of [first, second]) {
      expect(answer.headers["cache-control"]).toBe(CACHE_CONTROL);
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["content-type"]).toBe("text/html");
      expect(answer.headers["x-from-render"]).toBe("yes");
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
    }
    // The query is part of the key.
    expect((await get("/tienda?search=cortazar")).headers["x-cache"]).toBe("MISS");
    expect(renders).toBe(2);
  });

  it("serves brotli, gzip or identity as negotiated, all decoding to the same page", async () => {
    const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
    const gz = await get("/", { "accept-encoding": "gzip" });
    const plain = await get("/", {});
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(gz.body.length).toBeLessThan(plain.body.length);
    expect(new Set([decode(br), decode(gz), decode(plain)])).toEqual(new Set([html(1)]));
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(renders).toBe(1);
  });

  it("answers 304 to a matching If-None-Match, in any encoding, and 200 to a stale one", async () => {
    const first = await get("/libro/7", { "accept-encoding": "br" });
    const etag = first.headers.etag ?? "";
    const again = await get("/libro/7", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe(CACHE_CONTROL);
    const otherEncoding = await get("/libro/7", { "accept-encoding": "gzip", "if-none-match": `W/${etag}` });
    expect(otherEncoding.status).toBe(304);
    const stale = await get("/libro/7", { "if-none-match": '"something-else"' });
    expect(stale.status).toBe(200);
  });

  it("serves a stored HTML page with the policy made for its own scripts, on a 304 too", async () => {
    const policy = `script-src 'self' 'sha256-of-/libro/8-${html(1).length}'`;
    const first = await get("/libro/8");
    expect(first.headers["content-security-policy"]).toBe(policy);
    const hit = await get("/libro/8");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["content-security-policy"]).toBe(policy);
    // The browser keeps a 304's headers with its copy: they must still fit that copy's scripts.
    const revalidated = await get("/libro/8", { "if-none-match": hit.headers.etag ?? "" });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers["content-security-policy"]).toBe(policy);
  });

  it("answers a fresh stored page straight from Node, before Express, and leaves everything else alone", async () => {
    const raw = http.createServer((req, res) => {
      const served = cache.serveHit(req, res, (path) => ["X-Before", path]);
      if (!served) res.end("normal chain");
    });
    raw.listen(0, "127.0.0.1");
    await new Promise((resolve) => raw.once("listening", resolve));
    const rawPort = (raw.address() as AddressInfo).port;
    const fetchRaw = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${rawPort}${path}`, { headers });
    try {
      expect(await (await fetchRaw("/libro/9")).text()).toBe("normal chain"); // not stored yet
      await get("/libro/9?x=1"); // stored through the Express middleware
      const hit = await fetchRaw("/libro/9?x=1", { "accept-encoding": "gzip" });
      expect(hit.headers.get("x-cache")).toBe("HIT");
      expect(hit.headers.get("x-before")).toBe("/libro/9");
      expect(hit.headers.get("content-security-policy")).toBe(
        `script-src 'self' 'sha256-of-/libro/9-${html(1).length}'`,
      );
      expect(await hit.text()).toBe(html(1));
      // A session, a POST or a NUL byte always go through the whole chain.
      expect(await (await fetchRaw("/libro/9?x=1", { cookie: "rizoma_admin=abc" })).text()).toBe("normal chain");
      expect(await (await fetch(`http://127.0.0.1:${rawPort}/libro/9?x=1`, { method: "POST" })).text()).toBe(
        "normal chain",
      );
      expect(await (await fetchRaw("/libro/9?x=1%00")).text()).toBe("normal chain");
      // A stale page is rendered again by the chain, never served from here.
      clock += 10 * 60_000;
      expect(await (await fetchRaw("/libro/9?x=1")).text()).toBe("normal chain");
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });

  it("answers HEAD from a stored page without a body", async () => {
    await get("/sobre-nosotros");
    const head = await get("/sobre-nosotros", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-cache"]).toBe("HIT");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it("lets an admin or customer session (either cookie name) or a flash message through to the normal chain", async () => {
    await get("/tienda");
    for (const cookie of [
      "rizoma_admin=abc",
      "theme=dark; __Host-rizoma_admin=abc",
      "rizoma_cuenta=abc",
      "__Host-rizoma_cuenta=abc; theme=dark",
      "theme=dark; rizoma_flash=Guardado",
      "toast=hola",
    ]) {
      const answer = await get("/tienda", { cookie });
      expect(answer.headers["x-cache"]).toBe("BYPASS");
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.body.toString()).toBe("normal chain");
    }
    // Any other cookie does not matter: the page is rendered without cookies anyway.
    expect((await get("/tienda", { cookie: "theme=dark" })).headers["x-cache"]).toBe("HIT");
  });

  it("never stores an answer that sets a cookie, nor anything but a 200", async () => {
    next = () => new Response(html(renders), { headers: { "content-type": "text/html", "set-cookie": "a=1; Path=/" } });
    const withCookie = await get("/terminos");
    expect(withCookie.headers["set-cookie"]).toEqual(["a=1; Path=/"]);
    expect(withCookie.headers["x-cache"]).toBeUndefined();
    await get("/terminos");
    expect(renders).toBe(2);

    next = () =>
      new Response(`<p>No encontrado</p>${" ".repeat(2000)}`, {
        status: 404,
        headers: { "content-type": "text/html" },
      });
    const missing = await get("/libro/999", { "accept-encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(decode(missing)).toContain("No encontrado");
    await get("/libro/999");
    expect(renders).toBe(4);

    next = () => new Response("{}", { headers: { "content-type": "application/json", "cache-control": "private" } });
    await get("/api/books");
    await get("/api/books");
    expect(renders).toBe(6);
  });

  it("does not touch private paths, other methods or APIs outside the public catalogue", async () => {
    for (const path of [
      "/admin",
      "/admin/libros",
      "/carrito",
      "/checkout",
      "/caja-rizoma/mi-suscripcion?token=x",
      "/qr/ABC",
      "/newsletter/baja",
      "/api/validate-cart-stock",
      "/api/admin/books",
      "/pagos/sandbox/1",
    ]) {
      const answer = await get(path);
      expect(answer.body.toString(), path).toBe("normal chain");
    }
    expect((await get("/tienda", {}, "POST")).body.toString()).toBe("normal chain");
    expect(renders).toBe(0);
  });

  it("renders once for concurrent misses of the same URL", async () => {
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const answers = Array.from({ length: 8 }, () => get("/caja-rizoma", { "accept-encoding": "br" }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    open();
    const done = await Promise.all(answers);
    expect(renders).toBe(1);
    expect(done.map((answer) => answer.headers["x-cache"]).sort()).toEqual(
      [..."HHHHHHH"]
        .map(() => "HIT")
        .concat("MISS")
        .sort(),
    );
    expect(new Set(done.map(decode))).toEqual(new Set([html(1)]));
  });

  it("does not store a page whose render overlapped a clear (it may hold the old data)", async () => {
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const answer = get("/audiolibros");
    await until(() => renders === 1, "the render to start");
    cache.clear();
    gate = null;
    open();
    expect((await answer).status).toBe(200);
    expect((await get("/audiolibros")).headers["x-cache"]).toBe("MISS");
    expect(renders).toBe(2);
  });

  it("after a stock change serves the stored page while one background render replaces it", async () => {
    await get("/terminos");
    expect(renders).toBe(1);
    cache.markStale();
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    // Every visitor meanwhile gets the stored page at once; only one render runs.
    const meanwhile = await Promise.all(Array.from({ length: 5 }, () => get("/terminos")));
    expect(meanwhile.map((answer) => answer.headers["x-cache"])).toEqual(Array(5).fill("STALE"));
    expect(meanwhile.map(decode)).toEqual(Array(5).fill(html(1)));
    await until(() => renders === 2, "the background render");
    gate = null;
    open();
    await until(() => decodePeek("/terminos") === html(2), "the new page");
    const after = await get("/terminos");
    expect(after.headers["x-cache"]).toBe("HIT");
    expect(decode(after)).toBe(html(2));
    expect(renders).toBe(2);
    // An admin's change (a hard clear) is never served stale.
    cache.clear();
    expect((await get("/terminos")).headers["x-cache"]).toBe("MISS");
  });

  it("renders a page again once it is older than the maximum age", async () => {
    await get("/privacidad");
    clock += 4 * 60_000;
    expect((await get("/privacidad")).headers["x-cache"]).toBe("HIT");
    clock += 2 * 60_000;
    expect((await get("/privacidad")).headers["x-cache"]).toBe("MISS");
  });
});

describe("what the page cache takes", () => {
  it("lists the storefront pages and public catalogue APIs", () => {
    const cached = [
      "/",
      "/_.data",
      "/tienda",
      "/tienda.data",
      "/libro/12",
      "/libro/12.data",
      "/caja-rizoma",
      "/terminos",
      "/sitemap.xml",
      "/robots.txt",
      "/api/books",
      "/api/featured-books",
      "/api/tienda-nube/products",
      "/api/tienda-nube/products/4",
    ];
    const notCached = [
      "/admin",
      "/admin.data",
      "/carrito",
      "/caja-rizoma/suscribirme",
      "/caja-rizoma/mi-suscripcion",
      "/qr/X",
      "/newsletter/baja",
      "/api/validate-cart-stock",
      "/api/caja/stats",
      "/uploads/1.png",
    ];
    expect(cached.filter((path) => !isCacheablePath(path))).toEqual([]);
    expect(notCached.filter(isCacheablePath)).toEqual([]);
  });

  it("negotiates brotli over gzip, honouring q-values and *", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
  });
});
