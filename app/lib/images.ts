/**
 * Image URLs for pages (storefront spec §7): which sources go through /api/images/optimize and the
 * responsive widths. Client-safe; the endpoint itself is server/images.ts.
 */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536, 1920] as const;
export const IMAGE_QUALITY = 85;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const DEFAULT_COVER = "/images/default-book-cover.svg";
export const OPTIMIZE_PREFIX = "/api/images/optimize/";

/** An absolute http(s) address (a remote image), as opposed to a path on this site. */
export const isRemote = (src: string) => /^https?:\/\//i.test(src);

/** A cover uploaded in the admin (stored in the database): `/uploads/{id}.{jpg|png|webp}`. */
const UPLOADED_COVER = /^\/uploads\/\d{1,9}\.(?:jpg|png|webp)$/;

/**
 * The spec's pass-through rules: images under /images/books/ whose name includes '-optimized' and
 * external or other URLs are optimised; other paths under /images/ or /public/ are served as they are
 * (as are inline data and SVG, which need no resizing). Covers uploaded in the admin are photos of any
 * size, so they are optimised too (issue 3: "served through the image pipeline"); other /uploads/ paths
 * are not.
 */
export function shouldOptimize(src: string): boolean {
  if (src.startsWith("data:") || src.startsWith("blob:")) return false;
  if (isRemote(src)) return true;
  const path = src.split(/[?#]/)[0] ?? "";
  if (UPLOADED_COVER.test(path)) return true;
  if (path.startsWith("/images/books/") && path.includes("-optimized")) return !path.endsWith(".svg");
  if (path.startsWith("/images/") || path.startsWith("/uploads/") || path.startsWith("/public/")) return false;
  return !path.endsWith(".svg");
}

/**
 * The content version of an original in an optimiser URL: the first 16 hex digits of its SHA-256.
 * With it the URL names one exact image, so the answer may be cached as immutable
 * (docs/decisions/0012-cover-variants.md).
 */
export const IMAGE_VERSION = /^[0-9a-f]{16}$/;

/**
 * /api/images/optimize/{path}?f=&q=85&w=[&v=]: a local path as is, an external URL encoded; `version`
 * (IMAGE_VERSION) when the original's content hash is known.
 */
export function optimizedUrl(
  src: string,
  format: ImageFormat,
  width: number,
  quality = IMAGE_QUALITY,
  version?: string | null,
): string {
  const path = isRemote(src)
    ? encodeURIComponent(src)
    : src
        .replace(/^\/+/, "")
        .split("/")
        .map((segment) => encodeURIComponent(decodeSafe(segment)))
        .join("/");
  const v = version && IMAGE_VERSION.test(version) ? `&v=${version}` : "";
  return `${OPTIMIZE_PREFIX}${path}?f=${format}&q=${quality}&w=${width}${v}`;
}

function decodeSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The listed widths up to twice the display width (at least the smallest one). */
export function responsiveWidths(displayWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((width) => width <= displayWidth * 2);
  return widths.length > 0 ? widths : [IMAGE_WIDTHS[0]];
}

export function srcSet(src: string, format: ImageFormat, displayWidth: number, version?: string | null): string {
  return responsiveWidths(displayWidth)
    .map((width) => `${optimizedUrl(src, format, width, IMAGE_QUALITY, version)} ${width}w`)
    .join(", ");
}

/**
 * Every width (CSS pixels) a page shows a cover at through the optimiser. The components take their
 * `displayWidth` from here, and the variants made ahead of any request (when a cover is uploaded or
 * synced) are exactly the ones these widths ask for, so the two cannot drift apart.
 */
export const COVER_DISPLAY_WIDTHS = {
  card: 240,
  detail: 340,
  thumbnail: 64,
  cartLine: 80,
  cartCompact: 56,
  /** The home carousel's featured cover (w-40 / sm:w-52 / lg:w-60). */
  slide: 240,
  /** The home's category tiles (w-24). */
  tile: 96,
} as const;

/** The optimiser widths pages request for covers (both formats, IMAGE_QUALITY). */
export const COVER_VARIANT_WIDTHS: readonly number[] = [
  ...new Set(Object.values(COVER_DISPLAY_WIDTHS).flatMap(responsiveWidths)),
].sort((a, b) => a - b);
