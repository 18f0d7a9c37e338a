/**
 * The pure parts of the benchmark (no I/O): percentiles, the issue's targets and their evaluation, and the
 * markdown tables. bench/run.ts does the measuring; bench/lib.test.ts checks these.
 */

/** Nearest-rank percentile of a list of numbers (p in 0..100); NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p < 0 || p > 100) throw new RangeError(`percentile out of range: ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export interface LatencySummary {
  /** How many requests were timed. */
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

export function summarizeLatencies(samples: readonly number[], errors: number, non2xx: number): LatencySummary {
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.length === 0 ? Number.NaN : Math.max(...samples),
    errors,
    non2xx,
  };
}

/** One autocannon run, reduced to what the report shows. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: number;
  durationSeconds: number;
}

export interface ThroughputRow {
  name: string;
  path: string;
  kind: "page" | "api" | "image";
  contentType: string;
  contentEncoding: string | null;
  bytes: number;
  cached: LoadResult | null;
  uncached: LoadResult | null;
  bare: LoadResult | null;
}

export interface ScaleRow {
  /** Synthetic books added on top of the demo catalogue (1k, 10k, 100k). */
  books: number;
  totalBooks: number;
  seedSeconds: number;
  search: LatencySummary;
  shop: LatencySummary;
  rssMb: number;
  peakRssMb: number;
}

export interface FirstLoadRow {
  path: string;
  scripts: number;
  totalGzipBytes: number;
}

export interface LighthouseRow {
  path: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  /** category:audit ids that cost points, so a score under 100 says why. */
  failing?: string[];
  error?: string;
}

export interface Measurements {
  throughput: ThroughputRow[];
  scale: ScaleRow[];
  firstLoadJs: FirstLoadRow[];
  lighthouse: LighthouseRow[];
}

export interface TargetResult {
  target: string;
  measured: string;
  /** null when the figure was not measured in this run (for instance --quick skips 10k and 100k). */
  pass: boolean | null;
  /** How far from the target, in the target's unit, when missed. */
  shortBy: string | null;
}

export const ratio = (app: LoadResult | null, bare: LoadResult | null): number | null =>
  app && bare && bare.rps > 0 ? app.rps / bare.rps : null;

/** A share as a percentage; one decimal under 10%, so a tiny ratio does not read as 0%. */
const pct = (value: number) => (value < 0.1 ? `${(value * 100).toFixed(1)}%` : `${Math.round(value * 100)}%`);
const ms = (value: number) => `${value.toFixed(1)} ms`;

function atMost(target: string, value: number | undefined, limit: number, unit: (v: number) => string): TargetResult {
  if (value === undefined || Number.isNaN(value))
    return { target, measured: "not measured", pass: null, shortBy: null };
  const pass = value <= limit;
  return { target, measured: unit(value), pass, shortBy: pass ? null : unit(value - limit) };
}

/**
 * Growth exponent of a cost between two catalogue sizes: cost ∝ size^k, so k < 1 is "less than linear".
 */
export function growthExponent(fromSize: number, fromCost: number, toSize: number, toCost: number): number {
  return Math.log(toCost / fromCost) / Math.log(toSize / fromSize);
}

/** The targets of issues 10 and 23, each with what this run measured and pass / short-by. */
export function evaluateTargets(m: Measurements): TargetResult[] {
  const results: TargetResult[] = [];

  for (const row of m.throughput.filter((r) => r.kind !== "image")) {
    const target = `cached ${row.path}: >= 50% of the bare server's req/s`;
    const value = ratio(row.cached, row.bare);
    if (value === null) results.push({ target, measured: "not measured", pass: null, shortBy: null });
    else {
      const pass = value >= 0.5;
      results.push({
        target,
        measured: pct(value),
        pass,
        shortBy: pass ? null : `${Math.round((0.5 - value) * 100)} points`,
      });
    }
  }

  const bySize = (books: number) => m.scale.find((row) => row.books === books);
  results.push(atMost("search p95 <= 10 ms at 10k books", bySize(10_000)?.search.p95, 10, ms));
  results.push(atMost("search p95 <= 30 ms at 100k books", bySize(100_000)?.search.p95, 30, ms));

  // Issue 23, goal 1 (a miss is cheap): the scale runs send one request at a time with the page cache off,
  // which is the issue's "p50 at one connection".
  results.push(atMost("uncached search p50 <= 5 ms at 1k books", bySize(1_000)?.search.p50, 5, ms));
  results.push(atMost("uncached /tienda p50 <= 5 ms at 1k books", bySize(1_000)?.shop.p50, 5, ms));
  results.push(atMost("uncached search p50 <= 15 ms at 100k books", bySize(100_000)?.search.p50, 15, ms));
  results.push(atMost("uncached /tienda p50 <= 15 ms at 100k books", bySize(100_000)?.shop.p50, 15, ms));
  const home = m.throughput.find((row) => row.path === "/")?.uncached?.rps;
  const homeTarget = "uncached / >= 200 req/s (issue 23: on PostgreSQL; this run: PGlite)";
  if (home === undefined) results.push({ target: homeTarget, measured: "not measured", pass: null, shortBy: null });
  else {
    const rps = (v: number) => `${Math.round(v)} req/s`;
    results.push({
      target: homeTarget,
      measured: rps(home),
      pass: home >= 200,
      shortBy: home >= 200 ? null : rps(200 - home),
    });
  }

  const sizes = [...m.scale].sort((a, b) => a.books - b.books);
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  const growthTarget = "shop page p95 grows less than linearly with the catalogue";
  if (!first || !last || first === last) {
    results.push({ target: growthTarget, measured: "not measured (one size only)", pass: null, shortBy: null });
  } else {
    const k = growthExponent(first.totalBooks, first.shop.p95, last.totalBooks, last.shop.p95);
    const times = last.shop.p95 / first.shop.p95;
    const sizeTimes = last.totalBooks / first.totalBooks;
    results.push({
      target: growthTarget,
      measured: `x${times.toFixed(2)} for x${sizeTimes.toFixed(0)} books (exponent ${k.toFixed(2)})`,
      pass: k < 1,
      shortBy: k < 1 ? null : `exponent ${(k - 1).toFixed(2)} over 1`,
    });
  }
  results.push(atMost("RSS <= 300 MB at 100k books", bySize(100_000)?.rssMb, 300, (v) => `${Math.round(v)} MB`));

  const categories = [
    ["performance", "performance"],
    ["accessibility", "accessibility"],
    ["bestPractices", "best practices"],
    ["seo", "SEO"],
  ] as const;
  for (const row of m.lighthouse) {
    for (const [key, label] of categories) {
      const target = `Lighthouse mobile ${label} 100 on ${row.path}`;
      const score = row[key];
      if (score === null) results.push({ target, measured: row.error ?? "not measured", pass: null, shortBy: null });
      else
        results.push({
          target,
          measured: String(score),
          pass: score >= 100,
          shortBy: score >= 100 ? null : `${100 - score}`,
        });
    }
  }

  const loadRuns = m.throughput.flatMap((row) => [row.cached, row.uncached, row.bare]).filter((r) => r !== null);
  const latencyRuns = m.scale.flatMap((row) => [row.search, row.shop]);
  const failures =
    // autocannon counts timeouts among its errors.
    loadRuns.reduce((sum, r) => sum + r.errors + r.non2xx, 0) +
    latencyRuns.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  const runs = loadRuns.length + latencyRuns.length;
  results.push({
    target: "zero errors and zero non-2xx in every run",
    measured: `${failures} in ${runs} runs`,
    pass: runs === 0 ? null : failures === 0,
    shortBy: failures === 0 ? null : `${failures} failed requests`,
  });
  return results;
}

/** A markdown table; numbers are right-aligned. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = rows.map((row) => headers.map((_, i) => String(row[i] ?? "")));
  const numeric = headers.map(
    (_, i) => cells.length > 0 && cells.every((row) => /^([-+x~]?[\d.,]+|—)/.test(row[i] ?? "")),
  );
  const widths = headers.map((header, i) => Math.max(3, header.length, ...cells.map((row) => (row[i] ?? "").length)));
  const line = (values: readonly string[]) =>
    `| ${values.map((value, i) => (numeric[i] ? value.padStart(widths[i] ?? 0) : value.padEnd(widths[i] ?? 0))).join(" | ")} |`;
  const rule = `| ${widths.map((width, i) => (numeric[i] ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(headers), rule, ...cells.map(line)].join("\n");
}

const n0 = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? "—" : Math.round(value).toLocaleString("en-US");
const n1 = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? "—" : value.toFixed(1);
const ratioCell = (value: number | null) => (value === null ? "—" : pct(value));
/** No latency when no request completed in the run (autocannon then reports 0). */
const latencyOf = (run: LoadResult | null, key: "p50" | "p99") => (run && run.requests > 0 ? run[key] : null);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  os: string;
}

export function formatReport(input: {
  date: string;
  machine: Machine;
  settings: string;
  measurements: Measurements;
  targets: TargetResult[];
  problems?: string[];
}): string {
  const { measurements: m } = input;
  const out: string[] = [];
  out.push(
    `Rizoma benchmark — ${input.date} — ${input.machine.cpu}, ${input.machine.cores} cores, ${input.machine.ramGb} GB RAM, Node ${input.machine.node}`,
  );
  out.push(input.settings, "");

  out.push("### Throughput (req/s, latency in ms; ratio = app req/s ÷ bare Node http req/s for the same bytes)", "");
  out.push(
    markdownTable(
      [
        "URL",
        "KB",
        "cached req/s",
        "p50",
        "p99",
        "vs bare",
        "uncached req/s",
        "p50",
        "p99",
        "vs bare",
        "bare req/s",
        "errors",
        "non-2xx",
      ],
      m.throughput.map((row) => {
        const runs = [row.cached, row.uncached, row.bare].filter((r) => r !== null);
        return [
          row.path.length > 48 ? `${row.path.slice(0, 45)}…` : row.path,
          kb(row.bytes),
          n0(row.cached?.rps),
          n1(latencyOf(row.cached, "p50")),
          n1(latencyOf(row.cached, "p99")),
          ratioCell(ratio(row.cached, row.bare)),
          n0(row.uncached?.rps),
          n1(latencyOf(row.uncached, "p50")),
          n1(latencyOf(row.uncached, "p99")),
          ratioCell(ratio(row.uncached, row.bare)),
          n0(row.bare?.rps),
          runs.reduce((sum, r) => sum + r.errors, 0),
          runs.reduce((sum, r) => sum + r.non2xx, 0),
        ];
      }),
    ),
    "",
  );

  out.push("### Catalogue scale (page cache off; one request at a time; ms)", "");
  out.push(
    markdownTable(
      [
        "books",
        "search p50",
        "search p95",
        "/tienda p50",
        "/tienda p95",
        "requests",
        "RSS MB",
        "peak RSS MB",
        "seed s",
      ],
      m.scale.map((row) => [
        n0(row.totalBooks),
        n1(row.search.p50),
        n1(row.search.p95),
        n1(row.shop.p50),
        n1(row.shop.p95),
        `${row.search.n}+${row.shop.n}`,
        n0(row.rssMb),
        n0(row.peakRssMb),
        n1(row.seedSeconds),
      ]),
    ),
    "",
  );

  out.push("### First-load JavaScript (gzip)", "");
  out.push(
    markdownTable(
      ["page", "scripts", "KB gzip"],
      m.firstLoadJs.map((row) => [row.path, row.scripts, kb(row.totalGzipBytes)]),
    ),
    "",
  );

  out.push("### Lighthouse 12.8 (mobile)", "");
  out.push(
    markdownTable(
      [
        "page",
        "performance",
        "accessibility",
        "best practices",
        "SEO",
        "LCP ms",
        "CLS",
        "TBT ms",
        "audits short of 100",
      ],
      m.lighthouse.map((row) =>
        row.error
          ? [row.path, `error: ${row.error}`, "", "", "", "", "", "", ""]
          : [
              row.path,
              n0(row.performance),
              n0(row.accessibility),
              n0(row.bestPractices),
              n0(row.seo),
              n0(row.lcpMs),
              row.cls === null ? "—" : row.cls.toFixed(3),
              n0(row.tbtMs),
              (row.failing ?? []).map((id) => id.replace(/^[^:]*:/, "")).join(", "),
            ],
      ),
    ),
    "",
  );

  out.push("### Targets (issues 10 and 23)", "");
  out.push(
    markdownTable(
      ["target", "measured", "result"],
      input.targets.map((t) => [
        t.target,
        t.measured,
        t.pass === null ? "not measured" : t.pass ? "pass" : `short by ${t.shortBy}`,
      ]),
    ),
  );
  if (input.problems && input.problems.length > 0) {
    out.push("", "### Problems (these parts of the run failed)", "", ...input.problems.map((p) => `- ${p}`));
  }
  return out.join("\n");
}
