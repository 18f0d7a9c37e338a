/**
 * npm run bench [-- --quick] : builds if needed, seeds a fresh embedded database, starts the app
 * (`node server.js`, production, loopback) and measures it from separate processes. Prints markdown tables
 * and writes bench/results.json. See bench/README.md for what each figure means.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createDatabase, startTempPostgres, type TempPostgres } from "../tests/support/postgres-server";
import {
  type Database,
  type DocumentBytesRow,
  databaseLabel,
  documentBytesSection,
  evaluateTargets,
  type FirstLoadRow,
  formatReport,
  type LatencySummary,
  type LighthouseRow,
  type LoadResult,
  type Machine,
  type Measurements,
  meanOfRuns,
  parseDatabases,
  replayHeaders,
  type ScaleRow,
  SHOP_SEARCHES,
  summarizeLatencies,
  type ThroughputRow,
} from "./lib";

const root = path.resolve(import.meta.dirname, "..");
const { values: options } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    duration: { type: "string" },
    connections: { type: "string" },
    sizes: { type: "string" },
    databases: { type: "string" },
    "no-lighthouse": { type: "boolean", default: false },
    "bytes-only": { type: "boolean", default: false },
  },
});
const quick = options.quick ?? false;
let databases: Database[];
try {
  databases = parseDatabases(options.databases ?? "pglite,postgres");
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const settings = {
  quick,
  /** Seconds of autocannon load per URL and mode. */
  duration: Number(options.duration ?? (quick ? 3 : 10)),
  connections: Number(options.connections ?? 10),
  /** Seconds of one-at-a-time requests per latency figure (search, shop page) at each size. */
  latencySeconds: quick ? 2 : 8,
  sizes: (options.sizes ?? (quick ? "1000" : "1000,10000,100000")).split(",").map(Number),
  lighthouse: !options["no-lighthouse"],
  /** Each is seeded and measured in turn; the cached runs (which never touch it) happen on the first only. */
  databases,
  /** What a browser sends: pages and APIs come back compressed, as they would to a visitor. */
  acceptEncoding: "br, gzip",
  searchTerm: "memoria",
};
if (![settings.duration, settings.connections, ...settings.sizes].every((n) => Number.isInteger(n) && n > 0)) {
  console.error("--duration, --connections and --sizes take positive whole numbers (--sizes 1000,10000)");
  process.exit(2);
}
/** Rotated through in the scale runs so every request searches (words from the synthetic catalogue). */
const SEARCH_TERMS = ["memoria", "biblioteca", "quiroga", "frontera", "lucia", "isla", "sombra secreta", "invierno"];
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const startedAt = Date.now();
const log = (message: string) =>
  console.error(`[bench ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${message}`);

// ---------------------------------------------------------------- child processes: none left behind

const children = new Set<ChildProcess>();
const workDir = mkdtempSync(path.join(os.tmpdir(), "rizoma-bench-"));

/** Every child runs in its own process group (detached), so killing the group also ends its own children. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function cleanUp() {
  for (const child of children) killGroup(child, "SIGKILL");
  rmSync(workDir, { recursive: true, force: true });
}
process.on("exit", cleanUp);
/** Set on SIGINT/SIGTERM: no new process starts, and the handler (not main) decides when to exit. */
let stopping = false;
const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  // `on`, not `once`: a second signal (tsx relays the terminal's SIGINT again) must not end the process early.
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping every process the bench started`);
    const exits = Promise.all([...children].map(exitOf));
    const within = (ms: number) => Promise.race([exits, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
    for (const child of children) killGroup(child, "SIGTERM");
    // A few seconds to stop cleanly, then SIGKILL; the work directory goes only once nothing writes to it.
    void within(5_000)
      .then(() => {
        for (const child of children) killGroup(child, "SIGKILL");
        return within(5_000);
      })
      // The app is gone; now the temporary PostgreSQL (its postmaster is in its own session, so the
      // terminal's Ctrl-C never reached it). startTempPostgres's own exit hook is the last resort.
      .then(() => stopPostgres())
      .then(() => process.exit(130));
  });
}

/** The temporary PostgreSQL server while one runs; stopped (and its files removed) on every way out. */
let postgres: TempPostgres | null = null;
let postgresStopped: Promise<void> | null = null;

/**
 * Stops the temporary PostgreSQL. Main's cleanup and the signal handler may both call it: the second caller
 * waits on the same stop, so the process never exits while `pg_ctl stop` is still running.
 */
function stopPostgres(): Promise<void> {
  const server = postgres;
  if (server) {
    postgres = null;
    postgresStopped = server.stop().then(
      () => log("PostgreSQL stopped"),
      (error: unknown) => log(`stopping PostgreSQL failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  return postgresStopped ?? Promise.resolve();
}

function startChild(command: string, args: string[], env: Record<string, string | undefined> = {}): ChildProcess {
  if (stopping) throw new Error("stopping");
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Runs a node script to the end and returns its stdout; stderr goes to ours when `echo`. */
function runNode(
  script: string,
  args: string[],
  {
    env = {},
    timeoutMs,
    echo = false,
  }: { env?: Record<string, string | undefined>; timeoutMs: number; echo?: boolean },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = startChild(process.execPath, [script, ...args], env);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
      if (echo) process.stderr.write(chunk);
    });
    const timer = setTimeout(() => {
      killGroup(child, "SIGKILL");
      reject(new Error(`${path.basename(script)} took more than ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(script)} exited with ${code}:\n${stderr.slice(-2000)}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitFor(url: string, child: ChildProcess, seconds: number, output: () => string) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in ${seconds} s\n${output()}`);
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = exitOf(child);
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- the databases, the app, the seed, the bare server

/** How the seed and the app reach one database: environment variables on top of the common ones. */
interface DatabaseUnderTest {
  database: Database;
  env: Record<string, string | undefined>;
}

/** MALLOC_ARENA_MAX as `npm start` sets it (docs/decisions/0056-memory.md), unless the caller's environment has one. */
const commonEnv = { NODE_ENV: "production", LOG_LEVEL: "warn", MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" };

/**
 * PGlite: a fresh embedded database in the work directory, never a DATABASE_URL from the environment.
 * PostgreSQL: a temporary server (startTempPostgres: initdb as an unprivileged user when run as root,
 * crash-safe settings as in production) with a database `rizoma_bench`. Each gets its own DATA_DIR, so
 * uploads and the image cache start empty on both.
 */
async function openDatabase(database: Database): Promise<DatabaseUnderTest> {
  const dataDir = path.join(workDir, `data-${database}`);
  if (database === "pglite") return { database, env: { ...commonEnv, DATA_DIR: dataDir, DATABASE_URL: undefined } };
  if (stopping) throw new Error("stopping");
  const started = Date.now();
  postgres = await startTempPostgres({ durable: true });
  const url = await createDatabase(postgres.url, "rizoma_bench");
  log(`PostgreSQL started on port ${postgres.port} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { database, env: { ...commonEnv, DATA_DIR: dataDir, DATABASE_URL: url } };
}

async function closeDatabase(target: DatabaseUnderTest) {
  if (target.database === "postgres") await stopPostgres();
}

interface RunningApp {
  baseUrl: string;
  child: ChildProcess;
}

async function startApp(target: DatabaseUnderTest, pageCache: "on" | "off"): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startChild(process.execPath, ["server.js"], {
    ...target.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    PAGE_CACHE: pageCache,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await waitFor(`${baseUrl}/healthz`, child, 120, () => output);
  log(`app started on ${databaseLabel[target.database]} (PAGE_CACHE=${pageCache}, pid ${child.pid}) at ${baseUrl}`);
  return { baseUrl, child };
}

/** How long the bench leaves the app without requests before reading its RSS at rest. */
const IDLE_WAIT_MS = 10_000;

/** VmRSS and VmHWM (peak) of a process, in MB. */
/** The process's CPU time so far (user + system) in ms, from /proc (clock ticks of 10 ms on Linux). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, peakRssMb: kb("VmHWM") / 1024 };
}

/**
 * npm run db:seed -- --books N. On PGlite with the server stopped (the embedded database has one owner);
 * the bench does the same on PostgreSQL so both are seeded alike.
 */
async function seed(target: DatabaseUnderTest, books: number): Promise<{ totalBooks: number; seconds: number }> {
  const started = Date.now();
  const out = await runNode(
    path.join(root, "node_modules/tsx/dist/cli.mjs"),
    ["scripts/db-seed.ts", "--books", String(books)],
    {
      env: target.env,
      timeoutMs: 15 * 60_000,
    },
  );
  const total = Number(/Libros en la base: (\d+)/.exec(out)?.[1] ?? Number.NaN);
  log(
    `${databaseLabel[target.database]}: seeded ${books} synthetic books in ${((Date.now() - started) / 1000).toFixed(1)} s: ${total} books`,
  );
  return { totalBooks: total, seconds: (Date.now() - started) / 1000 };
}

interface Captured {
  /** Every response header as received (lower-case names). */
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** One GET with the benchmark's headers, body as sent (not decompressed). */
function capture(url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": settings.acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          if (response.statusCode !== 200) {
            reject(new Error(`${url}: HTTP ${response.statusCode}`));
            return;
          }
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = value;
          resolve({ headers, body: Buffer.concat(chunks) });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

async function throughput(url: string): Promise<LoadResult> {
  // Warm-up (fills caches, JIT): 20 requests, or fewer if they take more than 3 s.
  const warmUntil = Date.now() + 3000;
  for (let i = 0; i < 20 && Date.now() < warmUntil; i++) await capture(url).catch(() => undefined);
  const out = await runNode(
    path.join(root, "bench/load-worker.mjs"),
    [
      JSON.stringify({
        mode: "throughput",
        url,
        connections: settings.connections,
        duration: settings.duration,
        headers: { "accept-encoding": settings.acceptEncoding },
      }),
    ],
    { timeoutMs: (settings.duration + 60) * 1000 },
  );
  return JSON.parse(out) as LoadResult;
}

async function latency(urls: string[]): Promise<LatencySummary> {
  const out = await runNode(
    path.join(root, "bench/load-worker.mjs"),
    [
      JSON.stringify({
        mode: "latency",
        urls,
        seconds: settings.latencySeconds,
        minRequests: 20,
        maxRequests: 5000,
        maxSeconds: Math.max(60, settings.latencySeconds),
        headers: { "accept-encoding": settings.acceptEncoding },
      }),
    ],
    { timeoutMs: (Math.max(60, settings.latencySeconds) + 90) * 1000 },
  );
  const { samples, errors, non2xx } = JSON.parse(out) as { samples: number[]; errors: number; non2xx: number };
  return summarizeLatencies(samples, errors, non2xx);
}

/** The bare server, answering each path with the captured answer's body and every header worth replaying. */
async function startBareServer(responses: Record<string, Captured>): Promise<{ baseUrl: string; child: ChildProcess }> {
  const file = path.join(workDir, "bare-responses.json");
  writeFileSync(
    file,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(responses).map(([p, r]) => [
          p,
          { headers: replayHeaders(r.headers), body: r.body.toString("base64") },
        ]),
      ),
    ),
  );
  const port = await freePort();
  const child = startChild(process.execPath, [path.join(root, "bench/bare-server.mjs"), file, String(port)]);
  const baseUrl = `http://127.0.0.1:${port}`;
  const firstPath = Object.keys(responses)[0] ?? "/";
  await waitFor(`${baseUrl}${firstPath}`, child, 30, () => "");
  log(`bare server started (pid ${child.pid}) at ${baseUrl}`);
  return { baseUrl, child };
}

async function lighthouse(baseUrl: string, paths: string[]): Promise<LighthouseRow[]> {
  const failed = (error: string) =>
    paths.map((p) => ({
      path: p,
      performance: null,
      accessibility: null,
      bestPractices: null,
      seo: null,
      fcpMs: null,
      lcpMs: null,
      unusedJsBytes: null,
      cls: null,
      tbtMs: null,
      error,
    }));
  if (!existsSync(CHROMIUM)) return failed(`no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  const port = await freePort();
  const chromium = startChild(CHROMIUM, [
    ...CHROMIUM_FLAGS,
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${path.join(workDir, "chromium-profile")}`,
    "about:blank",
  ]);
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, chromium, 60, () => "");
    const out = await runNode(
      path.join(root, "bench/lighthouse-worker.mjs"),
      [String(port), ...paths.map((p) => `${baseUrl}${p}`)],
      { timeoutMs: paths.length * 180_000 },
    );
    const rows = JSON.parse(out) as (Omit<LighthouseRow, "path"> & { url: string })[];
    return rows.map(({ url, ...row }) => ({ path: url.slice(baseUrl.length), ...row }));
  } catch (error) {
    return failed(error instanceof Error ? (error.message.split("\n")[0] ?? "failed") : String(error));
  } finally {
    await stopChild(chromium);
  }
}

/** Issue 36 goal 2: the first document of each page, as scripts/page-bytes.mjs measures it. */
async function documentBytes(baseUrl: string, paths: string[]): Promise<DocumentBytesRow[]> {
  const module = await import(pathToFileURL(path.join(root, "scripts/page-bytes.mjs")).href);
  const rows = (await module.measurePageBytes(baseUrl, paths)) as {
    path: string;
    bytes: number;
    gzipBytes: number;
    brotliBytes: number;
    parts: { inlineStyle: number; hydrationData: number };
    stylesheets: { brotliBytes: number }[];
  }[];
  return rows.map((row) => ({
    path: row.path,
    bytes: row.bytes,
    gzipBytes: row.gzipBytes,
    brotliBytes: row.brotliBytes,
    inlineStyleBytes: row.parts.inlineStyle,
    hydrationBytes: row.parts.hydrationData,
    stylesheetBrotliBytes: row.stylesheets.reduce((sum, sheet) => sum + sheet.brotliBytes, 0),
  }));
}

async function firstLoadJs(baseUrl: string, paths: string[]): Promise<FirstLoadRow[]> {
  const module = await import(pathToFileURL(path.join(root, "scripts/first-load-js.mjs")).href);
  const rows = (await module.measureFirstLoadJs(baseUrl, paths)) as FirstLoadRow[];
  return rows.map(({ path: p, scripts, totalGzipBytes }) => ({
    path: p,
    scripts: Array.isArray(scripts) ? scripts.length : scripts,
    totalGzipBytes,
  }));
}

function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

/** Problems of the run (a phase that failed): recorded, printed, and the run goes on. */
const problems: string[] = [];

async function attempt<T>(what: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (stopping) throw error;
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    problems.push(`${what}: ${message}`);
    log(`FAILED ${what}: ${message}`);
    return null;
  }
}

const notMeasured = () => summarizeLatencies([], 0, 0);

type BenchUrl = Pick<ThroughputRow, "name" | "path" | "kind">;

/**
 * The throughput URL list, found on the first database measured and requested unchanged on the others, so
 * every database answers the same paths (both are seeded alike, demo then synthetic, so the ids match; a
 * path one of them lacks shows as non-2xx).
 */
let benchUrls: BenchUrl[] | null = null;

async function booksOf(app: RunningApp): Promise<{ id: number; coverUrl: string }[]> {
  const response = await fetch(`${app.baseUrl}/api/books?limit=100`);
  if (!response.ok) throw new Error(`/api/books: HTTP ${response.status}`);
  return ((await response.json()) as { books: { id: number; coverUrl: string }[] }).books;
}

function urlsFor(books: { id: number; coverUrl: string }[]): BenchUrl[] {
  const newest = books[0];
  const coverPath = (newest?.coverUrl ?? "/images/default-book-cover.svg")
    .replace(/^\/+/, "")
    .split("/")
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
    .join("/");
  return [
    { name: "home", path: "/", kind: "page" },
    { name: "shop", path: "/tienda", kind: "page" },
    { name: "shop search", path: `/tienda?search=${settings.searchTerm}`, kind: "page" },
    { name: "book page", path: `/libro/${newest?.id ?? 0}`, kind: "page" },
    { name: "books API", path: "/api/books", kind: "api" },
    { name: "header search API", path: `/api/tienda-nube/products?search=${settings.searchTerm}&limit=5`, kind: "api" },
    { name: "cover (optimised)", path: `/api/images/optimize/${coverPath}?f=webp&q=85&w=320`, kind: "image" },
  ];
}

/** Eight book ids spread over the first page of /api/books, so the book-page latency is not one row. */
function spreadIds(books: { id: number }[], count = 8): number[] {
  if (books.length <= count) return books.map((book) => book.id);
  return Array.from({ length: count }, (_, i) => books[Math.floor((i * books.length) / count)]?.id ?? 0);
}

/**
 * Issue 23's "a miss is cheap" at one catalogue size: p50/p95 one request at a time with the page cache off
 * for `/`, `/tienda`, book pages and the header search, then the app's RSS; on the smallest size `more`
 * runs the throughput phases on the same app.
 */
async function measureCatalogue(
  measurements: Measurements,
  target: DatabaseUnderTest,
  size: number,
  seeded: { totalBooks: number; seconds: number },
  more: ((app: RunningApp) => Promise<void>) | null,
) {
  const label = databaseLabel[target.database];
  const app = await startApp(target, "off");
  try {
    const ids = spreadIds(await booksOf(app));
    const plans: [keyof Pick<ScaleRow, "home" | "shop" | "book" | "search">, string[]][] = [
      ["home", [`${app.baseUrl}/`]],
      ["shop", [`${app.baseUrl}/tienda`]],
      ["book", ids.map((id) => `${app.baseUrl}/libro/${id}`)],
      [
        "search",
        SEARCH_TERMS.map(
          (term) => `${app.baseUrl}/api/tienda-nube/products?search=${encodeURIComponent(term)}&limit=5`,
        ),
      ],
    ];
    log(`${label}, ${seeded.totalBooks} books: miss latency of /, /tienda, ${ids.length} book pages and search`);
    const summaries: Partial<Record<(typeof plans)[number][0], LatencySummary>> = {};
    let pageCpuMs = 0;
    for (const [key, urls] of plans) {
      const cpuBefore = cpuMsOf(app.child.pid as number);
      summaries[key] = (await attempt(`${label} ${key} latency at ${size}`, () => latency(urls))) ?? notMeasured();
      if (key !== "search") pageCpuMs += cpuMsOf(app.child.pid as number) - cpuBefore;
    }
    // The server's own CPU per content page (issue 36 goal 3), over the one-at-a-time /, /tienda and book pages.
    const pages = (summaries.home?.n ?? 0) + (summaries.shop?.n ?? 0) + (summaries.book?.n ?? 0);
    const cpuMsPerPage = pages > 0 ? pageCpuMs / pages : undefined;
    // The shop page's own searches, the worst misses at scale (issue 36 goal 3).
    const shopSearches: Partial<Record<(typeof SHOP_SEARCHES)[number][0], LatencySummary>> = {};
    for (const [key, path] of SHOP_SEARCHES) {
      const url = `${app.baseUrl}${path.replace(" ", "%20")}`;
      shopSearches[key] = (await attempt(`${label} ${path} latency at ${size}`, () => latency([url]))) ?? notMeasured();
    }
    // After the latency runs, as issue 23 asks: what the app holds once it has served every kind of page.
    const memory = memoryOf(app.child.pid as number);
    const row: ScaleRow = {
      database: target.database,
      books: size,
      totalBooks: seeded.totalBooks,
      seedSeconds: seeded.seconds,
      home: summaries.home ?? notMeasured(),
      shop: summaries.shop ?? notMeasured(),
      book: summaries.book ?? notMeasured(),
      search: summaries.search ?? notMeasured(),
      ...shopSearches,
      cpuMsPerPage,
      ...memory,
    };
    measurements.scale.push(row);
    log(
      `${label}: p50 / ${row.home.p50.toFixed(1)}, /tienda ${row.shop.p50.toFixed(1)}, /libro ${row.book.p50.toFixed(1)}, search ${row.search.p50.toFixed(1)}, /tienda?search= ${row.shopSearch?.p50.toFixed(1)} and ${row.authorSearch?.p50.toFixed(1)} ms; CPU ${cpuMsPerPage?.toFixed(1)} ms per page; RSS ${memory.rssMb.toFixed(0)} MB`,
    );
    if (more) await more(app);
  } finally {
    await stopChild(app.child);
  }
}

/** Uncached throughput of the URL list on this database's app (PAGE_CACHE=off). */
async function measureUncached(measurements: Measurements, database: Database, app: RunningApp) {
  if (!benchUrls) {
    benchUrls = urlsFor(await booksOf(app));
    for (const url of benchUrls)
      measurements.throughput.push({
        ...url,
        contentType: "",
        contentEncoding: null,
        bytes: 0,
        replayedHeaders: {},
        uncached: {},
        cached: null,
        bare: null,
        cachedRuns: [],
        bareRuns: [],
      });
  }
  for (const row of measurements.throughput) {
    log(`${databaseLabel[database]}: uncached ${row.path}`);
    row.uncached[database] = await attempt(`${databaseLabel[database]} uncached ${row.path}`, () =>
      throughput(`${app.baseUrl}${row.path}`),
    );
  }
}

/**
 * Cached app against the bare server, once (a cache hit does not touch the database), then first-load JS and
 * Lighthouse on the cached app. Both servers run together and each URL is measured bare, cached, cached,
 * bare: a symmetric order, so a drift in the shared machine's speed during the four runs costs both alike;
 * each side reports the mean of its two runs.
 */
async function measureCached(measurements: Measurements, target: DatabaseUnderTest) {
  const rows = measurements.throughput;
  const cachedApp = await startApp(target, "on");
  measurements.cachedOn = target.database;
  try {
    const captured: Record<string, Captured> = {};
    for (const row of rows) {
      // The first request fills the page cache; the second is a hit, and the bare server replays its bytes
      // and headers (X-Cache: HIT and all), so both servers send the same bytes.
      const answer = await attempt(`fetching ${row.path} from the cached app`, async () => {
        await capture(`${cachedApp.baseUrl}${row.path}`);
        return capture(`${cachedApp.baseUrl}${row.path}`);
      });
      if (!answer) continue;
      captured[row.path] = answer;
      row.contentType = headerText(answer.headers["content-type"]) ?? "";
      row.contentEncoding = headerText(answer.headers["content-encoding"]) ?? null;
      row.bytes = answer.body.length;
      row.replayedHeaders = replayHeaders(answer.headers);
    }
    if (Object.keys(captured).length > 0) {
      const bare = await startBareServer(captured);
      try {
        for (const row of rows.filter((r) => captured[r.path])) {
          const order = [bare.baseUrl, cachedApp.baseUrl, cachedApp.baseUrl, bare.baseUrl];
          for (const [i, baseUrl] of order.entries()) {
            const which = baseUrl === bare.baseUrl ? "bare" : "cached";
            log(`${which} ${row.path} (${i + 1}/${order.length})`);
            const run = await attempt(`${which} ${row.path}`, () => throughput(`${baseUrl}${row.path}`));
            if (run) (which === "bare" ? row.bareRuns : row.cachedRuns).push(run);
          }
          row.bare = meanOfRuns(row.bareRuns);
          row.cached = meanOfRuns(row.cachedRuns);
        }
      } finally {
        await stopChild(bare.child);
      }
    }

    const bookPath = rows.find((row) => row.name === "book page")?.path ?? "/libro/1";
    const pages = ["/", "/tienda", bookPath, "/caja-rizoma"];
    log("first-load JavaScript");
    measurements.firstLoadJs = (await attempt("first-load JS", () => firstLoadJs(cachedApp.baseUrl, pages))) ?? [];
    log("first documents' bytes");
    measurements.documentBytes =
      (await attempt("document bytes", () => documentBytes(cachedApp.baseUrl, pages.slice(0, 3)))) ?? [];
    if (settings.lighthouse) {
      log("Lighthouse (mobile)");
      measurements.lighthouse = await lighthouse(cachedApp.baseUrl, pages);
      for (const row of measurements.lighthouse) if (row.error) problems.push(`Lighthouse ${row.path}: ${row.error}`);
    }
  } finally {
    await stopChild(cachedApp.child);
  }
}

/** Every size on one database: seed, measure; on the smallest, throughput (and the cached runs once). */
async function measureDatabase(measurements: Measurements, database: Database) {
  const target = await attempt(`starting ${databaseLabel[database]}`, () => openDatabase(database));
  if (!target) return;
  try {
    let seeded = 0;
    for (const [index, size] of settings.sizes.entries()) {
      const seededNow = await attempt(`${databaseLabel[database]}: seeding ${size} books`, () =>
        seed(target, size - seeded),
      );
      if (!seededNow) break; // every later size would be wrong
      seeded = size;
      const first = index === 0;
      await attempt(`${databaseLabel[database]}: catalogue of ${size} books`, () =>
        measureCatalogue(
          measurements,
          target,
          size,
          seededNow,
          first
            ? async (app) => {
                await measureUncached(measurements, database, app);
                const row = measurements.scale.at(-1);
                if (row) {
                  const after = memoryOf(app.child.pid as number);
                  row.rssAfterLoadMb = after.rssMb;
                  row.peakRssMb = after.peakRssMb;
                  log(`${databaseLabel[database]}: RSS ${after.rssMb.toFixed(0)} MB after the load runs`);
                  // The server gives a load's garbage back once idle for 5 s (server/idle-gc.ts).
                  await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
                  row.rssIdleMb = memoryOf(app.child.pid as number).rssMb;
                  log(
                    `${databaseLabel[database]}: RSS ${row.rssIdleMb.toFixed(0)} MB at rest, ${IDLE_WAIT_MS / 1000} s later`,
                  );
                }
                if (measurements.cachedOn !== null || measurements.throughput.length === 0) return;
                // The cached app opens the same database: stop the uncached one first (PGlite has one owner).
                await stopChild(app.child);
                await measureCached(measurements, target);
              }
            : null,
        ),
      );
    }
  } finally {
    await closeDatabase(target);
  }
}

// ---------------------------------------------------------------- the run

/**
 * `--bytes-only`: the first documents' bytes alone (issue 36 goal 2), on a fresh embedded database with
 * the demo catalogue as a newcomer starts it; a minute instead of half an hour. Prints the table and
 * leaves bench/results.json alone.
 */
async function bytesOnly() {
  const target = await openDatabase("pglite");
  const app = await startApp(target, "on");
  try {
    const [newest] = await booksOf(app);
    const rows = await documentBytes(app.baseUrl, ["/", "/tienda", `/libro/${newest?.id ?? 1}`]);
    console.log(documentBytesSection(rows));
  } finally {
    await stopChild(app.child);
  }
}

async function main() {
  log(`work directory ${workDir}; ${quick ? "quick run" : "full run"}: ${JSON.stringify(settings)}`);
  const build = spawnSync(process.execPath, ["scripts/ensure-build.js"], { cwd: root, stdio: ["ignore", 2, 2] });
  if (build.status !== 0) throw new Error("the build failed");
  if (options["bytes-only"]) return bytesOnly();

  const measurements: Measurements = {
    databases: settings.databases,
    cachedOn: null,
    throughput: [],
    scale: [],
    firstLoadJs: [],
    documentBytes: [],
    lighthouse: [],
  };
  for (const database of settings.databases) await measureDatabase(measurements, database);

  const targets = evaluateTargets(measurements);
  const date = new Date().toISOString();
  const results = {
    date,
    machine: machine(),
    settings,
    durationSeconds: Math.round((Date.now() - startedAt) / 1000),
    ...measurements,
    targets,
    problems,
  };
  writeFileSync(path.join(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
  const settingsLine = `${quick ? "Quick run" : "Full run"} on ${settings.databases.map((d) => databaseLabel[d]).join(" and ")}: ${settings.connections} connections × ${settings.duration} s per URL and run (autocannon, separate process), ${settings.latencySeconds} s per miss-latency figure, Accept-Encoding: ${settings.acceptEncoding}; took ${results.durationSeconds} s.`;
  console.log(
    formatReport({ date, machine: results.machine, settings: settingsLine, measurements, targets, problems }),
  );
  log("wrote bench/results.json");
}

main().then(
  // A run where some phase failed still prints and writes what it measured, and exits with 1.
  async () => {
    if (stopping) return; // the signal handler exits once every child and PostgreSQL are gone
    await stopPostgres();
    process.exit(problems.length > 0 ? 1 : 0);
  },
  async (error: unknown) => {
    if (stopping) return;
    console.error(error);
    await stopPostgres();
    process.exit(1);
  },
);
