import { describe, expect, it } from "vitest";
import {
  type Database,
  documentBytesSection,
  evaluateTargets,
  growthExponent,
  type LatencySummary,
  type LoadResult,
  type Measurements,
  markdownTable,
  meanOfRuns,
  missGoal,
  missLatencyTable,
  parseDatabases,
  percentile,
  replayHeaders,
  type ScaleRow,
  summarizeLatencies,
  type ThroughputRow,
  throughputTable,
} from "./lib";

const load = (rps: number, extra: Partial<LoadResult> = {}): LoadResult => ({
  rps,
  p50: 1,
  p99: 2,
  errors: 0,
  timeouts: 0,
  non2xx: 0,
  requests: rps * 10,
  durationSeconds: 10,
  ...extra,
});

const latencies = (p95: number, extra: Partial<LatencySummary> = {}): LatencySummary => ({
  n: 100,
  p50: p95 / 2,
  p95,
  p99: p95,
  max: p95,
  errors: 0,
  non2xx: 0,
  ...extra,
});

const row = (path: string, cached: number, bare: number, kind: ThroughputRow["kind"] = "page"): ThroughputRow => ({
  name: path,
  path,
  kind,
  contentType: "text/html",
  contentEncoding: "br",
  bytes: 1000,
  replayedHeaders: { "content-type": "text/html", "x-cache": "HIT" },
  uncached: { pglite: load(cached / 10), postgres: load(cached / 5) },
  cached: load(cached),
  bare: load(bare),
  cachedRuns: [load(cached), load(cached)],
  bareRuns: [load(bare), load(bare)],
});

/** One size on one database; every URL's p95 is `p95` and its p50 half of it, unless `perUrl` says otherwise. */
const scale = (
  database: Database,
  books: number,
  p95: number,
  rssMb: number,
  perUrl: Partial<Pick<ScaleRow, "home" | "shop" | "book" | "search" | "shopSearch" | "authorSearch">> = {},
): ScaleRow => ({
  database,
  books,
  totalBooks: books,
  seedSeconds: 1,
  home: latencies(p95),
  shop: latencies(p95),
  book: latencies(p95),
  search: latencies(p95),
  rssMb,
  peakRssMb: rssMb,
  ...perUrl,
});

const empty: Measurements = {
  databases: ["pglite", "postgres"],
  cachedOn: "pglite",
  throughput: [],
  scale: [],
  firstLoadJs: [],
  lighthouse: [],
};
const find = (results: ReturnType<typeof evaluateTargets>, start: string) => {
  const found = results.find((r) => r.target.startsWith(start));
  if (!found) throw new Error(`no target ${start}`);
  return found;
};

describe("percentile", () => {
  it("is the nearest-rank value", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 51)).toBe(3);
  });

  it("is NaN with no samples and refuses a percentile out of range", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it("summarises samples with their errors", () => {
    const summary = summarizeLatencies([3, 1, 2], 1, 2);
    expect(summary).toEqual({ n: 3, p50: 2, p95: 3, p99: 3, max: 3, errors: 1, non2xx: 2 });
  });
});

describe("targets", () => {
  it("compares cached pages and APIs (not the image) with 90% of the bare server's rate, naming the database", () => {
    const results = evaluateTargets({
      ...empty,
      throughput: [row("/", 950, 1000), row("/api/books", 300, 1000, "api"), row("/cover", 10, 1000, "image")],
    });
    expect(find(results, "cached /:")).toMatchObject({ measured: "95%", pass: true, shortBy: null });
    expect(find(results, "cached /:").target).toContain("(on PGlite)");
    expect(find(results, "cached /api/books")).toMatchObject({ measured: "30%", pass: false, shortBy: "60 points" });
    expect(results.some((r) => r.target.includes("/cover"))).toBe(false);
    const tiny = evaluateTargets({ ...empty, throughput: [row("/tienda", 16, 6000)] });
    expect(find(tiny, "cached /tienda")).toMatchObject({ measured: "0.3%", pass: false });
  });

  it("checks each of the four misses' p50 at 1k and 100k books on each database", () => {
    const results = evaluateTargets({
      ...empty,
      scale: [
        scale("pglite", 1_000, 8, 200, { book: latencies(14) }), // p50 4 ms, the book page 7 ms
        scale("postgres", 1_000, 6, 100),
        scale("postgres", 100_000, 40, 100),
      ],
    });
    expect(find(results, "PGlite: uncached / p50 <= 5 ms at 1k")).toMatchObject({ measured: "4.0 ms", pass: true });
    expect(find(results, "PGlite: uncached /libro/{id} p50 <= 5 ms at 1k")).toMatchObject({
      pass: false,
      shortBy: "2.0 ms",
    });
    expect(find(results, "PGlite: uncached search API p50 <= 10 ms at 100k").pass).toBeNull();
    expect(find(results, "PostgreSQL: uncached /tienda p50 <= 5 ms at 1k").pass).toBe(true);
    expect(find(results, "PostgreSQL: uncached search API p50 <= 10 ms at 100k")).toMatchObject({
      measured: "20.0 ms",
      pass: false,
      shortBy: "10.0 ms",
    });
    // 4 URLs × 2 sizes × 2 databases
    expect(results.filter((r) => / p50 <= /.test(r.target) && !r.target.includes("?search="))).toHaveLength(16);
  });

  it("checks the server's CPU per content page at 1k books, and Lighthouse's first paint and unused JavaScript", () => {
    const results = evaluateTargets({
      ...empty,
      scale: [{ ...scale("pglite", 1_000, 8, 200), cpuMsPerPage: 9.5 }, scale("postgres", 1_000, 8, 100)],
      lighthouse: [
        {
          path: "/",
          performance: 96,
          accessibility: 100,
          bestPractices: 100,
          seo: 100,
          fcpMs: 2000,
          lcpMs: 2200,
          cls: 0,
          tbtMs: 1,
          unusedJsBytes: 10 * 1024,
        },
        {
          path: "/tienda",
          performance: 93,
          accessibility: 100,
          bestPractices: 100,
          seo: 100,
          lcpMs: 2500,
          cls: 0,
          tbtMs: 80,
        },
      ],
    });
    expect(find(results, "PGlite: CPU per content page <= 2.5 ms at 1k")).toMatchObject({
      measured: "9.5 ms",
      pass: false,
      shortBy: "7.0 ms",
    });
    expect(find(results, "PostgreSQL: CPU per content page <= 2.5 ms at 1k").pass).toBeNull();
    expect(find(results, "Lighthouse mobile first contentful paint <= 1.2 s on /")).toMatchObject({
      measured: "2.00 s",
      pass: false,
    });
    expect(find(results, "unused JavaScript on the first load <= 20 KiB on /")).toMatchObject({
      measured: "10.0 KiB",
      pass: true,
    });
    // A row from before these were recorded says "not measured", never a pass.
    expect(find(results, "Lighthouse mobile first contentful paint <= 1.2 s on /tienda").pass).toBeNull();
    expect(find(results, "unused JavaScript on the first load <= 20 KiB on /tienda").pass).toBeNull();
  });

  it("checks the shop page's two searches at 100k books, and says so when a row has none", () => {
    const results = evaluateTargets({
      ...empty,
      scale: [
        scale("pglite", 100_000, 40, 300, { shopSearch: latencies(24), authorSearch: latencies(40) }),
        scale("postgres", 100_000, 40, 100),
      ],
    });
    expect(find(results, "PGlite: uncached /tienda?search=memoria p50 <= 15 ms at 100k")).toMatchObject({
      measured: "12.0 ms",
      pass: true,
    });
    expect(find(results, "PGlite: uncached /tienda?search=lucia quiroga p50 <= 15 ms at 100k")).toMatchObject({
      pass: false,
      shortBy: "5.0 ms",
    });
    expect(find(results, "PostgreSQL: uncached /tienda?search=memoria p50 <= 15 ms at 100k").pass).toBeNull();
  });

  it("keeps issue 10's search p95 limits and the less-than-linear /tienda per database", () => {
    const results = evaluateTargets({
      ...empty,
      scale: [
        scale("pglite", 1_000, 2, 200),
        scale("pglite", 10_000, 8, 250),
        scale("pglite", 100_000, 42.5, 320),
        scale("postgres", 1_000, 1, 100, { shop: latencies(10) }),
        scale("postgres", 100_000, 1, 100, { shop: latencies(2000) }),
      ],
    });
    expect(find(results, "PGlite: search p95 <= 10 ms")).toMatchObject({ measured: "8.0 ms", pass: true });
    expect(find(results, "PGlite: search p95 <= 30 ms")).toMatchObject({ pass: false, shortBy: "12.5 ms" });
    expect(find(results, "PostgreSQL: search p95 <= 10 ms").pass).toBeNull();
    expect(find(results, "PGlite: /tienda p95 grows").pass).toBe(true);
    expect(find(results, "PostgreSQL: /tienda p95 grows").pass).toBe(false);
    expect(growthExponent(1_000, 10, 100_000, 1000)).toBeCloseTo(1);
    expect(growthExponent(1_000, 10, 100_000, 100)).toBeCloseTo(0.5);
  });

  it("holds PGlite's RSS to 300 MB at 1k and 400 MB at 100k, and sets no memory target on PostgreSQL", () => {
    const results = evaluateTargets({
      ...empty,
      scale: [
        scale("pglite", 1_000, 1, 280),
        scale("pglite", 100_000, 1, 420),
        scale("postgres", 1_000, 1, 900),
        scale("postgres", 100_000, 1, 900),
      ],
    });
    expect(find(results, "PGlite: RSS <= 300 MB at 1k")).toMatchObject({ measured: "280 MB", pass: true });
    expect(find(results, "PGlite: RSS <= 400 MB at 100k")).toMatchObject({ pass: false, shortBy: "20 MB" });
    expect(results.some((r) => r.target.startsWith("PostgreSQL: RSS"))).toBe(false);
  });

  it("judges PGlite's RSS after the load runs where the bench ran them", () => {
    const afterLoad = { ...scale("pglite", 1_000, 1, 280), rssAfterLoadMb: 350 };
    const results = evaluateTargets({ ...empty, scale: [afterLoad] });
    expect(find(results, "PGlite: RSS <= 300 MB at 1k")).toMatchObject({ measured: "350 MB", pass: false });
    const atRest = evaluateTargets({ ...empty, scale: [{ ...afterLoad, rssIdleMb: 290 }] });
    expect(find(atRest, "PGlite: RSS <= 300 MB at 1k")).toMatchObject({ measured: "290 MB", pass: true });
  });

  it("wants 200 uncached req/s of / on PostgreSQL only", () => {
    const results = evaluateTargets({ ...empty, throughput: [row("/", 1000, 2000)] }); // PG 200, PGlite 100
    expect(find(results, "PostgreSQL: uncached / >= 200 req/s")).toMatchObject({ measured: "200 req/s", pass: true });
    expect(results.some((r) => r.target.startsWith("PGlite: uncached / >="))).toBe(false);
    const slow = evaluateTargets({ ...empty, throughput: [row("/", 500, 2000)] });
    expect(find(slow, "PostgreSQL: uncached / >= 200")).toMatchObject({ measured: "100 req/s", shortBy: "100 req/s" });
  });

  it("leaves what a run did not measure as not measured, not as a pass (quick run; PostgreSQL did not start)", () => {
    const results = evaluateTargets({ ...empty, scale: [scale("pglite", 1_000, 1, 100)] });
    expect(find(results, "PGlite: search p95 <= 10 ms").pass).toBeNull();
    expect(find(results, "PGlite: RSS <= 400 MB").pass).toBeNull();
    expect(find(results, "PGlite: /tienda p95 grows").pass).toBeNull();
    expect(find(results, "PostgreSQL: uncached / p50 <= 5 ms at 1k").pass).toBeNull();
    expect(find(results, "PostgreSQL: uncached / >= 200").pass).toBeNull();
    const pgliteOnly = evaluateTargets({ ...empty, databases: ["pglite"] });
    expect(pgliteOnly.some((r) => r.target.startsWith("PostgreSQL"))).toBe(false);
  });

  it("wants every Lighthouse category at 100", () => {
    const results = evaluateTargets({
      ...empty,
      lighthouse: [
        { path: "/", performance: 97, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1, cls: 0, tbtMs: 0 },
      ],
    });
    expect(find(results, "Lighthouse mobile performance")).toMatchObject({ pass: false, shortBy: "3" });
    expect(find(results, "Lighthouse mobile SEO")).toMatchObject({ pass: true });
  });

  it("wants each first document at most 90 KB before compression and 16 KB in brotli (issue 36)", () => {
    const row = (path: string, bytes: number, brotliBytes: number) => ({
      path,
      bytes,
      gzipBytes: 0,
      brotliBytes,
      inlineStyleBytes: 0,
      hydrationBytes: 0,
      stylesheetBrotliBytes: 0,
    });
    const results = evaluateTargets({
      ...empty,
      documentBytes: [row("/", 100 * 1024, 15 * 1024), row("/libro/1", 60 * 1024, 12 * 1024)],
    });
    expect(find(results, "document /: <= 90 KB before")).toMatchObject({ pass: false, shortBy: "10.0 KB" });
    expect(find(results, "document /: <= 16 KB in brotli")).toMatchObject({ pass: true, measured: "15.0 KB" });
    expect(find(results, "document /libro/1: <= 90 KB before")).toMatchObject({ pass: true });
    expect(documentBytesSection([row("/", 100 * 1024, 15 * 1024)])).toContain("| /    | 100.0 |");
    expect(evaluateTargets(empty).some((r) => r.target.startsWith("document"))).toBe(false);
  });

  it("counts errors (timeouts are among them) and non-2xx over every single run, not over the means", () => {
    const clean = evaluateTargets({ ...empty, throughput: [row("/", 1, 1)], scale: [scale("pglite", 1_000, 1, 1)] });
    // 2 cached + 2 bare + 2 uncached runs, and 4 latency runs.
    expect(find(clean, "zero errors")).toMatchObject({ measured: "0 in 10 runs", pass: true });
    const failing = evaluateTargets({
      ...empty,
      throughput: [
        { ...row("/", 1, 1), cachedRuns: [load(1, { errors: 3, timeouts: 3, non2xx: 2 }), load(1)], cached: null },
      ],
      scale: [scale("postgres", 1_000, 1, 1, { book: latencies(1, { non2xx: 1 }) })],
    });
    expect(find(failing, "zero errors")).toMatchObject({ pass: false, shortBy: "6 failed requests" });
  });
});

describe("interleaved runs and the bare server", () => {
  it("averages rates and latencies and sums counts", () => {
    const mean = meanOfRuns([
      load(100, { p50: 2, p99: 10, errors: 1, requests: 1000 }),
      load(300, { p50: 4, p99: 20, non2xx: 2, requests: 3000 }),
    ]);
    expect(mean).toEqual({
      rps: 200,
      p50: 3,
      p99: 15,
      errors: 1,
      timeouts: 0,
      non2xx: 2,
      requests: 4000,
      durationSeconds: 20,
    });
    expect(meanOfRuns([])).toBeNull();
    // A run that completed nothing has no latency (autocannon says 0): it does not pull the mean down.
    expect(meanOfRuns([load(0, { p50: 0, requests: 0 }), load(100, { p50: 8 })])?.p50).toBe(8);
  });

  it("replays every header but the ones Node writes itself", () => {
    expect(
      replayHeaders({
        "Content-Type": "text/html; charset=utf-8",
        "content-encoding": "br",
        "x-cache": "HIT",
        "set-cookie": ["a=1", "b=2"],
        date: "Wed, 26 Nov 2025 14:00:00 GMT",
        connection: "keep-alive",
        "keep-alive": "timeout=65",
        "transfer-encoding": "chunked",
        "content-length": "123",
        absent: undefined,
      }),
    ).toEqual({
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "br",
      "x-cache": "HIT",
      "set-cookie": ["a=1", "b=2"],
    });
  });

  it("reads --databases", () => {
    expect(parseDatabases("pglite,postgres")).toEqual(["pglite", "postgres"]);
    expect(parseDatabases(" Postgres ")).toEqual(["postgres"]);
    expect(parseDatabases("postgres,pglite,postgres")).toEqual(["postgres", "pglite"]);
    expect(() => parseDatabases("mysql")).toThrow(/--databases/);
    expect(() => parseDatabases(",")).toThrow(/--databases/);
  });
});

describe("tables", () => {
  it("shows cached, bare and their ratio once and the uncached rate in a column per database", () => {
    const [headers, rows] = throughputTable({ databases: ["pglite", "postgres"], throughput: [row("/", 950, 1000)] });
    const cell = (name: string, occurrence = 0) => {
      const index = headers.map((h, i) => [h, i] as const).filter(([h]) => h === name)[occurrence]?.[1];
      if (index === undefined) throw new Error(`no column ${name}`);
      return rows[0]?.[index];
    };
    expect(cell("cached req/s")).toBe("950");
    expect(cell("bare req/s")).toBe("1,000");
    expect(cell("vs bare")).toBe("95%");
    expect(cell("runs bare (in order)")).toBe("1,000 / 1,000");
    expect(cell("uncached req/s PGlite")).toBe("95");
    expect(cell("uncached req/s PostgreSQL")).toBe("190");
    expect(cell("errors")).toBe("0");
    expect(headers.filter((h) => h.startsWith("uncached"))).toHaveLength(2);
    const [pgOnly] = throughputTable({ databases: ["postgres"], throughput: [] });
    expect(pgOnly.filter((h) => h.startsWith("uncached"))).toEqual(["uncached req/s PostgreSQL"]);
  });

  it("puts one row per database and size in the miss-latency table, with its goal", () => {
    const [headers, rows] = missLatencyTable([
      scale("pglite", 1_000, 6, 250.4),
      scale("postgres", 100_000, 20, 120, { search: latencies(20, { n: 7 }) }),
    ]);
    expect(headers).toEqual([
      "database",
      "books",
      "/",
      "/tienda",
      "/libro/{id}",
      "search API",
      "/tienda?search=memoria",
      "/tienda?search=lucia quiroga",
      "requests",
      "RSS MB",
      "RSS after load MB",
      "RSS at rest MB",
      "peak RSS MB",
      "seed s",
      "goal (ms, MB)",
    ]);
    expect(rows[0]).toEqual([
      "PGlite",
      "1,000",
      "3.0 / 6.0",
      "3.0 / 6.0",
      "3.0 / 6.0",
      "3.0 / 6.0",
      "—",
      "—",
      "100+100+100+100+0+0",
      "250",
      "—",
      "—",
      "250",
      "1.0",
      "p50 <= 5; RSS <= 300",
    ]);
    expect(rows[1]?.[0]).toBe("PostgreSQL");
    expect(rows[1]?.[8]).toBe("100+100+100+7+0+0");
    expect(rows[1]?.[14]).toBe("p50 <= 10; search p95 <= 30; shop searches p50 <= 15");
    expect(missGoal("pglite", 10_000)).toBe("search p95 <= 10");
    expect(missGoal("postgres", 5_000)).toBe("—");
  });
});

describe("markdownTable", () => {
  it("pads columns and right-aligns numeric ones", () => {
    expect(
      markdownTable(
        ["URL", "req/s"],
        [
          ["/", "1,234"],
          ["/tienda", "—"],
        ],
      ),
    ).toBe(["| URL     | req/s |", "| ------- | ----: |", "| /       | 1,234 |", "| /tienda |     — |"].join("\n"));
  });
});
