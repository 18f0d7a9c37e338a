import { describe, expect, it } from "vitest";
import {
  evaluateTargets,
  growthExponent,
  type LatencySummary,
  type LoadResult,
  type Measurements,
  markdownTable,
  percentile,
  type ScaleRow,
  summarizeLatencies,
  type ThroughputRow,
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
  cached: load(cached),
  uncached: load(cached / 10),
  bare: load(bare),
});

const scale = (books: number, searchP95: number, shopP95: number, rssMb: number): ScaleRow => ({
  books,
  totalBooks: books,
  seedSeconds: 1,
  search: latencies(searchP95),
  shop: latencies(shopP95),
  rssMb,
  peakRssMb: rssMb,
});

const empty: Measurements = { throughput: [], scale: [], firstLoadJs: [], lighthouse: [] };
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
  it("compares cached pages and APIs (not the image) with half the bare server's rate", () => {
    const results = evaluateTargets({
      ...empty,
      throughput: [row("/", 600, 1000), row("/api/books", 300, 1000, "api"), row("/cover", 10, 1000, "image")],
    });
    expect(find(results, "cached /:")).toMatchObject({ measured: "60%", pass: true, shortBy: null });
    expect(find(results, "cached /api/books")).toMatchObject({ measured: "30%", pass: false, shortBy: "20 points" });
    expect(results.some((r) => r.target.includes("/cover"))).toBe(false);
    const tiny = evaluateTargets({ ...empty, throughput: [row("/tienda", 16, 6000)] });
    expect(find(tiny, "cached /tienda")).toMatchObject({ measured: "0.3%", pass: false });
  });

  it("checks search and RSS limits at their sizes and says by how much they are missed", () => {
    const results = evaluateTargets({
      ...empty,
      scale: [scale(1_000, 2, 20, 200), scale(10_000, 8, 30, 250), scale(100_000, 42.5, 60, 320)],
    });
    expect(find(results, "search p95 <= 10 ms")).toMatchObject({ measured: "8.0 ms", pass: true });
    expect(find(results, "search p95 <= 30 ms")).toMatchObject({ pass: false, shortBy: "12.5 ms" });
    expect(find(results, "RSS")).toMatchObject({ measured: "320 MB", pass: false, shortBy: "20 MB" });
    expect(find(results, "shop page p95")).toMatchObject({ pass: true });
  });

  it("calls linear or worse growth of the shop page a miss", () => {
    const results = evaluateTargets({ ...empty, scale: [scale(1_000, 1, 10, 100), scale(100_000, 1, 2000, 100)] });
    expect(find(results, "shop page p95").pass).toBe(false);
    expect(growthExponent(1_000, 10, 100_000, 1000)).toBeCloseTo(1);
    expect(growthExponent(1_000, 10, 100_000, 100)).toBeCloseTo(0.5);
  });

  it("puts a miss's p50 at one request at a time and the uncached home's rate beside issue 23's goals", () => {
    const results = evaluateTargets({
      ...empty,
      throughput: [row("/", 1000, 2000)],
      scale: [scale(1_000, 8, 14, 100)],
    }); // p50 = p95 / 2
    expect(find(results, "uncached search p50 <= 5 ms at 1k")).toMatchObject({ measured: "4.0 ms", pass: true });
    expect(find(results, "uncached /tienda p50 <= 5 ms at 1k")).toMatchObject({ pass: false, shortBy: "2.0 ms" });
    expect(find(results, "uncached search p50 <= 15 ms at 100k").pass).toBeNull();
    expect(find(results, "uncached / >= 200 req/s")).toMatchObject({ measured: "100 req/s", shortBy: "100 req/s" });
  });

  it("leaves what a quick run did not measure as not measured, not as a pass", () => {
    const results = evaluateTargets({ ...empty, scale: [scale(1_000, 1, 10, 100)] });
    expect(find(results, "search p95 <= 10 ms").pass).toBeNull();
    expect(find(results, "RSS").pass).toBeNull();
    expect(find(results, "shop page p95").pass).toBeNull();
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

  it("counts errors (timeouts are among them) and non-2xx over every run", () => {
    const clean = evaluateTargets({ ...empty, throughput: [row("/", 1, 1)], scale: [scale(1_000, 1, 1, 1)] });
    expect(find(clean, "zero errors")).toMatchObject({ measured: "0 in 5 runs", pass: true });
    const failing = evaluateTargets({
      ...empty,
      throughput: [{ ...row("/", 1, 1), cached: load(1, { errors: 3, timeouts: 3, non2xx: 2 }) }],
      scale: [{ ...scale(1_000, 1, 1, 1), search: latencies(1, { non2xx: 1 }) }],
    });
    expect(find(failing, "zero errors")).toMatchObject({ pass: false, shortBy: "6 failed requests" });
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
