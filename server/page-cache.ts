import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { SESSION_COOKIE_NAMES } from "~/lib/admin-cookie.server";
import { newNonce } from "./csp";
import { ByteLru, type CachedPage, cachedPage, densestBrotli, type Encoding, withBrotli } from "./page-cache-store";

const gzip = promisify(zlib.gzip);

/**
 * Sent with every cached answer. Browsers (`max-age=0`) revalidate each time, which costs a 304 thanks
 * to the ETag, so a visitor sees an admin's edit on the next page view. A CDN in front (`s-maxage=60`)
 * may keep a page a minute and, while refetching, serve it up to five more (`stale-while-revalidate`),
 * which is how long an edit can take to show through a CDN; without one, edits show at once.
 */
export const CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/**
 * A page older than this is rendered again even without a change notice: pages that depend on the date
 * (the box's next shipment, pre-order dates) stay right, and an instance that missed a NOTIFY heals.
 */
export const PAGE_CACHE_MAX_AGE_MS = 5 * 60_000;

/** Storefront pages (and their `.data` for client navigation) and public catalogue APIs, GET only. */
const CACHEABLE_PATHS = [
  /^\/(_\.data)?$/,
  /^\/(tienda|sobre-nosotros|audiolibros|terminos|privacidad|caja-rizoma)(\.data)?$/,
  /^\/libro\/[^/]+$/,
  /^\/(sitemap\.xml|robots\.txt)$/,
  /^\/api\/(books|featured-books)$/,
  /^\/api\/tienda-nube\/products(\/[^/]+)?$/,
];
/** Never cached, whatever the list above grows into: private, per-visitor or state-changing pages. */
const NEVER_CACHED =
  /^\/(admin|api\/admin|api\/cuenta|cuenta|quiero-leer|avisos|checkout|carrito|pagos|caja-rizoma\/mi-suscripcion|qr|newsletter\/baja)([/.]|$)/;

export function isCacheablePath(path: string): boolean {
  return !NEVER_CACHED.test(path) && CACHEABLE_PATHS.some((pattern) => pattern.test(path));
}

/**
 * An admin or customer session (under either name, `__Host-` or not: a stale one costs only a render) or a
 * flash/toast message makes the page personal (a signed-in reader sees "Mi cuenta" and their hearts): such
 * requests skip the cache.
 */
export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => {
    const name = part.split("=")[0]?.trim() ?? "";
    return SESSION_COOKIE_NAMES.includes(name) || /flash|toast/i.test(name);
  });
}

/** The best encoding the client takes (brotli, then gzip, else identity), honouring q-values and `*`. */
function negotiate(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(token, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gz = Math.max(weight("gzip"), weights.get("x-gzip") ?? 0);
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once (a bounded memo). */
const negotiated = new Map<string, Encoding>();
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = negotiate(acceptEncoding);
    if (negotiated.size >= 64) negotiated.clear();
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

const etag = (hash: string, encoding: Encoding) => `"${hash}${encoding === "identity" ? "" : `-${encoding}`}"`;

/** If-None-Match names this content in any encoding (weak comparison, as RFC 9110 asks for it). */
function notModified(header: string | string[] | undefined, hash: string): boolean {
  const ifNoneMatch = Array.isArray(header) ? header.join(",") : header;
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const bare = tag.trim().replace(/^W\//, "").replace(/"/g, "");
    return bare === "*" || bare.replace(/-(br|gzip)$/, "") === hash;
  });
}

/**
 * Headers a stored answer must not replay: lengths and encodings are ours, caching headers too, and what
 * every answer gets from the server (request id, security headers: set per request, never twice).
 */
const DROPPED_HEADERS = new Set([
  "cache-control",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
  "x-request-id",
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
]);

/** Only a plain 200 for everyone is stored: no cookie set, and no `private` asked for by the route. */
function storable(response: globalThis.Response): boolean {
  return (
    response.status === 200 &&
    response.headers.getSetCookie().length === 0 &&
    !/\bprivate\b/i.test(response.headers.get("cache-control") ?? "")
  );
}

type Filled = { kind: "stored"; page: CachedPage } | { kind: "uncached"; response: globalThis.Response; body: Buffer };

export interface PageCacheOptions {
  /** The byte budget of the in-process store (PAGE_CACHE_MB). */
  maxBytes: number;
  maxAgeMs?: number;
  /**
   * Renders the page for everyone: no cookies, no admin, every Suspense boundary resolved (the stored
   * page must be complete without JavaScript, for every visitor and crawler). Every inline script the
   * render writes carries `scriptNonce`, made fresh for this render and never sent in any policy.
   */
  render(req: Request, res: Response, scriptNonce: string): Promise<globalThis.Response>;
  /**
   * The Content-Security-Policy stored with an HTML page: it is served to other requests than the one
   * that rendered it, so it cannot rely on a nonce; it names by hash the inline scripts that carry the
   * render's `scriptNonce`, and only those (server/csp.ts), so a script that got into the HTML any other
   * way stays blocked.
   */
  htmlPolicy?: (html: string, path: string, scriptNonce: string) => string;
  now?: () => number;
}

export interface PageCache {
  middleware: RequestHandler;
  serveHit(req: IncomingMessage, res: ServerResponse, before: (path: string) => string[]): boolean;
  /** Drops every stored page; renders already running are not stored (they may have read old data). */
  clear(): void;
  /**
   * Marks every stored page stale without dropping it: the next request for one is answered with it
   * (`X-Cache: STALE`) while one background render replaces it. For changes a visitor may see a moment
   * late (stock moved by an order), so a stream of orders does not turn every visit into a render.
   */
  markStale(): void;
  readonly store: ByteLru<CachedPage>;
}

/**
 * The page cache: anonymous GET/HEAD of the storefront and the public catalogue APIs are answered from
 * memory, pre-compressed, with ETag/304. Mounted before `compression`, so a cached body is never
 * compressed twice; everything it does not answer goes on down the normal chain.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const store = new ByteLru<CachedPage>(options.maxBytes);
  const maxAge = options.maxAgeMs ?? PAGE_CACHE_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  // One huge answer must not push every other page out.
  const maxEntryBytes = options.maxBytes / 4;
  // Concurrent misses for one URL share a single render.
  const flights = new Map<string, Promise<Filled>>();
  let generation = 0;
  // Pages stored (or whose render started) before the last markStale() are served stale and refreshed.
  let staleness = 0;
  const storedAtStaleness = new WeakMap<CachedPage, number>();
  const isStale = (page: CachedPage) => (storedAtStaleness.get(page) ?? 0) < staleness;

  async function fill(key: string, req: Request, res: Response): Promise<Filled> {
    const started = generation;
    const startedStaleness = staleness;
    const scriptNonce = newNonce();
    const response = await options.render(req, res, scriptNonce);
    const body = Buffer.from(await response.arrayBuffer());
    if (!storable(response)) return { kind: "uncached", response, body };
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      // A route's own public policy (the store endpoints' 5 minutes) is kept; anything else becomes ours.
      // The render's own policy (its nonce) was for one answer; a stored page gets htmlPolicy's below.
      if (name === "content-security-policy" && options.htmlPolicy) return;
      if (name === "cache-control" && /^\s*public\b/i.test(value)) headers.push([name, value]);
      else if (!DROPPED_HEADERS.has(name)) headers.push([name, value]);
    });
    if (options.htmlPolicy) {
      // Every stored answer carries one (a hit may skip the middleware that sets the per-request one); only
      // an HTML page has inline scripts to name.
      const html = /^text\/html\b/i.test(response.headers.get("content-type") ?? "");
      const policy = options.htmlPolicy(html ? body.toString("utf8") : "", req.path, scriptNonce);
      headers.push(["content-security-policy", policy]);
    }
    const page = await cachedPage(headers, body, now());
    storedAtStaleness.set(page, startedStaleness);
    if (generation === started && page.bytes <= maxEntryBytes) {
      store.set(key, page);
      densest(key, page);
    }
    return { kind: "stored", page };
  }

  /**
   * Swaps in the densest brotli body once made, if the page is still the one stored. One page at a time:
   * quality 11 takes hundreds of ms in libuv's thread pool (4 threads), which every miss also needs for its
   * fast brotli and gzip; under a stream of writes (each clearing the cache, so each page stored again)
   * unbounded jobs filled the pool and made visitors wait seconds behind background work. Pages dropped
   * from the cache while waiting are skipped.
   */
  const waitingForDensest = new Map<string, CachedPage>();
  let densestRunning = false;
  function densest(key: string, page: CachedPage) {
    waitingForDensest.set(key, page);
    if (!densestRunning) void densestOneByOne();
  }
  async function densestOneByOne() {
    densestRunning = true;
    try {
      for (const [key, page] of waitingForDensest) {
        waitingForDensest.delete(key);
        if (store.peek(key) !== page) continue;
        try {
          const br = await densestBrotli(page.bodies.identity);
          if (store.peek(key) === page && br.length < page.bodies.br.length) {
            const denser = withBrotli(page, br);
            storedAtStaleness.set(denser, storedAtStaleness.get(page) ?? 0);
            store.set(key, denser);
          }
        } catch {
          // The fast brotli body stays.
        }
      }
    } finally {
      densestRunning = false;
    }
  }

  /**
   * A stored page's own headers for one encoding, as the flat list `writeHead` takes, made once per page
   * and encoding: a hit then sets its headers in one call instead of a dozen `setHeader`s (each validated
   * and stored one by one), which for a small answer cost as much as sending it (issue 23, goal 3).
   */
  const headerLists = new WeakMap<CachedPage, Partial<Record<Encoding, string[]>>>();
  function headerList(page: CachedPage, encoding: Encoding): string[] {
    let lists = headerLists.get(page);
    if (!lists) {
      lists = {};
      headerLists.set(page, lists);
    }
    let list = lists[encoding];
    if (!list) {
      const own = page.headers.find(([name]) => name === "cache-control");
      list = [
        "Cache-Control",
        own ? own[1] : CACHE_CONTROL,
        "Vary",
        "Accept-Encoding",
        "ETag",
        etag(page.hash, encoding),
      ];
      // Before a 304 too: the browser takes a 304's headers for the copy it keeps, and that copy's inline
      // scripts only match the stored Content-Security-Policy, not this request's nonce.
      for (const [name, value] of page.headers) if (name !== "cache-control") list.push(name, value);
      lists[encoding] = list;
    }
    return list;
  }

  /**
   * Plain Node request and response: the same code answers from Express and from `serveHit` below.
   * `extra` holds what every answer carries (request id, security headers) on the fast path; from Express
   * those are already set on `res`, and `writeHead` merges its list over them.
   */
  function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    state: "HIT" | "MISS" | "STALE",
    extra: readonly string[] = [],
  ) {
    const encoding = negotiateEncoding(req.headers["accept-encoding"]);
    const headers = [...extra, ...headerList(page, encoding), "X-Cache", state];
    if (notModified(req.headers["if-none-match"], page.hash)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const body = page.bodies[encoding];
    if (encoding !== "identity") headers.push("Content-Encoding", encoding);
    headers.push("Content-Length", String(body.length));
    res.writeHead(200, headers);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  /**
   * A fresh stored page answered straight from Node's request, before Express: for a hit, Express's
   * routing and middleware would cost more than the answer itself. `before` gives what every answer
   * carries (request id, security headers) as a flat header list. Returns false, having touched nothing,
   * when the request is not such a hit (the normal chain then handles it, cache misses included).
   */
  function serveHit(req: IncomingMessage, res: ServerResponse, before: (path: string) => string[]): boolean {
    const url = req.url ?? "";
    if ((req.method !== "GET" && req.method !== "HEAD") || !url.startsWith("/") || url.includes("%00")) return false;
    // Only cacheable addresses are ever stored (the middleware checks before storing), so a lookup first
    // answers most non-hits at the cost of one Map read.
    const cached = store.peek(url);
    if (!cached || hasPersonalCookie(req.headers.cookie)) return false;
    if (now() - cached.storedAt > maxAge || isStale(cached)) return false;
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (!isCacheablePath(path)) return false;
    store.get(url); // now the most recently used
    send(req, res, cached, "HIT", before(path));
    return true;
  }
  /** The leader's own answer when it may not be stored (404, redirect, a cookie): sent as rendered. */
  async function sendUncached(req: Request, res: Response, { response, body }: Extract<Filled, { kind: "uncached" }>) {
    res.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie" && name !== "content-length" && name !== "content-encoding") res.setHeader(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
    // Bypassing `compression` must not cost the visitor a compressed 404 page.
    const encoding = negotiateEncoding(req.get("accept-encoding"));
    const compress = encoding !== "identity" && body.length > 1024;
    const sent = compress ? await gzip(body) : body;
    if (compress) {
      res.setHeader("Content-Encoding", "gzip");
      res.append("Vary", "Accept-Encoding");
    }
    res.setHeader("Content-Length", sent.length);
    res.end(sent);
  }

  /** Renders `key` once for everyone asking meanwhile (concurrent misses share it). */
  function startFlight(key: string, req: Request, res: Response): Promise<Filled> {
    const started = fill(key, req, res);
    flights.set(key, started);
    void started
      .finally(() => {
        if (flights.get(key) === started) flights.delete(key);
      })
      .catch(() => {});
    return started;
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isCacheablePath(req.path)) return next();
    if (hasPersonalCookie(req.get("cookie"))) {
      // The same URL is public for everyone else: a CDN must not keep this personal copy.
      res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("X-Cache", "BYPASS");
      return next();
    }
    const key = req.originalUrl;
    const cached = store.get(key);
    if (cached && now() - cached.storedAt <= maxAge) {
      if (isStale(cached)) {
        // One render at a time replaces it. A failed one (a render cut off by a busy database, say) leaves
        // the stored page in place, to be tried again by the next visit: dropping it would make every
        // visitor wait for a full render at the worst moment. Its maximum age still applies.
        if (!flights.has(key) && req.method === "GET") startFlight(key, req, res).catch(() => {});
        send(req, res, cached, "STALE");
        return;
      }
      send(req, res, cached, "HIT");
      return;
    }
    if (cached) store.delete(key);
    // A HEAD that misses is answered by the normal chain; only a GET fills the cache.
    if (req.method === "HEAD") return next();

    let flight = flights.get(key);
    const leader = flight === undefined;
    if (!flight) flight = startFlight(key, req, res);
    try {
      const filled = await flight;
      if (filled.kind === "stored") send(req, res, filled.page, leader ? "MISS" : "HIT");
      else if (leader) await sendUncached(req, res, filled);
      else next();
    } catch (error) {
      // The leader reports the failure; the others try again on their own through the normal chain.
      if (leader) next(error);
      else next();
    }
  };

  return {
    middleware,
    serveHit,
    markStale() {
      staleness++;
    },
    clear() {
      generation++;
      store.clear();
      flights.clear();
      waitingForDensest.clear();
    },
    store,
  };
}
