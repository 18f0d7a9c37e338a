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
import {
  evaluateTargets,
  type FirstLoadRow,
  formatReport,
  type LatencySummary,
  type LighthouseRow,
  type LoadResult,
  type Machine,
  type Measurements,
  type ScaleRow,
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
    "no-lighthouse": { type: "boolean", default: false },
  },
});
const quick = options.quick ?? false;
const settings = {
  quick,
  /** Seconds of autocannon load per URL and mode. */
  duration: Number(options.duration ?? (quick ? 3 : 10)),
  connections: Number(options.connections ?? 10),
  /** Seconds of one-at-a-time requests per latency figure (search, shop page) at each size. */
  latencySeconds: quick ? 2 : 8,
  sizes: (options.sizes ?? (quick ? "1000" : "1000,10000,100000")).split(",").map(Number),
  lighthouse: !options["no-lighthouse"],
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
      .then(() => process.exit(130));
  });
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

// ---------------------------------------------------------------- the app, the seed, the bare server

const dataDir = path.join(workDir, "data");
/** The bench always uses its own embedded database, never a DATABASE_URL from the environment. */
const appEnvBase = { DATA_DIR: dataDir, DATABASE_URL: undefined, NODE_ENV: "production", LOG_LEVEL: "warn" };

interface RunningApp {
  baseUrl: string;
  child: ChildProcess;
}

async function startApp(pageCache: "on" | "off"): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startChild(process.execPath, ["server.js"], {
    ...appEnvBase,
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
  log(`app started (PAGE_CACHE=${pageCache}, pid ${child.pid}) at ${baseUrl}`);
  return { baseUrl, child };
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, peakRssMb: kb("VmHWM") / 1024 };
}

/** npm run db:seed -- --books N, with the server stopped (the embedded database has one owner). */
async function seed(books: number): Promise<{ totalBooks: number; seconds: number }> {
  const started = Date.now();
  const out = await runNode(
    path.join(root, "node_modules/tsx/dist/cli.mjs"),
    ["scripts/db-seed.ts", "--books", String(books)],
    {
      env: appEnvBase,
      timeoutMs: 15 * 60_000,
    },
  );
  const total = Number(/Libros en la base: (\d+)/.exec(out)?.[1] ?? Number.NaN);
  log(`seeded ${books} synthetic books in ${((Date.now() - started) / 1000).toFixed(1)} s: ${total} books`);
  return { totalBooks: total, seconds: (Date.now() - started) / 1000 };
}

interface Captured {
  headers: Record<string, string>;
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
          const headers: Record<string, string> = {};
          for (const name of ["content-type", "content-encoding", "vary", "cache-control", "etag"]) {
            const value = response.headers[name];
            if (typeof value === "string") headers[name] = value;
          }
          resolve({ headers, body: Buffer.concat(chunks) });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

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

async function startBareServer(responses: Record<string, Captured>): Promise<{ baseUrl: string; child: ChildProcess }> {
  const file = path.join(workDir, "bare-responses.json");
  writeFileSync(
    file,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(responses).map(([p, r]) => [p, { headers: r.headers, body: r.body.toString("base64") }]),
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
      lcpMs: null,
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

/** Search and shop latency and RSS at one catalogue size, on a server with the page cache off. */
async function measureCatalogue(
  measurements: Measurements,
  size: number,
  seeded: { totalBooks: number; seconds: number },
  more: ((measurements: Measurements, app: RunningApp) => Promise<void>) | null,
) {
  const app = await startApp("off");
  try {
    log(`catalogue of ${seeded.totalBooks}: search and shop page latency, one request at a time`);
    const search =
      (await attempt(`search latency at ${size}`, () =>
        latency(
          SEARCH_TERMS.map(
            (term) => `${app.baseUrl}/api/tienda-nube/products?search=${encodeURIComponent(term)}&limit=5`,
          ),
        ),
      )) ?? notMeasured();
    const shop =
      (await attempt(`/tienda latency at ${size}`, () => latency([`${app.baseUrl}/tienda`]))) ?? notMeasured();
    const memory = memoryOf(app.child.pid as number);
    measurements.scale.push({
      books: size,
      totalBooks: seeded.totalBooks,
      seedSeconds: seeded.seconds,
      search,
      shop,
      ...memory,
    } satisfies ScaleRow);
    log(
      `search p95 ${search.p95.toFixed(1)} ms (n=${search.n}), /tienda p95 ${shop.p95.toFixed(1)} ms (n=${shop.n}), RSS ${memory.rssMb.toFixed(0)} MB`,
    );
    if (more) await more(measurements, app);
  } finally {
    await stopChild(app.child);
  }
}

/**
 * On the first (smallest) catalogue: throughput uncached (the running app), bare (its bytes), cached
 * (a second app with PAGE_CACHE=on), then first-load JS and Lighthouse on the cached app.
 */
async function measureFirstCatalogue(measurements: Measurements, app: RunningApp) {
  const first = (await (await fetch(`${app.baseUrl}/api/books?limit=1`)).json()) as {
    books: { id: number; coverUrl: string }[];
  };
  const bookId = first.books[0]?.id ?? 0;
  const coverPath = (first.books[0]?.coverUrl ?? "/images/default-book-cover.svg")
    .replace(/^\/+/, "")
    .split("/")
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
    .join("/");
  const urls: Pick<ThroughputRow, "name" | "path" | "kind">[] = [
    { name: "home", path: "/", kind: "page" },
    { name: "shop", path: "/tienda", kind: "page" },
    { name: "shop search", path: `/tienda?search=${settings.searchTerm}`, kind: "page" },
    { name: "book page", path: `/libro/${bookId}`, kind: "page" },
    { name: "books API", path: "/api/books", kind: "api" },
    { name: "header search API", path: `/api/tienda-nube/products?search=${settings.searchTerm}&limit=5`, kind: "api" },
    { name: "cover (optimised)", path: `/api/images/optimize/${coverPath}?f=webp&q=85&w=320`, kind: "image" },
  ];
  const captured: Record<string, Captured> = {};
  for (const url of urls) {
    const body = await attempt(`fetching ${url.path}`, () => capture(`${app.baseUrl}${url.path}`));
    if (!body) continue;
    captured[url.path] = body;
    measurements.throughput.push({
      ...url,
      contentType: body.headers["content-type"] ?? "",
      contentEncoding: body.headers["content-encoding"] ?? null,
      bytes: body.body.length,
      cached: null,
      uncached: null,
      bare: null,
    });
  }
  const rows = measurements.throughput;
  for (const row of rows) {
    log(`uncached ${row.path}`);
    row.uncached = await attempt(`uncached ${row.path}`, () => throughput(`${app.baseUrl}${row.path}`));
  }
  await stopChild(app.child);

  if (rows.length > 0) {
    const bare = await startBareServer(captured);
    try {
      for (const row of rows) {
        log(`bare ${row.path}`);
        row.bare = await attempt(`bare ${row.path}`, () => throughput(`${bare.baseUrl}${row.path}`));
      }
    } finally {
      await stopChild(bare.child);
    }
  }

  const cachedApp = await startApp("on");
  try {
    for (const row of rows) {
      log(`cached ${row.path}`);
      row.cached = await attempt(`cached ${row.path}`, () => throughput(`${cachedApp.baseUrl}${row.path}`));
    }
    const pages = ["/", "/tienda", `/libro/${bookId}`, "/caja-rizoma"];
    log("first-load JavaScript");
    measurements.firstLoadJs = (await attempt("first-load JS", () => firstLoadJs(cachedApp.baseUrl, pages))) ?? [];
    if (settings.lighthouse) {
      log("Lighthouse (mobile)");
      measurements.lighthouse = await lighthouse(cachedApp.baseUrl, pages);
      for (const row of measurements.lighthouse) if (row.error) problems.push(`Lighthouse ${row.path}: ${row.error}`);
    }
  } finally {
    await stopChild(cachedApp.child);
  }
}

// ---------------------------------------------------------------- the run

async function main() {
  log(`work directory ${workDir}; ${quick ? "quick run" : "full run"}: ${JSON.stringify(settings)}`);
  const build = spawnSync(process.execPath, ["scripts/ensure-build.js"], { cwd: root, stdio: ["ignore", 2, 2] });
  if (build.status !== 0) throw new Error("the build failed");

  const measurements: Measurements = { throughput: [], scale: [], firstLoadJs: [], lighthouse: [] };
  let seeded = 0;
  for (const [index, size] of settings.sizes.entries()) {
    const seededNow = await attempt(`seeding ${size} books`, () => seed(size - seeded));
    if (!seededNow) break; // every later size would be wrong
    seeded = size;
    await attempt(`catalogue of ${size} books`, () =>
      measureCatalogue(measurements, size, seededNow, index === 0 ? measureFirstCatalogue : null),
    );
  }

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
  const settingsLine = `${quick ? "Quick run" : "Full run"}: ${settings.connections} connections × ${settings.duration} s per URL (autocannon, separate process), Accept-Encoding: ${settings.acceptEncoding}; took ${results.durationSeconds} s.`;
  console.log(
    formatReport({ date, machine: results.machine, settings: settingsLine, measurements, targets, problems }),
  );
  log("wrote bench/results.json");
}

main().then(
  // A run where some phase failed still prints and writes what it measured, and exits with 1.
  () => process.exit(problems.length > 0 ? 1 : 0),
  (error: unknown) => {
    if (stopping) return; // the signal handler exits once every child is gone
    console.error(error);
    process.exit(1);
  },
);
