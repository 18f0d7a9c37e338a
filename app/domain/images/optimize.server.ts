import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Invalid, NotFound } from "~/domain/errors";
import { readUpload } from "~/domain/uploads/uploads.server";
import { fetchRemoteImage, type RemotePolicy } from "~/integrations/images/remote-fetch.server";
import { encodeImage } from "~/integrations/images/sharp.server";
import { IMAGE_QUALITY, IMAGE_VERSION, IMAGE_WIDTHS, type ImageFormat } from "~/lib/images";
import type { Db } from "~db/index";
import { recordRemoteHash, remoteHash, uploadHash, versionOf } from "./versions.server";

/**
 * GET /api/images/optimize/{path}?f=avif|webp&q=85&w=[&v=]: a local image (public/ or an upload) or an
 * image from an allowed remote host, resized and re-encoded by sharp (both outside calls are in
 * app/integrations/images), cached on disk under DATA_DIR/cache/images. AVIF uses effort 2 (DESIGN §1:
 * effort 4 takes over a second a cover).
 *
 * Uploads and remote images are cached by the SHA-256 of their original (versions.server.ts), so a
 * variant already on disk is answered without reading the original from the database or the remote
 * host; `v` (the hash's first 16 hex digits) makes the answer immutable when it names the current
 * original. Local files are cached by path, size and modification time, as before.
 */
export interface OptimizerOptions {
  db: Db;
  /** Folder of public files (build/client in production, public/ in development). */
  publicDir: string;
  cacheDir: string;
  remote: RemotePolicy;
}

export type ImageSource =
  | { kind: "local"; path: string }
  | { kind: "upload"; file: string }
  | { kind: "remote"; url: string };

export interface Variant {
  format: ImageFormat;
  quality: number;
  width: number;
}

export interface ImageRequest extends Variant {
  source: ImageSource;
  /** The URL's `v` when it is a well-formed version (IMAGE_VERSION); anything else counts as none. */
  version: string | null;
  /** The URL had no `f`: the format was chosen from Accept, so the answer varies by it. */
  negotiated: boolean;
}

const LOCAL_EXTENSIONS = /\.(jpe?g|png|webp|avif|gif|svg)$/i;
const MAX_WIDTH: number = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 1920;

/** Whether an Accept header takes AVIF (listed, and not with q=0). */
export function acceptsAvif(accept: string): boolean {
  return accept.split(",").some((range) => {
    const [type, ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    if (type !== "image/avif") return false;
    const q = params.find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The source an optimiser path (already URL-decoded once) or a page's image `src` names. */
export function imageSource(rawPath: string): ImageSource {
  if (/^https?:\/\//i.test(rawPath)) return { kind: "remote", url: rawPath };
  const clean = rawPath.replace(/^\/+/, "");
  if (clean.includes("\0") || clean.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new NotFound("Imagen no encontrada");
  }
  const upload = /^uploads\/(\d{1,9}\.(?:jpg|png|webp))$/.exec(clean);
  if (upload?.[1]) return { kind: "upload", file: upload[1] };
  const local = clean.startsWith("public/") ? clean.slice("public/".length) : clean;
  if (!LOCAL_EXTENSIONS.test(local)) throw new NotFound("Imagen no encontrada");
  return { kind: "local", path: local };
}

/**
 * Reads the path (already URL-decoded once), query and Accept. Any width snaps up to a listed width.
 * Without `f` the format follows Accept: AVIF when the client takes it, else WebP.
 */
export function parseImageRequest(rawPath: string, query: URLSearchParams, accept = ""): ImageRequest {
  const f = query.get("f");
  const negotiated = f === null;
  const format = negotiated ? (acceptsAvif(accept) ? "avif" : "webp") : f;
  if (format !== "avif" && format !== "webp") throw new Invalid("Formato no admitido: usá f=avif o f=webp");
  const q = query.get("q");
  const quality = q === null || q === "" ? IMAGE_QUALITY : Number(q);
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new Invalid("La calidad (q) va de 1 a 100");
  const w = query.get("w");
  const asked = w === null || w === "" ? MAX_WIDTH : Number(w);
  if (!Number.isSafeInteger(asked) || asked < 1) throw new Invalid("El ancho (w) no es válido");
  const width = IMAGE_WIDTHS.find((listed) => listed >= asked) ?? MAX_WIDTH;
  const v = query.get("v");
  const version = v !== null && IMAGE_VERSION.test(v) ? v : null;
  return { source: imageSource(rawPath), format, quality, width, version, negotiated };
}

async function readLocal(source: { path: string }, options: OptimizerOptions) {
  const root = path.resolve(options.publicDir);
  const file = path.resolve(root, source.path);
  if (!file.startsWith(root + path.sep)) throw new NotFound("Imagen no encontrada");
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new NotFound("Imagen no encontrada");
  return { bytes: await readFile(file), key: `local:${source.path}:${info.size}:${info.mtimeMs}` };
}

/** The hash of an upload's or remote image's original as far as the database knows it, without its bytes. */
function knownHash(source: Exclude<ImageSource, { kind: "local" }>, db: Db): Promise<string | null> {
  return source.kind === "upload" ? uploadHash(db, source.file) : remoteHash(db, source.url);
}

/**
 * An upload's or remote image's original, with its hash. A remote image whose bytes hash differently
 * from what was recorded (first fetch, or the host changed it) is recorded anew: `learned`.
 */
async function readHashedOriginal(
  source: Exclude<ImageSource, { kind: "local" }>,
  known: string | null,
  options: OptimizerOptions,
): Promise<{ bytes: Buffer; sha256: string; learned: boolean }> {
  if (source.kind === "upload") {
    const upload = await readUpload(options.db, source.file);
    return { bytes: Buffer.from(upload.bytes), sha256: upload.sha256, learned: false };
  }
  const bytes = await fetchRemoteImage(source.url, options.remote);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const learned = sha256 !== known && (await recordRemoteHash(options.db, source.url, sha256, bytes.length));
  return { bytes, sha256, learned };
}

const inFlight = new Map<string, Promise<Buffer>>();

/** Makes one variant and stores it at `file`; concurrent asks for the same file share the work. */
function produce(file: string, original: Buffer, variant: Variant): Promise<Buffer> {
  let work = inFlight.get(file);
  if (!work) {
    work = encodeImage(original, variant)
      .catch(() => {
        throw new Invalid("No se pudo procesar la imagen");
      })
      .then(async (bytes) => {
        await writeCache(file, bytes);
        return bytes;
      })
      .finally(() => inFlight.delete(file));
    inFlight.set(file, work);
  }
  return work;
}

export interface OptimizedImage {
  bytes: Buffer;
  /** Answered from the disk cache. */
  cached: boolean;
  contentType: string;
  /** The request's `v` names the original these bytes were made from: the URL can be cached for good. */
  immutable: boolean;
}

/** The optimised bytes (from the disk cache when there). */
export async function optimizeImage(request: ImageRequest, options: OptimizerOptions): Promise<OptimizedImage> {
  const contentType = request.format === "avif" ? "image/avif" : "image/webp";
  const { source } = request;
  if (source.kind === "local") {
    const original = await readLocal(source, options);
    const file = localCacheFile(options.cacheDir, `${original.key}|${variantKey(request)}`, request.format);
    const hit = await readCache(file);
    if (hit) return { bytes: hit, cached: true, contentType, immutable: false };
    return { bytes: await produce(file, original.bytes, request), cached: false, contentType, immutable: false };
  }
  const immutable = (sha256: string) => request.version !== null && request.version === versionOf(sha256);
  const known = await knownHash(source, options.db);
  if (known) {
    const hit = await readCache(hashedCacheFile(options.cacheDir, known, request));
    if (hit) return { bytes: hit, cached: true, contentType, immutable: immutable(known) };
  }
  const original = await readHashedOriginal(source, known, options);
  const file = hashedCacheFile(options.cacheDir, original.sha256, request);
  if (original.sha256 !== known) {
    // Same bytes under another name (another upload, another URL): the variant may already be there.
    const hit = await readCache(file);
    if (hit) return { bytes: hit, cached: true, contentType, immutable: immutable(original.sha256) };
  }
  const bytes = await produce(file, original.bytes, request);
  return { bytes, cached: false, contentType, immutable: immutable(original.sha256) };
}

/**
 * Makes, ahead of any request, the variants of an upload or remote image that are not on disk yet:
 * the original is read (or fetched) once, and the variants are encoded one after another. Local files
 * are left to be made on request. Says how many were made, and whether a remote image's hash was
 * recorded anew (pages then have a new URL for it).
 */
export async function prepareVariants(
  src: string,
  variants: Variant[],
  options: OptimizerOptions,
): Promise<{ made: number; learned: boolean }> {
  const source = imageSource(src);
  if (source.kind === "local") return { made: 0, learned: false };
  const missing = async (sha256: string) => {
    const present = await Promise.all(
      variants.map((variant) => stat(hashedCacheFile(options.cacheDir, sha256, variant)).then(Boolean, () => false)),
    );
    return variants.filter((_, index) => !present[index]);
  };
  const known = await knownHash(source, options.db);
  if (known && (await missing(known)).length === 0) return { made: 0, learned: false };
  const original = await readHashedOriginal(source, known, options);
  const todo = await missing(original.sha256);
  for (const variant of todo) {
    await produce(hashedCacheFile(options.cacheDir, original.sha256, variant), original.bytes, variant);
  }
  return { made: todo.length, learned: original.learned };
}

const variantKey = (variant: Variant) => `${variant.format}|${variant.quality}|${variant.width}`;

/** A variant of a hashed original: readable names, grouped by hash (cacheDir/sha256/ab/abcd…-w320-q85.avif). */
function hashedCacheFile(cacheDir: string, sha256: string, variant: Variant): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
  return path.join(
    cacheDir,
    "sha256",
    sha256.slice(0, 2),
    `${sha256}-w${variant.width}-q${variant.quality}.${variant.format}`,
  );
}

function localCacheFile(cacheDir: string, key: string, format: ImageFormat): string {
  const hash = createHash("sha256").update(key).digest("hex");
  return path.join(cacheDir, hash.slice(0, 2), `${hash}.${format}`);
}

async function readCache(file: string): Promise<Buffer | null> {
  return readFile(file).catch(() => null);
}

async function writeCache(file: string, bytes: Buffer): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch {
    // The cache is derived data: failing to write it only costs the next request the work again.
  }
}
