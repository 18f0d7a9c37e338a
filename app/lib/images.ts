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

const isRemote = (src: string) => /^https?:\/\//i.test(src);

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

/** /api/images/optimize/{path}?f=&q=85&w=: a local path as is, an external URL encoded. */
export function optimizedUrl(src: string, format: ImageFormat, width: number, quality = IMAGE_QUALITY): string {
  const path = isRemote(src)
    ? encodeURIComponent(src)
    : src
        .replace(/^\/+/, "")
        .split("/")
        .map((segment) => encodeURIComponent(decodeSafe(segment)))
        .join("/");
  return `${OPTIMIZE_PREFIX}${path}?f=${format}&q=${quality}&w=${width}`;
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

export function srcSet(src: string, format: ImageFormat, displayWidth: number): string {
  return responsiveWidths(displayWidth)
    .map((width) => `${optimizedUrl(src, format, width)} ${width}w`)
    .join(", ");
}
