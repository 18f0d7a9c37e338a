import os from "node:os";
import sharp from "sharp";
import type { ImageFormat } from "~/lib/images";

/** One encoding of an image: the optimiser's variant (app/domain/images/optimize.server.ts). */
export interface Encoding {
  format: ImageFormat;
  quality: number;
  width: number;
}

/**
 * libvips threads per image. sharp defaults to one per core; leaving one core free keeps a 2-core
 * server answering pages while covers are encoded (at most 4: covers are small).
 */
export function configureSharp(cores = os.availableParallelism()): void {
  sharp.concurrency(Math.max(1, Math.min(4, cores - 1)));
  // libvips' operation cache (50 MB by default) would keep decoded originals between requests; every
  // variant made is kept on disk anyway, and a large uploaded photo decodes to tens of MB. 16 MB is
  // more than covers ever used in it (3 MB, docs/decisions/0056-memory.md); no open files are kept.
  sharp.cache({ memory: 16, files: 0, items: 50 });
}

/**
 * The image resized to the encoding's width (never enlarged, except SVG) and re-encoded; AVIF at
 * effort 2 (DESIGN §1: effort 4 takes over a second a cover). Rejects bytes it cannot decode.
 */
export async function encodeImage(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  const isSvg = bytes.subarray(0, 512).toString("utf8").includes("<svg");
  // SVG is rendered at a density that gives the asked width sharply (72 dpi would be blurry).
  const image = sharp(bytes, { density: isSvg ? 300 : undefined, failOn: "error", limitInputPixels: 50_000_000 });
  const resized = image.rotate().resize({ width: encoding.width, withoutEnlargement: !isSvg });
  return encoding.format === "avif"
    ? resized.avif({ quality: encoding.quality, effort: 2 }).toBuffer()
    : resized.webp({ quality: encoding.quality }).toBuffer();
}
