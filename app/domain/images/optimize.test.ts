import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeCover } from "~/domain/uploads/uploads.server";
import { fetchRemoteImage, isListedHost, isPrivateAddress } from "~/integrations/images/remote-fetch.server";
import { testDatabase } from "../../../tests/support/test-database";
import { type OptimizerOptions, optimizeImage, parseImageRequest } from "./optimize.server";

const database = await testDatabase();
const cacheDir = mkdtempSync(path.join(os.tmpdir(), "rizoma-images-"));
const publicDir = path.resolve(import.meta.dirname, "../../../public");
let remote: http.Server;
let remoteHost = "";
let remoteHits = 0;

const png = await sharp({ create: { width: 800, height: 1200, channels: 3, background: "#c58b2b" } })
  .png()
  .toBuffer();

beforeAll(async () => {
  remote = http.createServer((req, res) => {
    remoteHits++;
    if (req.url === "/tapa.png") res.writeHead(200, { "Content-Type": "image/png" }).end(png);
    else if (req.url === "/texto") res.writeHead(200, { "Content-Type": "text/html" }).end("<p>hola</p>");
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, "127.0.0.1", resolve));
  remoteHost = `127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => remote.close(resolve));
  await database.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const options = (overrides: Partial<OptimizerOptions["remote"]> = {}): OptimizerOptions => ({
  db: database.db,
  publicDir,
  cacheDir,
  remote: { allowedHosts: [remoteHost], production: false, ...overrides },
});
const query = (q: string) => new URLSearchParams(q);

describe("image requests", () => {
  it("reads format, quality and width (snapped up to a listed width)", () => {
    expect(parseImageRequest("images/books/facundo.svg", query("f=avif&q=85&w=500"))).toEqual({
      source: { kind: "local", path: "images/books/facundo.svg" },
      format: "avif",
      quality: 85,
      width: 640,
      version: null,
      negotiated: false,
    });
    expect(parseImageRequest("uploads/3.jpg", query("")).source).toEqual({ kind: "upload", file: "3.jpg" });
    expect(parseImageRequest("https://x.test/a.jpg", query("w=99999")).width).toBe(1920);
  });

  it("refuses bad parameters and paths", () => {
    expect(() => parseImageRequest("images/a.png", query("f=gif"))).toThrow("Formato no admitido");
    expect(() => parseImageRequest("images/a.png", query("q=0"))).toThrow("calidad");
    expect(() => parseImageRequest("images/a.png", query("w=abc"))).toThrow("ancho");
    expect(() => parseImageRequest("images/../../etc/passwd.png", query(""))).toThrow("Imagen no encontrada");
    expect(() => parseImageRequest("server/env.ts", query(""))).toThrow("Imagen no encontrada");
  });
});

describe("optimising", () => {
  it("turns a local SVG cover into WebP and AVIF of the asked width, then serves it from the disk cache", async () => {
    const request = parseImageRequest("images/books/facundo.svg", query("f=webp&w=320"));
    const first = await optimizeImage(request, options());
    expect(first.cached).toBe(false);
    const meta = await sharp(first.bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(320);
    expect((await optimizeImage(request, options())).cached).toBe(true);
    const avif = await optimizeImage(parseImageRequest("images/books/facundo.svg", query("f=avif&w=640")), options());
    expect((await sharp(avif.bytes).metadata()).format).toBe("heif");
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
  });

  it("optimises an upload from the database and never enlarges a raster", async () => {
    const url = await storeCover(database.db, { bytes: png, name: "tapa.png" });
    const result = await optimizeImage(parseImageRequest(url.slice(1), query("f=webp&w=1920")), options());
    expect((await sharp(result.bytes).metadata()).width).toBe(800);
    await expect(optimizeImage(parseImageRequest("uploads/999999.png", query("")), options())).rejects.toThrow(
      "Archivo no encontrado",
    );
  });

  it("fetches a listed remote host once (then the cache answers)", async () => {
    const request = parseImageRequest(`http://${remoteHost}/tapa.png`, query("f=webp&w=320"));
    const before = remoteHits;
    const first = await optimizeImage(request, options());
    expect((await sharp(first.bytes).metadata()).width).toBe(320);
    expect((await optimizeImage(request, options())).cached).toBe(true);
    expect(remoteHits).toBe(before + 1);
  });

  it("refuses unlisted hosts, loopback in production, non-images and missing files", async () => {
    await expect(
      optimizeImage(parseImageRequest("http://evil.test/a.png", query("")), options()),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      fetchRemoteImage(`http://${remoteHost}/tapa.png`, { allowedHosts: [remoteHost], production: true }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      fetchRemoteImage(`http://${remoteHost}/texto`, { allowedHosts: [remoteHost], production: false }),
    ).rejects.toThrow("no es una imagen");
    await expect(
      optimizeImage(parseImageRequest("images/books/no-existe.svg", query("")), options()),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("address rules", () => {
  it("knows private and loopback addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "200.45.1.1", "2800:3f0:4002::1"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("matches listed hosts with and without port", () => {
    expect(isListedHost(new URL("https://cdn.test/a.png"), ["cdn.test"])).toBe(true);
    expect(isListedHost(new URL("https://cdn.test:8443/a.png"), ["cdn.test"])).toBe(false);
    expect(isListedHost(new URL("http://127.0.0.1:4000/a.png"), ["127.0.0.1:4000"])).toBe(true);
    expect(isListedHost(new URL("https://cdn.test.evil.com/a.png"), ["cdn.test"])).toBe(false);
  });
});
