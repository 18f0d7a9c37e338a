import { setTimeout as sleep } from "node:timers/promises";
import { logger } from "~/lib/logger.server";
import type { StoreCatalog } from "./store-catalog";
import { type TiendanubeProduct, tiendanubeProductSchema } from "./types";

/** A request Tienda Nube refused, or that never got an answer after every retry. */
export class TiendanubeError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "TiendanubeError";
  }
}

export interface TiendanubeClientOptions {
  /** e.g. https://api.tiendanube.com/v1 (the store id is appended). */
  apiBase: string;
  storeId: string;
  token: string;
  /** Tienda Nube refuses requests without one (400): "AppName (contact@email)". */
  userAgent: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Retries after the first attempt, for 5xx, timeouts and network errors. */
  maxRetries?: number;
  /** 429s answered with backoff before giving up (a busy bucket is not an error). */
  maxRateLimitWaits?: number;
  /** First backoff step; doubles each retry, with full jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  perPage?: number;
  fetch?: typeof fetch;
}

const MAX_PER_PAGE = 200;

/**
 * The Tienda Nube REST client (no official Node SDK). Every request carries the `Authentication: bearer`
 * header and a User-Agent, has a timeout, is retried with jittered exponential backoff on 5xx / timeouts /
 * network errors, and keeps to the store's leaky bucket: it reads `X-Rate-Limit-*` from every answer and
 * waits before the bucket would overflow; a 429 anyway waits for the bucket to drain and tries again.
 * Requests from one client (full sync, webhook refetches) share that knowledge.
 */
export class TiendanubeClient implements StoreCatalog {
  private readonly base: string;
  private readonly options: Required<Omit<TiendanubeClientOptions, "fetch">> & { fetch: typeof fetch };
  /** No request starts before this time (ms since epoch): the bucket's state as last reported. */
  private notBefore = 0;
  /** Requests go out one at a time, so the bucket reading of one answer guards the next request. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: TiendanubeClientOptions) {
    this.options = {
      timeoutMs: 15_000,
      maxRetries: 4,
      maxRateLimitWaits: 10,
      retryBaseMs: 500,
      retryMaxMs: 30_000,
      perPage: MAX_PER_PAGE,
      fetch: globalThis.fetch,
      ...options,
    };
    this.options.perPage = Math.min(Math.max(1, this.options.perPage), MAX_PER_PAGE);
    this.base = `${options.apiBase.replace(/\/+$/, "")}/${options.storeId}`;
  }

  async listProducts(options: Parameters<StoreCatalog["listProducts"]>[0] = {}): Promise<TiendanubeProduct[]> {
    const query = new URLSearchParams({ page: "1", per_page: String(this.options.perPage) });
    if (options.updatedSince) query.set("updated_at_min", options.updatedSince);
    let url: string | null = `${this.base}/products?${query}`;
    const all: TiendanubeProduct[] = [];
    const seen = new Set<string>();
    while (url) {
      if (seen.has(url)) throw new TiendanubeError("Tienda Nube repitió una página de productos", null);
      seen.add(url);
      const response = await this.request(url, { allowNotFound: true });
      // A page past the end may answer 404 "Last page is 0" (an empty store, or an empty filter).
      if (response.status === 404) break;
      const products = parseProducts(response.body);
      all.push(...products);
      const total = Number.parseInt(response.headers.get("x-total-count") ?? "", 10);
      await options.onPage?.({ products, total: Number.isFinite(total) ? total : null });
      url = products.length > 0 ? nextLink(response.headers.get("link"), this.base) : null;
    }
    return all;
  }

  async getProduct(id: string): Promise<TiendanubeProduct | null> {
    if (!/^\d+$/.test(id)) return null;
    const response = await this.request(`${this.base}/products/${id}`, { allowNotFound: true });
    if (response.status === 404) return null;
    return tiendanubeProductSchema.parse(response.body);
  }

  /** One GET, serialised behind the others, with rate limiting, timeouts and retries. */
  private request(url: string, { allowNotFound = false } = {}): Promise<Answer> {
    const run = this.queue.then(() => this.attempt(url, allowNotFound));
    this.queue = run.catch(() => {});
    return run;
  }

  private async attempt(url: string, allowNotFound: boolean): Promise<Answer> {
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      const wait = this.notBefore - Date.now();
      if (wait > 0) await sleep(wait);
      let response: Response;
      try {
        response = await this.options.fetch(url, {
          headers: {
            Authentication: `bearer ${this.options.token}`,
            "User-Agent": this.options.userAgent,
            Accept: "application/json",
          },
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error)?.name === "TimeoutError";
        failures++;
        if (failures > this.options.maxRetries) {
          throw new TiendanubeError(
            timedOut ? "Tienda Nube no respondió a tiempo" : "No se pudo conectar con Tienda Nube",
            null,
          );
        }
        logger.warn({ url, attempt: failures, timedOut }, "tiendanube request failed, retrying");
        await sleep(this.backoff(failures));
        continue;
      }
      this.readBucket(response.headers);
      if (response.status === 429) {
        await response.body?.cancel();
        rateLimited++;
        if (rateLimited > this.options.maxRateLimitWaits) {
          throw new TiendanubeError("Tienda Nube sigue limitando las consultas (429)", 429);
        }
        // Wait as long as the store says: Retry-After (seconds) when sent, else the bucket's reset (ms).
        const retryAfter = Number(response.headers.get("retry-after")) * 1000;
        const reset = Number(response.headers.get("x-rate-limit-reset"));
        const said = Math.max(Number.isFinite(retryAfter) ? retryAfter : 0, Number.isFinite(reset) ? reset : 0);
        const drain = said > 0 ? Math.min(said, this.options.retryMaxMs) : this.backoff(rateLimited);
        this.notBefore = Math.max(this.notBefore, Date.now() + drain + jitter(this.options.retryBaseMs));
        continue;
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        failures++;
        if (failures > this.options.maxRetries) {
          throw new TiendanubeError(`Tienda Nube respondió ${response.status}`, response.status);
        }
        logger.warn({ url, status: response.status, attempt: failures }, "tiendanube 5xx, retrying");
        await sleep(this.backoff(failures));
        continue;
      }
      const body = await readBody(response);
      if (response.ok || (allowNotFound && response.status === 404)) {
        return { status: response.status, headers: response.headers, body };
      }
      throw new TiendanubeError(errorMessage(response.status, body), response.status, body);
    }
  }

  /**
   * Leaky bucket: `Remaining` slots left, `Reset` ms until the bucket is empty. With one slot left, the
   * next request waits for one request's worth of draining (Reset / used), so we never hit the 429.
   */
  private readBucket(headers: Headers) {
    const limit = Number(headers.get("x-rate-limit-limit"));
    const remaining = Number(headers.get("x-rate-limit-remaining"));
    const reset = Number(headers.get("x-rate-limit-reset"));
    if (![limit, remaining, reset].every(Number.isFinite) || headers.get("x-rate-limit-remaining") === null) return;
    if (remaining > 1) return;
    const used = Math.max(1, limit - remaining);
    this.notBefore = Math.max(this.notBefore, Date.now() + Math.ceil(reset / used));
  }

  /** Exponential backoff with full jitter: a random wait up to base * 2^(n-1), capped. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + jitter(ceiling / 2));
  }
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

const jitter = (ms: number) => Math.random() * ms;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function parseProducts(body: unknown): TiendanubeProduct[] {
  if (!Array.isArray(body)) throw new TiendanubeError("Tienda Nube devolvió una lista de productos inválida", null);
  return body.map((item) => tiendanubeProductSchema.parse(item));
}

/** The `rel="next"` URL of a Link header, only when it points into this store's API. */
export function nextLink(header: string | null, base: string): string | null {
  if (!header) return null;
  for (const part of header.split(",")) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (match?.[2]?.split(/\s+/).includes("next") && match[1]) {
      const url = new URL(match[1], base);
      return url.href.startsWith(`${new URL(base).origin}`) ? url.href : null;
    }
  }
  return null;
}

function errorMessage(status: number, body: unknown): string {
  if (status === 401) return "Tienda Nube rechazó el token de acceso (401)";
  if (status === 402) return "La tienda de Tienda Nube está suspendida (402)";
  const detail =
    body && typeof body === "object"
      ? ((body as { description?: unknown; message?: unknown; error?: unknown }).description ??
        (body as { message?: unknown }).message ??
        (body as { error?: unknown }).error ??
        JSON.stringify(body))
      : body;
  return `Tienda Nube respondió ${status}${detail ? `: ${String(detail).slice(0, 200)}` : ""}`;
}
