import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = "br" | "gzip" | "identity";

/**
 * One cached answer: the headers the render gave (minus hop-by-hop and length/encoding ones) and the
 * body in every encoding we serve, compressed once when stored. A future CSP with hashes of the inline
 * scripts (DESIGN §7) travels in `headers`, computed by the render and replayed with every hit; a
 * per-response nonce would instead need `identity` rewritten and re-compressed per hit.
 */
export interface CachedPage {
  headers: [string, string][];
  /** sha256 of the identity body (base64url, shortened): the ETag's stem. */
  hash: string;
  bodies: Record<Encoding, Buffer>;
  /** What the entry weighs in the cache's byte budget (bodies + headers + bookkeeping). */
  bytes: number;
  storedAt: number;
}

/** Brotli at quality 11: the densest, but ~100x slower than level 6 (hundreds of ms on a big page). */
export function densestBrotli(body: Buffer): Promise<Buffer> {
  return brotli(body, brotliParams(body, 11));
}

/** The same entry with another brotli body (the ETag does not change: the content is the same). */
export function withBrotli(page: CachedPage, br: Buffer): CachedPage {
  return { ...page, bodies: { ...page.bodies, br }, bytes: page.bytes - page.bodies.br.length + br.length };
}

/** Per-entry overhead counted on top of the bodies (Map slot, key, object headers). */
const ENTRY_OVERHEAD = 512;

const brotliParams = (body: Buffer, quality: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

/**
 * Builds an entry: hashes the body and makes its brotli and gzip versions (in libuv's thread pool).
 * Fast levels here (a few ms for a 80 KB page), so the visitor who missed does not wait for them;
 * `densestBrotli` then shrinks the brotli body some 10% more in the background.
 */
export async function cachedPage(headers: [string, string][], body: Buffer, now = Date.now()): Promise<CachedPage> {
  const [br, gz] = await Promise.all([brotli(body, brotliParams(body, 6)), gzip(body, { level: 6 })]);
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const headerBytes = headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  return {
    headers,
    hash,
    bodies: { br, gzip: gz, identity: body },
    bytes: body.length + br.length + gz.length + headerBytes + ENTRY_OVERHEAD,
    storedAt: now,
  };
}

/**
 * A least-recently-used map bounded by the total `bytes` of its values (not their count): storing past
 * the budget evicts the entries read longest ago. A value larger than the whole budget is not stored.
 */
export class ByteLru<V extends { bytes: number }> {
  private readonly entries = new Map<string, V>();
  private used = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value`, evicting the least recently used entries to fit; false when it can never fit. */
  set(key: string, value: V): boolean {
    this.delete(key);
    if (value.bytes > this.maxBytes) return false;
    this.entries.set(key, value);
    this.used += value.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= old.bytes;
    }
    return true;
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.used -= value.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  /** The value without making it recently used. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }
}
