import { useEffect, useRef, useState } from "react";
import { CoverPicture, DEFAULT_COVER } from "~/components/book/book-cover";
import { COVER_DISPLAY_WIDTHS, IMAGE_QUALITY, optimizedUrl, responsiveWidths, shouldOptimize } from "~/lib/images";

/**
 * A featured book's cover on its slide, with the carousel's loading spinner until the image is in
 * (an image that loaded before hydration counts as loaded) and the default cover when it fails. Uploaded
 * and remote covers come through the image pipeline (AVIF/WebP at the slide's size, immutable URLs
 * with `version`), as the book cards' do.
 */
export function SlideCover({
  src,
  title,
  author,
  eager,
  version = null,
}: {
  src: string | null;
  title: string;
  author: string;
  eager: boolean;
  /** The cover's content version (16 hex digits), when known. */
  version?: string | null;
}) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">(src ? "loading" : "failed");
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = image.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "failed");
  }, []);
  const source = state === "failed" || !src ? DEFAULT_COVER : src;
  const optimise = shouldOptimize(source);
  const width = COVER_DISPLAY_WIDTHS.slide;
  const widths = responsiveWidths(width);
  const sizes = `(min-width: 1024px) ${width}px, (min-width: 640px) 208px, 160px`;
  const img = (
    <img
      ref={image}
      src={optimise ? optimizedUrl(source, "webp", widths[widths.length - 1] ?? 320, IMAGE_QUALITY, version) : source}
      alt={`Tapa de ${title}${author ? `, de ${author}` : ""}`}
      width={400}
      height={600}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onLoad={() => setState((s) => (s === "failed" ? s : "loaded"))}
      onError={() => setState("failed")}
      className="size-full object-cover"
    />
  );
  return (
    <div className="slide-cover">
      {optimise ? (
        <CoverPicture source={source} displayWidth={width} sizes={sizes} version={version}>
          {img}
        </CoverPicture>
      ) : (
        img
      )}
      {state === "loading" ? (
        <span className="absolute inset-0 flex items-center justify-center bg-cream" role="status">
          <span aria-hidden="true" data-testid="cover-spinner" className="slide-spinner" />
          <span className="sr-only">Cargando tapa…</span>
        </span>
      ) : null}
    </div>
  );
}
