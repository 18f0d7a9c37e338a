import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { Invalid, NotFound } from "~/domain/errors";
import { readUpload } from "~/domain/uploads/uploads.server";
import { IMAGE_QUALITY, IMAGE_WIDTHS, type ImageFormat } from "~/lib/images";
import type { Db } from "~db/index";
import { fetchRemoteImage, type RemotePolicy } from "./remote-fetch.server";

/**
 * GET /api/images/optimize/{path}?f=avif|webp&q=85&w=: a local image (public/ or an upload) or an
 * image from an allowed remote host, resized and re-encoded by sharp, cached on disk under
 * DATA_DIR/cache/images. AVIF uses effort 2 (DESIGN §1: effort 4 takes over a second a cover).
 */
export interface OptimizerOptions {
  db: Db;
  /** Folder of public files (build/client in production, public/ in development). */
  publicDir: string;
  cacheDir: string;
  remote: RemotePolicy;
}

export interface ImageRequest {
  source: { kind: "local"; path: string } | { kind: "upload"; file: string } | { kind: "remote"; url: string };
  format: ImageFormat;
  quality: number;
  width: number;
}

const LOCAL_EXTENSIONS = /\.(jpe?g|png|webp|avif|gif|svg)$/i;
const MAX_WIDTH: number = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 1920;

/** Reads the path (already URL-decoded once) and query. Any width snaps up to a listed width. */
export function parseImageRequest(rawPath: string, query: URLSearchParams): ImageRequest {
  const format = query.get("f") ?? "webp";
  if (format !== "avif" && format !== "webp") throw new Invalid("Formato no admitido: usá f=avif o f=webp");
  const q = query.get("q");
  const quality = q === null || q === "" ? IMAGE_QUALITY : Number(q);
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new Invalid("La calidad (q) va de 1 a 100");
  const w = query.get("w");
  const asked = w === null || w === "" ? MAX_WIDTH : Number(w);
  if (!Number.isSafeInteger(asked) || asked < 1) throw new Invalid("El ancho (w) no es válido");
  const width = IMAGE_WIDTHS.find((listed) => listed >= asked) ?? MAX_WIDTH;

  if (/^https?:\/\//i.test(rawPath)) return { source: { kind: "remote", url: rawPath }, format, quality, width };
  const clean = rawPath.replace(/^\/+/, "");
  if (clean.includes("\0") || clean.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new NotFound("Imagen no encontrada");
  }
  const upload = /^uploads\/(\d{1,9}\.(?:jpg|png|webp))$/.exec(clean);
  if (upload?.[1]) return { source: { kind: "upload", file: upload[1] }, format, quality, width };
  const local = clean.startsWith("public/") ? clean.slice("public/".length) : clean;
  if (!LOCAL_EXTENSIONS.test(local)) throw new NotFound("Imagen no encontrada");
  return { source: { kind: "local", path: local }, format, quality, width };
}

interface Original {
  bytes: Buffer;
  /** Identifies this version of the original in the cache key. */
  version: string;
}

async function readOriginal(request: ImageRequest, options: OptimizerOptions): Promise<Original> {
  const { source } = request;
  if (source.kind === "upload") {
    const upload = await readUpload(options.db, source.file);
    return { bytes: Buffer.from(upload.bytes), version: `upload:${upload.sha256}` };
  }
  if (source.kind === "local") {
    const root = path.resolve(options.publicDir);
    const file = path.resolve(root, source.path);
    if (!file.startsWith(root + path.sep)) throw new NotFound("Imagen no encontrada");
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new NotFound("Imagen no encontrada");
    return { bytes: await readFile(file), version: `local:${source.path}:${info.size}:${info.mtimeMs}` };
  }
  return { bytes: await fetchRemoteImage(source.url, options.remote), version: `remote:${source.url}` };
}

async function transform(bytes: Buffer, request: ImageRequest): Promise<Buffer> {
  const isSvg = bytes.subarray(0, 512).toString("utf8").includes("<svg");
  // SVG is rendered at a density that gives the asked width sharply (72 dpi would be blurry).
  const image = sharp(bytes, { density: isSvg ? 300 : undefined, failOn: "error", limitInputPixels: 50_000_000 });
  const resized = image.rotate().resize({ width: request.width, withoutEnlargement: !isSvg });
  return request.format === "avif"
    ? resized.avif({ quality: request.quality, effort: 2 }).toBuffer()
    : resized.webp({ quality: request.quality }).toBuffer();
}

const inFlight = new Map<string, Promise<Buffer>>();

/** The optimised bytes (from the disk cache when there), and whether they came from it. */
export async function optimizeImage(
  request: ImageRequest,
  options: OptimizerOptions,
): Promise<{ bytes: Buffer; cached: boolean; contentType: string }> {
  const contentType = request.format === "avif" ? "image/avif" : "image/webp";
  // Remote originals are keyed by URL alone, so a cached remote image is served without fetching again.
  const preKey =
    request.source.kind === "remote"
      ? `remote:${request.source.url}|${request.format}|${request.quality}|${request.width}`
      : null;
  if (preKey) {
    const hit = await readCache(options.cacheDir, preKey, request.format);
    if (hit) return { bytes: hit, cached: true, contentType };
  }
  const original = await readOriginal(request, options);
  const key = preKey ?? `${original.version}|${request.format}|${request.quality}|${request.width}`;
  if (!preKey) {
    const hit = await readCache(options.cacheDir, key, request.format);
    if (hit) return { bytes: hit, cached: true, contentType };
  }
  let work = inFlight.get(key);
  if (!work) {
    work = transform(original.bytes, request)
      .catch(() => {
        throw new Invalid("No se pudo procesar la imagen");
      })
      .then(async (bytes) => {
        await writeCache(options.cacheDir, key, request.format, bytes);
        return bytes;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, work);
  }
  return { bytes: await work, cached: false, contentType };
}

function cacheFile(cacheDir: string, key: string, format: ImageFormat): string {
  const hash = createHash("sha256").update(key).digest("hex");
  return path.join(cacheDir, hash.slice(0, 2), `${hash}.${format}`);
}

async function readCache(cacheDir: string, key: string, format: ImageFormat): Promise<Buffer | null> {
  return readFile(cacheFile(cacheDir, key, format)).catch(() => null);
}

async function writeCache(cacheDir: string, key: string, format: ImageFormat, bytes: Buffer): Promise<void> {
  const file = cacheFile(cacheDir, key, format);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch {
    // The cache is derived data: failing to write it only costs the next request the work again.
  }
}
