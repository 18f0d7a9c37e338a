import { CarrierRejected, CarrierUnavailable } from "./errors";
import type { CarrierId } from "./types";

/**
 * The one HTTP path of both carrier clients (decision 0033): a timeout per attempt, JSON in and out (or the
 * bytes of a PDF), and retries where a retry cannot do harm.
 *
 * - Reads (and quotes, which are POSTs that create nothing) are retried on network errors, timeouts, 5xx and
 *   429, at most twice, backing off 200 ms → 400 ms, or as long as Retry-After says (capped at 5 s).
 * - A call that CREATES something (`creates: true`) is retried only when the carrier cannot have acted on it:
 *   a 429 (refused before any work) and a refused connection (nothing was sent). After a timeout, a reset or
 *   a 5xx the parcel may exist already, and a second attempt could make two: the caller gets
 *   CarrierUnavailable and a person looks before trying again.
 * - Any other 4xx is CarrierRejected with the carrier's own message; a 401 too (the clients log in again
 *   once, see `tokenCache`).
 */

export const CARRIER_NAMES: Record<CarrierId, string> = {
  correo_argentino: "Correo Argentino",
  andreani: "Andreani",
};

export interface CarrierHttp {
  carrier: CarrierId;
  timeoutMs: number;
  /** First backoff step (tests shorten it); doubled at each retry. */
  retryBaseMs?: number;
}

export interface CarrierCall {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** The call makes a shipment: see the module comment for what is never retried. */
  creates?: boolean;
  /** "pdf": the answer's bytes; "json" (default): parsed JSON, null for an empty body. */
  expect?: "json" | "pdf";
  /** Statuses that mean "not yet" for this call (a label still being drawn), retried like a 5xx. */
  retryStatuses?: number[];
}

export interface CarrierAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

const MAX_RETRIES = 2;
const MAX_WAIT_MS = 5_000;

/** Retry-After in seconds or as an HTTP date → ms to wait (capped), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(Number(text) * 1000, MAX_WAIT_MS);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - now, 0), MAX_WAIT_MS);
}

/** A connection refused: nothing reached the carrier, so even a creation may be tried again. */
function refusedBeforeSending(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === "ECONNREFUSED";
}

/** The carrier's words from an error body: MiCorreo's {code, message}, Andreani's ProblemDetails, plain text. */
export function carrierMessage(body: unknown): string | null {
  if (typeof body === "string") return body.trim().slice(0, 300) || null;
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  for (const key of ["message", "detail", "error", "title", "mensaje"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value.trim().slice(0, 300);
  }
  if (Array.isArray(record.errors)) {
    const first = record.errors.find((item) => item && typeof item === "object") as Record<string, unknown> | undefined;
    const text = first?.message ?? first?.detail;
    if (typeof text === "string" && text.trim()) return text.trim().slice(0, 300);
  }
  return null;
}

async function readBody(response: Response, expect: "json" | "pdf"): Promise<unknown> {
  if (expect === "pdf" && response.ok) return new Uint8Array(await response.arrayBuffer());
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** After a creation that may have arrived, the admin must look before trying again. */
function unavailable(name: string, problem: string, call: CarrierCall): string {
  const text = `${name} ${problem}`;
  return call.creates
    ? `${text}: el envío pudo haberse creado igual; revisalo en el panel de ${name} antes de volver a intentar`
    : text;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function carrierFetch<T = unknown>(http: CarrierHttp, call: CarrierCall): Promise<CarrierAnswer<T>> {
  const name = CARRIER_NAMES[http.carrier];
  const base = http.retryBaseMs ?? 200;
  const expect = call.expect ?? "json";
  let lastProblem = "";
  for (let attempt = 0; ; attempt++) {
    const canRetry = attempt < MAX_RETRIES;
    const backoff = base * 2 ** attempt;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), http.timeoutMs);
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(call.url, {
        method: call.method,
        headers: {
          Accept: expect === "pdf" ? "application/pdf, application/json" : "application/json",
          ...(call.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...call.headers,
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: controller.signal,
      });
      body = await readBody(response, expect);
    } catch (error) {
      clearTimeout(timer);
      const timedOut = controller.signal.aborted;
      lastProblem = timedOut ? `no respondió en ${http.timeoutMs} ms` : "no se pudo conectar";
      const retryable = call.creates ? !timedOut && refusedBeforeSending(error) : true;
      if (retryable && canRetry) {
        await sleep(backoff);
        continue;
      }
      throw new CarrierUnavailable(http.carrier, unavailable(name, lastProblem, call), { cause: error });
    }
    clearTimeout(timer);
    const { status } = response;
    if (response.ok) return { status, headers: response.headers, body: body as T };
    if (status === 429) {
      lastProblem = "pidió esperar (demasiadas consultas)";
      if (canRetry) {
        await sleep(retryAfterMs(response.headers.get("retry-after")) ?? backoff);
        continue;
      }
      throw new CarrierUnavailable(http.carrier, `${name} ${lastProblem}`);
    }
    const notYet = call.retryStatuses?.includes(status) ?? false;
    if (status >= 500 || notYet) {
      lastProblem = `respondió con un error (HTTP ${status})`;
      if (!call.creates && canRetry) {
        await sleep(retryAfterMs(response.headers.get("retry-after")) ?? backoff);
        continue;
      }
      if (notYet && status < 500) {
        throw new CarrierRejected(http.carrier, status, carrierMessage(body) ?? `${name} ${lastProblem}`);
      }
      throw new CarrierUnavailable(http.carrier, unavailable(name, lastProblem, call));
    }
    throw new CarrierRejected(
      http.carrier,
      status,
      carrierMessage(body) ?? `${name} rechazó el pedido (HTTP ${status})`,
    );
  }
}

/**
 * A login token kept in memory until shortly before it expires. Concurrent callers share one pending
 * login; `withToken` runs a call and, when the carrier answers 401 (the token expired early or was
 * revoked), forgets that token, logs in once more and repeats the call once.
 */
export interface TokenCache {
  get(): Promise<string>;
  forget(token: string): void;
}

export interface IssuedToken {
  token: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** Renew this long before the carrier's expiry (or at half the lifetime of a short-lived token). */
const RENEW_MARGIN_MS = 5 * 60_000;

export function tokenCache(login: () => Promise<IssuedToken>, now: () => number = Date.now): TokenCache {
  let current: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;
  return {
    get() {
      if (current && now() < current.renewAt) return Promise.resolve(current.token);
      if (!pending) {
        const issuedAt = now();
        pending = login()
          .then((issued) => {
            const lifetime = Math.max(issued.expiresAt - issuedAt, 0);
            current = { token: issued.token, renewAt: issuedAt + Math.max(lifetime - RENEW_MARGIN_MS, lifetime / 2) };
            return issued.token;
          })
          .finally(() => {
            pending = null;
          });
      }
      return pending;
    },
    forget(token) {
      if (current?.token === token) current = null;
    },
  };
}

export async function withToken<T>(tokens: TokenCache, call: (token: string) => Promise<T>): Promise<T> {
  const token = await tokens.get();
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof CarrierRejected) || error.status !== 401) throw error;
    tokens.forget(token);
    return call(await tokens.get());
  }
}
