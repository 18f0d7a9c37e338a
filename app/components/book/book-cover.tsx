import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import {
  COVER_DISPLAY_WIDTHS,
  DEFAULT_COVER,
  IMAGE_QUALITY,
  optimizedUrl,
  responsiveWidths,
  shouldOptimize,
  srcSet,
} from "~/lib/images";

export { DEFAULT_COVER };

/** An optimised cover's <picture>: AVIF, else WebP, else the <img> it wraps (its `src` is the WebP). */
export function CoverPicture({
  source,
  displayWidth,
  sizes,
  version,
  children,
}: {
  source: string;
  displayWidth: number;
  sizes: string;
  version: string | null;
  children: React.ReactNode;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(source, "avif", displayWidth, version)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(source, "webp", displayWidth, version)} sizes={sizes} />
      {children}
    </picture>
  );
}

/**
 * Asks the browser for the page's largest image (its LCP: the first carousel slide, the book's cover)
 * from the document's <head>, before it has laid out the page. The AVIF sources are named with their
 * type, so a browser without AVIF skips the hint and its <picture> still picks the WebP.
 */
export function preloadCover(source: string, displayWidth: number, sizes: string, version: string | null) {
  preload(optimizedUrl(source, "avif", responsiveWidths(displayWidth)[0] ?? 320, IMAGE_QUALITY, version), {
    as: "image",
    type: "image/avif",
    imageSrcSet: srcSet(source, "avif", displayWidth, version),
    imageSizes: sizes,
    fetchPriority: "high",
  });
}

/**
 * A cover that never breaks the grid: fixed 2:3 box with width/height set (no layout shift), AVIF/WebP
 * sources when the image goes through the optimiser, and the default cover with 'Error al cargar
 * imagen' when the image is missing or fails. `version` is the original's content version (from the
 * loader, see app/domain/images/versions.server.ts): with it the optimiser URLs are immutable.
 */
export function BookCover({
  src,
  title,
  author,
  className = "",
  eager = false,
  priority = false,
  displayWidth = COVER_DISPLAY_WIDTHS.card,
  decorative = false,
  version = null,
}: {
  src: string | null;
  title: string;
  author: string;
  className?: string;
  eager?: boolean;
  /** The page's main image (its LCP): preloaded from the <head>, fetched first. */
  priority?: boolean;
  /** The widest the cover is shown, in CSS pixels (limits the srcset to twice that). */
  displayWidth?: number;
  /** Thumbnails next to a named control: empty alt. */
  decorative?: boolean;
  /** The content version of `src` (16 hex digits), when known. */
  version?: string | null;
}) {
  // Remembers which source failed, so a new source (gallery) gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && failedSrc === src;
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration never fires onError for React: look at it once mounted.
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0 && src) setFailedSrc(src);
  }, [src]);
  const source = !src || failed ? DEFAULT_COVER : src;
  const optimise = shouldOptimize(source);
  // The default cover stands in for a failed image: the failed one's version does not belong to it.
  const v = source === src ? version : null;
  const sizes = `(max-width: 640px) 50vw, ${displayWidth}px`;
  const widths = responsiveWidths(displayWidth);
  if (priority && optimise) preloadCover(source, displayWidth, sizes, v);
  const img = (
    <img
      ref={imgRef}
      src={optimise ? optimizedUrl(source, "webp", widths[widths.length - 1] ?? 320, IMAGE_QUALITY, v) : source}
      alt={decorative ? "" : `Tapa de ${title}${author ? `, de ${author}` : ""}`}
      width={400}
      height={600}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => {
        if (source !== DEFAULT_COVER) setFailedSrc(src);
      }}
      className="size-full object-cover"
    />
  );
  return (
    <div className={`book-cover shadow-sm ${className}`}>
      {optimise ? (
        <CoverPicture source={source} displayWidth={displayWidth} sizes={sizes} version={v}>
          {img}
        </CoverPicture>
      ) : (
        img
      )}
      {failed && src ? (
        <span className="absolute inset-x-2 bottom-2 rounded bg-white/90 px-1 text-center text-xs text-ink">
          Error al cargar imagen
        </span>
      ) : null}
    </div>
  );
}
