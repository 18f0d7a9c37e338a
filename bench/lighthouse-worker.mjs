// Lighthouse 12.8 with its default (mobile) configuration, against a Chromium that bench/run.ts started
// with --remote-debugging-port. Usage: node bench/lighthouse-worker.mjs <port> <url>…
// Prints one line of JSON: [{url, performance, accessibility, bestPractices, seo, fcpMs, lcpMs, cls, tbtMs,
// unusedJsBytes, error?}]
import lighthouse from "lighthouse";

const [port, ...urls] = process.argv.slice(2);
const score = (category) =>
  category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100);
const value = (audit) => (audit?.numericValue === undefined ? null : audit.numericValue);

const rows = [];
for (const url of urls) {
  try {
    const result = await lighthouse(url, {
      port: Number(port),
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error("no report");
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    rows.push({
      url,
      performance: score(lhr.categories.performance),
      accessibility: score(lhr.categories.accessibility),
      bestPractices: score(lhr.categories["best-practices"]),
      seo: score(lhr.categories.seo),
      fcpMs: value(lhr.audits["first-contentful-paint"]),
      lcpMs: value(lhr.audits["largest-contentful-paint"]),
      // What the first load downloads of JavaScript and never runs (issue 36: at most 20 KiB).
      unusedJsBytes: lhr.audits["unused-javascript"]?.details?.overallSavingsBytes ?? 0,
      cls: value(lhr.audits["cumulative-layout-shift"]),
      tbtMs: value(lhr.audits["total-blocking-time"]),
      // What cost points, so a score under 100 says why.
      failing: Object.values(lhr.categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category.id}:${ref.id}`),
      ),
    });
  } catch (error) {
    rows.push({
      url,
      performance: null,
      accessibility: null,
      bestPractices: null,
      seo: null,
      fcpMs: null,
      lcpMs: null,
      unusedJsBytes: null,
      cls: null,
      tbtMs: null,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
process.stdout.write(`${JSON.stringify(rows)}\n`);
