import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../app/domain/settings/schema";
import { type AppServer, appEnv, removeDataDir, startApp } from "../support/app-server";

/**
 * Load (issue 11): 200 connections for 60 s on a realistic mix (pages, search, a book, the catalogue
 * APIs, stock validation, newsletter sign-ups, transfer orders) -> 0 errors and 0 non-2xx answers; p50 and
 * p99 (per kind and overall) and the server's memory are reported; memory stays flat after the run.
 *
 * The load comes from a separate process (tests/support/load-mix.mjs, autocannon), neither the server
 * nor vitest. LOAD_SECONDS / LOAD_CONNECTIONS shorten it while developing; the defaults are the issue's.
 * Runs on both databases (PGlite in the server process, or PostgreSQL).
 */
const root = path.resolve(import.meta.dirname, "../..");
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
/** Second, shorter run of the same mix, to see whether memory keeps growing. */
const SECOND_SECONDS = Math.max(5, Math.round(SECONDS / 2));
const SETTLE_MS = 10_000;
/** One visitor per connection: the mix spreads its requests over this many client addresses. */
const VISITORS = CONNECTIONS;
const admin = { email: "carga@rizoma.com.ar", password: "clave-de-prueba-carga" };
const report = (line: string) => console.log(`[load] ${line}`);
let app: AppServer;

interface Summary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}
interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  overall: Summary;
  kinds: Record<string, Summary>;
  statuses: Record<string, number>;
  failures: { kind: string; status: number; body: string }[];
}
interface Mix {
  books: number[];
  orderBooks: number[];
  searches: string[];
}

beforeAll(async () => {
  app = await startApp(
    await appEnv({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The load generator plays many visitors behind one (loopback) load balancer.
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
    }),
  );
}, 180_000);
afterAll(async () => {
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
});

/**
 * The server's memory floor over the settle period: the lowest RSS sampled every half second. One reading
 * lands anywhere in V8's garbage-collection cycle (tens of MB apart); the floor is what stays.
 */
async function settledRssMb(): Promise<number> {
  let floor = rssMb();
  for (let waited = 0; waited < SETTLE_MS; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    floor = Math.min(floor, rssMb());
  }
  return floor;
}

/** Resident memory of the server process, in MB (Linux). */
function rssMb(): number {
  const status = readFileSync(`/proc/${app.process.pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

async function json(pathname: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${app.baseUrl}${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * The shop made ready for the run: the per-address limits of sign-ups and orders raised to their
 * highest setting (the load is not testing them, and each simulated visitor must stay well under them),
 * four books given a large stock for the orders, and the books and search terms the visit uses.
 */
async function prepare(): Promise<Mix> {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const limits = await json("/api/admin/settings/rateLimits", {
    method: "PUT",
    cookie,
    body: { ...DEFAULT_SETTINGS.rateLimits, newsletterPerIpPerHour: 1000, ordersPerIpPerHour: 1000 },
  });
  expect(limits.status).toBe(200);

  const { books } = (await json("/api/books?limit=100")).body as {
    books: { id: number; title: string; author: string; price: number | null; isPreorder: boolean }[];
  };
  const priced = books.filter((book) => book.price !== null && book.price > 0);
  // Pre-orders have their own limit (preorderLimit), which a minute of orders would use up.
  const inStock = priced.filter((book) => !book.isPreorder);
  expect(priced.length).toBeGreaterThan(10);
  const orderBooks: number[] = [];
  for (const book of inStock) {
    if (orderBooks.length === 4) break;
    const saved = await json(`/api/admin/books/${book.id}`, { method: "PUT", cookie, body: { stock: 1_000_000 } });
    expect(saved.status).toBe(200);
    const check = await json("/api/validate-cart-stock", { body: { items: [{ id: book.id, quantity: 5 }] } });
    if ((check.body.results as { valid: boolean }[])[0]?.valid) orderBooks.push(book.id);
  }
  expect(orderBooks).toHaveLength(4);
  const words = priced.flatMap((book) => [book.title.split(/\s+/)[0] ?? "", book.author.split(/\s+/).at(-1) ?? ""]);
  const searches = [...new Set(words.filter((word) => word.length >= 4))].slice(0, 12);
  searches.push("xqzv", "filosofia");
  return { books: priced.map((book) => book.id), orderBooks, searches };
}

/** Runs the mix from its own process and returns what it measured. */
function runLoad(mix: Mix, run: string, connections: number, seconds: number): Promise<LoadResult> {
  const config = { baseUrl: app.baseUrl, connections, seconds, timeoutSeconds: 30, run, visitors: VISITORS, ...mix };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "tests/support/load-mix.mjs"), JSON.stringify(config)], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const killer = setTimeout(() => child.kill("SIGKILL"), (seconds + 120) * 1000);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(killer);
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}:\n${stderr}`));
      try {
        resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? ""));
      } catch {
        reject(new Error(`the load generator printed no result:\n${stdout}\n${stderr}`));
      }
    });
  });
}

function describeRun(name: string, result: LoadResult): void {
  report(
    `${name}: ${result.requests} requests in ${result.seconds} s (${result.rps}/s), ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; ` +
      `overall p50 ${result.overall.p50} ms, p99 ${result.overall.p99} ms, max ${result.overall.max} ms`,
  );
  for (const [kind, summary] of Object.entries(result.kinds))
    report(`  ${kind.padEnd(10)} ${String(summary.count).padStart(6)} × p50 ${summary.p50} ms, p99 ${summary.p99} ms`);
  if (result.failures.length > 0) report(`  first failures: ${JSON.stringify(result.failures)}`);
}

const expectClean = (result: LoadResult, everyKind = true) => {
  expect(result.failures).toEqual([]);
  expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
    errors: 0,
    timeouts: 0,
    non2xx: 0,
  });
  expect(result.requests).toBeGreaterThan(0);
  // Every kind of request was exercised (the short warm-up may not get through a whole visit), 2xx only.
  if (everyKind)
    for (const kind of ["home", "shop", "book", "search", "search-api", "books-api", "stock", "newsletter", "order"])
      expect(result.kinds[kind]?.count ?? 0, kind).toBeGreaterThan(0);
  for (const key of Object.keys(result.statuses)) expect(key).toMatch(/ 20[01]$/);
};

describe("load", () => {
  it(`${CONNECTIONS} connections for ${SECONDS} s on a realistic mix: no errors, memory flat`, async () => {
    const mix = await prepare();
    report(
      `visit per connection (29 requests): home ×3, shop ×4, book ×9, search page ×4, search API ×2, /api/books ×2, stock check ×3, ` +
        `newsletter sign-up (unique e-mail), transfer order (books ${mix.orderBooks.join(", ")}); ` +
        `each connection's first request (a home) reported apart as new-conn; ` +
        `${VISITORS} visitor addresses; ${app.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
    );

    // Warm-up (JIT, connection pools, first renders), so "before" is the server ready for traffic.
    const warm = await runLoad(mix, "warm", 10, 5);
    expectClean(warm, false);
    const before = rssMb();

    const main = await runLoad(mix, "main", CONNECTIONS, SECONDS);
    const rightAfter = rssMb();
    const settled = await settledRssMb();
    describeRun(`main run (${CONNECTIONS} connections, ${SECONDS} s)`, main);
    report(
      `server RSS: before ${before} MB, right after ${rightAfter} MB, lowest over the next ${SETTLE_MS / 1000} s ${settled} MB`,
    );
    expectClean(main);

    // Memory flat: the same mix again, for half as long. A server that keeps something per request (a
    // leak) grows again in proportion to the requests; one whose memory only warmed up (page cache filled
    // to its bound, connection pools, JIT code, V8's heap grown to its working size; on PGlite the WASM
    // memory of the embedded PostgreSQL, which never shrinks) stays where it settled. RSS is noisy even as a
    // floor (V8 and malloc keep freed pages for a while; repeated runs here settled within ±40 MB of each
    // other on PGlite, with no trend), so the criterion is a bound, not equality: the floor after the second
    // run <= the floor after the first + max(64 MB, 10%). Growth per request is reported too: at the default
    // length, a leak of ~6 KB per request (over a second run's ~10k requests) would trip the bound.
    const second = await runLoad(mix, "again", CONNECTIONS, SECOND_SECONDS);
    const afterSecond = rssMb();
    const settledAgain = await settledRssMb();
    describeRun(`second run (${CONNECTIONS} connections, ${SECOND_SECONDS} s)`, second);
    const allowed = Math.max(64, Math.round(settled * 0.1));
    report(
      `server RSS: right after the second run ${afterSecond} MB, lowest over the next ${SETTLE_MS / 1000} s ${settledAgain} MB; ` +
        `growth over the second run ${settledAgain - settled} MB (allowed ${allowed} MB) for ${second.requests} requests ` +
        `(${(((settledAgain - settled) * 1024) / Math.max(1, second.requests)).toFixed(1)} KB per request)`,
    );
    expectClean(second, SECOND_SECONDS >= 20);
    if (settledAgain - settled > allowed) {
      // One floor can sit on a collection that the other missed (V8 gives pages back when it collects, not
      // on a schedule): one PostgreSQL run settled 31 MB under its peak after the first run and 9 MB under
      // it after the second. A leak grows again with the next run's requests; noise does not. So a third
      // run, as long as the second, must stay within the bound of the second's floor.
      const third = await runLoad(mix, "third", CONNECTIONS, SECOND_SECONDS);
      const settledThird = await settledRssMb();
      describeRun(`third run (${CONNECTIONS} connections, ${SECOND_SECONDS} s)`, third);
      report(
        `server RSS: the second run's floor was ${settledAgain - settled} MB over the first's, so a third run: ` +
          `lowest after it ${settledThird} MB, ${settledThird - settledAgain} MB over the second's (allowed ${allowed} MB)`,
      );
      expectClean(third, SECOND_SECONDS >= 20);
      expect(settledThird - settledAgain).toBeLessThanOrEqual(allowed);
    }

    // Still serving normally afterwards.
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
  });
});
