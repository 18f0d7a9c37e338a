import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPublicPagesChanged } from "~/domain/cache/public-pages.server";
import { storeCover } from "~/domain/uploads/uploads.server";
import { COVER_VARIANT_WIDTHS, optimizedUrl } from "~/lib/images";
import { imageOriginals, uploads } from "~db/schema";
import { IMAGE_ROUTE, IMMUTABLE_CACHE, imageHandler, SHORT_CACHE } from "../../../server/images";
import { testDatabase } from "../../../tests/support/test-database";
import type { OptimizerOptions } from "./optimize.server";
import { COVER_VARIANTS, createCoverVariantWorker } from "./variants.server";
import { imageVersions, withCoverVersion } from "./versions.server";

const database = await testDatabase();
const db = database.db;
const cacheDir = mkdtempSync(path.join(os.tmpdir(), "rizoma-variants-"));
const publicDir = path.resolve(import.meta.dirname, "../../../public");

const drawPng = (background: string) =>
  sharp({ create: { width: 900, height: 1350, channels: 3, background } })
    .png()
    .toBuffer();
const coverPng = await drawPng("#7a3b2e");
const remotePng = await drawPng("#2b6cc5");
const askedPng = await drawPng("#c52b6c");

let remote: http.Server;
let remoteHost = "";
const remoteHits: string[] = [];
let app: http.Server;
let baseUrl = "";
const logLines: { level: number; msg: string; src?: string }[] = [];
const log = pino(
  { level: "debug" },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  }),
);

const options = (): OptimizerOptions => ({
  db,
  publicDir,
  cacheDir,
  remote: { allowedHosts: [remoteHost], production: false },
});

beforeAll(async () => {
  remote = http.createServer((req, res) => {
    remoteHits.push(req.url ?? "");
    if (req.url === "/tapa-remota.png") res.writeHead(200, { "Content-Type": "image/png" }).end(remotePng);
    else if (req.url === "/tapa-pedida.png") res.writeHead(200, { "Content-Type": "image/png" }).end(askedPng);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, "127.0.0.1", resolve));
  remoteHost = `127.0.0.1:${(remote.address() as AddressInfo).port}`;
  const server = express();
  server.get(`${IMAGE_ROUTE}{*path}`, imageHandler(options()));
  app = await new Promise<http.Server>((resolve) => {
    const listening = server.listen(0, "127.0.0.1", () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => app.close(resolve));
  await new Promise((resolve) => remote.close(resolve));
  await database.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const get = (url: string, accept = "image/avif,image/webp,*/*") => fetch(`${baseUrl}${url}`, { headers: { accept } });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
const variantFile = (sha256: string, width: number, format: string) =>
  path.join(cacheDir, "sha256", sha256.slice(0, 2), `${sha256}-w${width}-q85.${format}`);
const versionOf = async (src: string) => {
  const version = (await imageVersions(db, [src])).get(src);
  if (!version) throw new Error(`no version for ${src}`);
  return version;
};

describe("variants made ahead of any request", () => {
  it("covers every width the pages ask for covers, in both formats", () => {
    expect(COVER_VARIANT_WIDTHS).toEqual([320, 640]);
    expect(COVER_VARIANTS).toHaveLength(4);
  });

  it("makes an upload's variants in the background: the first request for each is a cache hit, immutable", async () => {
    const src = await storeCover(db, { bytes: coverPng, name: "tapa.png" });
    const worker = createCoverVariantWorker({ ...options(), log });
    worker.schedule([src]);
    await worker.idle();
    const [row] = await db
      .select({ sha256: uploads.sha256 })
      .from(uploads)
      .where(eq(uploads.id, idOf(src)));
    const sha256 = row?.sha256 ?? "";
    const version = await versionOf(src);
    expect(version).toBe(sha256.slice(0, 16));
    for (const { format, width } of COVER_VARIANTS) {
      expect(existsSync(variantFile(sha256, width, format)), `${format} ${width}`).toBe(true);
      const response = await get(optimizedUrl(src, format, width, 85, version));
      expect(response.status).toBe(200);
      expect(response.headers.get("x-image-cache")).toBe("hit");
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE);
      expect(response.headers.get("content-type")).toBe(`image/${format}`);
      expect((await sharp(await bytesOf(response)).metadata()).width).toBe(width);
    }
    // A width no page asks for was not made ahead: it is made on request.
    const other = await get(optimizedUrl(src, "webp", 1024, 85, version));
    expect(other.headers.get("x-image-cache")).toBe("miss");
  });

  it("answers immutable only for the current version; a stale or made-up v gets the current image, briefly cached", async () => {
    const src = await storeCover(db, { bytes: await drawPng("#334455"), name: "otra.png" });
    const version = await versionOf(src);
    const right = await get(optimizedUrl(src, "webp", 320, 85, version));
    expect(right.headers.get("cache-control")).toBe(IMMUTABLE_CACHE);
    const current = await bytesOf(right);
    for (const v of ["0123456789abcdef", "zz", version.slice(0, 15)]) {
      const stale = await get(`${optimizedUrl(src, "webp", 320)}&v=${v}`);
      expect(stale.status, v).toBe(200);
      expect(stale.headers.get("cache-control"), v).toBe(SHORT_CACHE);
      expect((await bytesOf(stale)).equals(current), v).toBe(true);
    }
    // The spec's URL, without v, works as it always did.
    const plain = await get(optimizedUrl(src, "webp", 320));
    expect(plain.headers.get("cache-control")).toBe(SHORT_CACHE);
    expect(plain.headers.get("x-image-cache")).toBe("hit");
    expect((await bytesOf(plain)).equals(current)).toBe(true);
  });

  it("serves a variant on disk without reading the original: with the upload's bytes ruined, it still answers", async () => {
    const src = await storeCover(db, { bytes: await drawPng("#556677"), name: "tapa3.png" });
    const worker = createCoverVariantWorker({ ...options(), log });
    worker.schedule([src]);
    await worker.idle();
    const version = await versionOf(src);
    const before = await bytesOf(await get(optimizedUrl(src, "avif", 640, 85, version)));
    // The row keeps its hash, but its bytes are no longer an image: any read of the original now fails.
    await db
      .update(uploads)
      .set({ bytes: Buffer.from("esto no es una imagen") })
      .where(eq(uploads.id, idOf(src)));
    const after = await get(optimizedUrl(src, "avif", 640, 85, version));
    expect(after.status).toBe(200);
    expect(after.headers.get("x-image-cache")).toBe("hit");
    expect(after.headers.get("cache-control")).toBe(IMMUTABLE_CACHE);
    expect((await bytesOf(after)).equals(before)).toBe(true);
    // Proof that the original really is unreadable: a variant not on disk cannot be made.
    const missing = await get(optimizedUrl(src, "avif", 1280, 85, version));
    expect(missing.status).toBe(404);
  });
});

describe("format from Accept", () => {
  it("chooses AVIF when Accept takes it and WebP otherwise, with Vary: Accept; an explicit f wins, without Vary", async () => {
    const src = await storeCover(db, { bytes: await drawPng("#667788"), name: "tapa4.png" });
    const url = `${IMAGE_ROUTE}${src.slice(1)}?q=85&w=320`;
    const avif = await get(url, "image/avif,image/webp,image/apng,image/*,*/*;q=0.8");
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toMatch(/\baccept\b/i);
    expect((await sharp(await bytesOf(avif)).metadata()).format).toBe("heif");
    for (const accept of ["image/webp,*/*", "*/*", "image/avif;q=0, image/webp"]) {
      const webp = await get(url, accept);
      expect(webp.headers.get("content-type"), accept).toBe("image/webp");
      expect(webp.headers.get("vary"), accept).toMatch(/\baccept\b/i);
    }
    const explicit = await get(`${url}&f=webp`, "image/avif,image/webp");
    expect(explicit.headers.get("content-type")).toBe("image/webp");
    expect(explicit.headers.get("vary") ?? "").not.toMatch(/\baccept\b/i);
    const bad = await get(`${url}&f=gif`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Formato no admitido: usá f=avif o f=webp");
  });
});

describe("remote covers", () => {
  it("records a remote cover's hash in the background, tells the pages, and then serves it immutable", async () => {
    const src = `http://${remoteHost}/tapa-remota.png`;
    expect((await imageVersions(db, [src])).size).toBe(0);
    const reasons: string[] = [];
    const unsubscribe = onPublicPagesChanged((reason) => reasons.push(reason));
    try {
      const worker = createCoverVariantWorker({ ...options(), log });
      worker.schedule([src, src]);
      await worker.idle();
    } finally {
      unsubscribe();
    }
    expect(remoteHits.filter((hit) => hit === "/tapa-remota.png")).toHaveLength(1);
    expect(reasons).toEqual(["images.cover-hash"]);
    const [row] = await db.select().from(imageOriginals).where(eq(imageOriginals.source, src));
    expect(row?.size).toBe(remotePng.length);
    const book = withCoverVersion({ id: 1, coverUrl: src }, await imageVersions(db, [src]));
    expect(book?.coverVersion).toBe(row?.sha256.slice(0, 16));
    const response = await get(optimizedUrl(src, "avif", 320, 85, book?.coverVersion));
    expect(response.headers.get("x-image-cache")).toBe("hit");
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE);
    // Nothing was fetched again to answer it.
    expect(remoteHits.filter((hit) => hit === "/tapa-remota.png")).toHaveLength(1);
  });

  it("records the hash of a remote image first asked by a visitor, serves it again without fetching, and tells no page", async () => {
    const src = `http://${remoteHost}/tapa-pedida.png`;
    const reasons: string[] = [];
    const unsubscribe = onPublicPagesChanged((reason) => reasons.push(reason));
    try {
      const first = await get(optimizedUrl(src, "webp", 320));
      expect(first.headers.get("x-image-cache")).toBe("miss");
      expect(first.headers.get("cache-control")).toBe(SHORT_CACHE);
      const version = await versionOf(src);
      const again = await get(optimizedUrl(src, "webp", 320, 85, version));
      expect(again.headers.get("x-image-cache")).toBe("hit");
      expect(again.headers.get("cache-control")).toBe(IMMUTABLE_CACHE);
    } finally {
      unsubscribe();
    }
    expect(remoteHits.filter((hit) => hit === "/tapa-pedida.png")).toHaveLength(1);
    // A visitor can ask for any image of an allowed host: that must not empty the page caches.
    expect(reasons).toEqual([]);
  });

  it("logs a cover it cannot make and goes on with the next; unlisted hosts and local files are not queued", async () => {
    logLines.length = 0;
    const good = await storeCover(db, { bytes: await drawPng("#778899"), name: "tapa5.png" });
    const worker = createCoverVariantWorker({ ...options(), log });
    worker.schedule([
      `http://${remoteHost}/no-existe.png`,
      "/uploads/999999.png",
      "https://cdn.no-listado.test/x.jpg",
      "/images/books/facundo.svg",
      null,
      good,
    ]);
    await worker.idle();
    const failures = logLines.filter((line) => line.msg.startsWith("could not make cover variants"));
    expect(failures.map((line) => line.src)).toEqual([`http://${remoteHost}/no-existe.png`, "/uploads/999999.png"]);
    expect(failures.every((line) => line.level === 40)).toBe(true);
    const version = await versionOf(good);
    const response = await get(optimizedUrl(good, "webp", 640, 85, version));
    expect(response.headers.get("x-image-cache")).toBe("hit");
  });
});

function idOf(src: string): number {
  const id = /^\/uploads\/(\d+)\./.exec(src)?.[1];
  if (!id) throw new Error(`not an upload: ${src}`);
  return Number(id);
}
