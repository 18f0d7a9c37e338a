// First-load JavaScript of a page: every script and modulepreload the server-rendered HTML references,
// fetched once and gzipped (level 9), summed. The bench uses scripts/first-load-js.mjs when it exists and
// this minimal equivalent otherwise.
import { gzipSync } from "node:zlib";

/** The script URLs an HTML document makes the browser load up front (deduplicated, in order). */
export function scriptUrls(html) {
  const urls = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.push(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    if (/\brel="modulepreload"/.test(tag)) {
      const href = /\bhref="([^"]+)"/.exec(tag);
      if (href) urls.push(href[1]);
    }
  }
  // Inline module scripts import the entry chunks directly.
  for (const match of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const imported of match[1].matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g))
      urls.push(imported[1]);
  }
  return [...new Set(urls)];
}

/** @returns {Promise<{path: string, scripts: number, totalGzipBytes: number}[]>} */
export async function measureFirstLoadJs(baseUrl, paths) {
  const rows = [];
  for (const path of paths) {
    const html = await (await fetch(new URL(path, baseUrl))).text();
    const urls = scriptUrls(html);
    let total = 0;
    for (const url of urls) {
      const response = await fetch(new URL(url, baseUrl));
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      total += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    }
    rows.push({ path, scripts: urls.length, totalGzipBytes: total });
  }
  return rows;
}
