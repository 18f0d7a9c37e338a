// First-load JavaScript of server-rendered pages: what a visitor downloads before the page is interactive.
// For each path: fetch the SSR HTML, collect every same-origin <script src> and <link rel="modulepreload">,
// fetch each once, gzip it at level 9 and sum. Plain Node ESM so tests and benchmarks can import it as is.
//
//   node scripts/first-load-js.mjs http://127.0.0.1:3000 / /tienda /libro/5
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const TAG = /<(script|link)\b[^>]*>/gi;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Attributes of one start tag, names lower-cased (entity `&amp;` decoded in values). */
function attributes(tag) {
  const attrs = {};
  const inner = tag.replace(/^<\w+/, "").replace(/\/?>$/, "");
  for (const match of inner.matchAll(ATTR)) {
    const value = match[2] ?? match[3] ?? match[4] ?? "";
    attrs[match[1].toLowerCase()] = value.replaceAll("&amp;", "&");
  }
  return attrs;
}

/** Same-origin script URLs a page references (scripts with src, modulepreload links), in document order. */
export function scriptUrls(html, pageUrl) {
  const origin = new URL(pageUrl).origin;
  const urls = [];
  for (const [tag, name] of html.matchAll(TAG)) {
    const attrs = attributes(tag);
    let ref;
    if (name.toLowerCase() === "script") ref = attrs.src;
    else if ((attrs.rel ?? "").toLowerCase().split(/\s+/).includes("modulepreload")) ref = attrs.href;
    if (!ref) continue;
    const url = new URL(ref, pageUrl);
    if (url.origin !== origin) continue;
    url.hash = "";
    if (!urls.includes(url.href)) urls.push(url.href);
  }
  return urls;
}

async function fetchOk(url) {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!response.ok) throw new Error(`GET ${url} -> HTTP ${response.status}`);
  return response;
}

/**
 * Measures the first-load JavaScript of each path under baseUrl.
 * @param {string} baseUrl e.g. "http://127.0.0.1:3000"
 * @param {string[]} paths e.g. ["/", "/tienda"]
 * @returns {Promise<Array<{path: string, scripts: Array<{url: string, bytes: number, gzipBytes: number}>, totalGzipBytes: number}>>}
 */
export async function measureFirstLoadJs(baseUrl, paths) {
  const cache = new Map(); // url -> Promise<{bytes, gzipBytes}>: each script is fetched once
  const sizeOf = (url) => {
    if (!cache.has(url)) {
      cache.set(
        url,
        fetchOk(url).then(async (response) => {
          const body = Buffer.from(await response.arrayBuffer());
          return { bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
        }),
      );
    }
    return cache.get(url);
  };
  const results = [];
  for (const path of paths) {
    const pageUrl = new URL(path, baseUrl).href;
    const html = await (await fetchOk(pageUrl)).text();
    const scripts = [];
    for (const url of scriptUrls(html, pageUrl)) scripts.push({ url, ...(await sizeOf(url)) });
    const totalGzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    results.push({ path, scripts, totalGzipBytes });
  }
  return results;
}

/** The biggest scripts of one measurement, for failure messages: "entry.client-x.js 61.2 KiB, …". */
export function biggestScripts(result, count = 5) {
  return [...result.scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, count)
    .map((script) => `${new URL(script.url).pathname} ${kib(script.gzipBytes)}`)
    .join(", ");
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(argv) {
  const [baseUrl, ...paths] = argv;
  if (!baseUrl) {
    console.error("Uso: node scripts/first-load-js.mjs http://127.0.0.1:3000 / /tienda /libro/5");
    process.exit(2);
  }
  const results = await measureFirstLoadJs(baseUrl, paths.length ? paths : ["/"]);
  for (const result of results) {
    console.log(`\n${result.path}`);
    const width = Math.max(...result.scripts.map((s) => new URL(s.url).pathname.length), 6);
    console.log(`  ${"script".padEnd(width)}  ${"bytes".padStart(9)}  ${"gzip".padStart(9)}`);
    for (const script of [...result.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      const name = new URL(script.url).pathname;
      console.log(
        `  ${name.padEnd(width)}  ${String(script.bytes).padStart(9)}  ${String(script.gzipBytes).padStart(9)}`,
      );
    }
    const raw = result.scripts.reduce((sum, s) => sum + s.bytes, 0);
    console.log(
      `  ${"total".padEnd(width)}  ${String(raw).padStart(9)}  ${String(result.totalGzipBytes).padStart(9)}  (${kib(result.totalGzipBytes)} gzip, ${result.scripts.length} scripts)`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
