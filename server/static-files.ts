import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { negotiateEncoding } from "./page-cache";

/** The Content-Type of each kind of file the build precompresses (vite.precompress.ts). */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
};

const SUFFIX = { br: ".br", gzip: ".gz" } as const;

/** The files under `dir` (paths from it, with a leading `/`) that have a `.br` and a `.gz` copy beside them. */
export function precompressedFiles(dir: string): Set<string> {
  const found = new Set<string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (TYPES[path.extname(name)] && existsSync(`${file}.br`) && existsSync(`${file}.gz`))
        found.add(`/${path.relative(dir, file).split(path.sep).join("/")}`);
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/**
 * express.static for `dir`, serving a file's brotli or gzip copy written at build time when the browser
 * takes it (Content-Encoding, and `Vary: Accept-Encoding` on every answer for such a file, so a cache
 * between keeps the encodings apart). The compression middleware leaves an encoded answer alone, so these
 * files are never compressed again per request. Other files (and a browser that takes neither encoding)
 * get the file itself, as express.static does.
 */
export function staticFiles(dir: string, options: { maxAge: string; immutable?: boolean }): RequestHandler {
  const variants = precompressedFiles(dir);
  const serve = express.static(dir, {
    ...options,
    index: false,
    setHeaders(res) {
      const precompressed = res.locals.precompressed as { type: string; encoding: string | null } | undefined;
      if (!precompressed) return;
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Content-Type", precompressed.type);
      if (precompressed.encoding) res.setHeader("Content-Encoding", precompressed.encoding);
    },
  });
  return (req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && variants.size > 0) {
      let file: string | undefined;
      try {
        file = decodeURIComponent(req.path);
      } catch {
        file = undefined;
      }
      if (file && variants.has(file)) {
        const encoding = negotiateEncoding(req.headers["accept-encoding"]);
        res.locals.precompressed = {
          type: TYPES[path.extname(file)],
          encoding: encoding === "identity" ? null : encoding,
        };
        if (encoding !== "identity") req.url = `${req.url.split("?")[0]}${SUFFIX[encoding]}`;
      }
    }
    serve(req, res, next);
  };
}
