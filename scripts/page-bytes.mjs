// What the first document of a page weighs: its HTML before compression, gzipped (level 9) and in brotli
// (quality 11, what the page cache ends up storing), and where the raw bytes go (inline <style>, the
// hydration data React Router writes, inline SVG, class attributes), plus every stylesheet the page links.
// Issue 36, goal 2: `/`, `/tienda` and a book page <= 90 KB raw and <= 16 KB brotli. Bytes, not time, so
// a test may assert them. Plain Node ESM so tests and the bench import it as is.
//
//   node scripts/page-bytes.mjs http://127.0.0.1:3000 / /tienda /libro/5
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const RAW_BUDGET_BYTES = 90 * 1024;
export const BROTLI_BUDGET_BYTES = 16 * 1024;

export const gzipSize = (body) => gzipSync(body, { level: 9 }).length;
export const brotliSize = (body) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;

const sum = (matches) => matches.reduce((total, match) => total + Buffer.byteLength(match[0]), 0);

/** Where the raw bytes of one document go (overlapping parts are not subtracted from each other). */
export function breakdown(html) {
  const scripts = [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)];
  return {
    inlineStyle: sum([...html.matchAll(/<style\b[^>]*>[\s\S]*?<\/style>/g)]),
    // React Router's hydration data: the inline scripts that fill window.__reactRouterContext.
    hydrationData: sum(scripts.filter(([script]) => /__reactRouterContext|streamController/.test(script))),
    otherInlineScripts: sum(
      scripts.filter(
        ([script]) => !/\bsrc=/.test(script.slice(0, 300)) && !/__reactRouterContext|streamController/.test(script),
      ),
    ),
    inlineSvg: sum([...html.matchAll(/<svg\b[\s\S]*?<\/svg>/g)]),
    classAttributes: sum([...html.matchAll(/\sclass="[^"]*"/g)]),
  };
}

/** Same-origin stylesheets a document links, in order. */
export function stylesheetUrls(html, pageUrl) {
  const urls = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?stylesheet/i.test(tag)) continue;
    const href = /\bhref=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (!href) continue;
    const url = new URL(href.replaceAll("&amp;", "&"), pageUrl);
    if (url.origin === new URL(pageUrl).origin && !urls.includes(url.href)) urls.push(url.href);
  }
  return urls;
}

async function fetchText(url) {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!response.ok) throw new Error(`GET ${url} -> HTTP ${response.status}`);
  return { text: await response.text(), headers: response.headers };
}

/**
 * The document of each path under baseUrl: raw, gzip and brotli bytes, the breakdown, and each linked
 * stylesheet's bytes (fetched once per URL; the browser keeps it across pages).
 * @param {string} baseUrl
 * @param {string[]} paths
 */
export async function measurePageBytes(baseUrl, paths) {
  const sheets = new Map();
  const results = [];
  for (const path of paths) {
    const pageUrl = new URL(path, baseUrl).href;
    const { text: html } = await fetchText(pageUrl);
    const body = Buffer.from(html);
    const stylesheets = [];
    for (const url of stylesheetUrls(html, pageUrl)) {
      if (!sheets.has(url)) {
        const { text, headers } = await fetchText(url);
        const css = Buffer.from(text);
        sheets.set(url, {
          url,
          bytes: css.length,
          gzipBytes: gzipSize(css),
          brotliBytes: brotliSize(css),
          cacheControl: headers.get("cache-control"),
        });
      }
      stylesheets.push(sheets.get(url));
    }
    results.push({
      path,
      bytes: body.length,
      gzipBytes: gzipSize(body),
      brotliBytes: brotliSize(body),
      parts: breakdown(html),
      stylesheets,
    });
  }
  return results;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** A markdown table of measurePageBytes' rows, with the goal beside each figure. */
export function pageBytesTable(rows) {
  const lines = [
    "| page | raw KB | gzip KB | brotli KB | goal | inline style | hydration data | inline SVG | class attributes | stylesheets (raw / brotli KB) |",
    "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const row of rows) {
    const pass = row.bytes <= RAW_BUDGET_BYTES && row.brotliBytes <= BROTLI_BUDGET_BYTES;
    lines.push(
      `| ${row.path} | ${kb(row.bytes)} | ${kb(row.gzipBytes)} | ${kb(row.brotliBytes)} | ≤ 90 / ≤ 16 ${pass ? "✓" : "✗"} | ${kb(row.parts.inlineStyle)} | ${kb(row.parts.hydrationData)} | ${kb(row.parts.inlineSvg)} | ${kb(row.parts.classAttributes)} | ${row.stylesheets.map((s) => `${new URL(s.url).pathname.split("/").pop()} ${kb(s.bytes)} / ${kb(s.brotliBytes)}`).join(", ") || "none"} |`,
    );
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [baseUrl = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
  const rows = await measurePageBytes(baseUrl, paths.length > 0 ? paths : ["/", "/tienda"]);
  console.log(pageBytesTable(rows));
  if (process.env.JSON) console.log(JSON.stringify(rows, null, 2));
}
