import { useEffect, useRef, useState } from "react";
import { DEFAULT_COVER } from "~/components/book/book-cover";

/**
 * A featured book's cover on its slide, with the carousel's loading spinner until the image is in
 * (an image that loaded before hydration counts as loaded) and the default cover when it fails.
 */
export function SlideCover({
  src,
  title,
  author,
  eager,
}: {
  src: string | null;
  title: string;
  author: string;
  eager: boolean;
}) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">(src ? "loading" : "failed");
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = image.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "failed");
  }, []);
  return (
    <div className="relative aspect-[2/3] w-40 shrink-0 overflow-hidden rounded-sm bg-cream shadow-2xl sm:w-52 lg:w-60">
      <img
        ref={image}
        src={state === "failed" || !src ? DEFAULT_COVER : src}
        alt={`Tapa de ${title}${author ? `, de ${author}` : ""}`}
        width={400}
        height={600}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        onLoad={() => setState((s) => (s === "failed" ? s : "loaded"))}
        onError={() => setState("failed")}
        className="size-full object-cover"
      />
      {state === "loading" ? (
        <span className="absolute inset-0 flex items-center justify-center bg-cream" role="status">
          <span
            aria-hidden="true"
            data-testid="cover-spinner"
            className="size-8 rounded-full border-4 border-moss/25 border-t-moss motion-safe:animate-spin"
          />
          <span className="sr-only">Cargando tapa…</span>
        </span>
      ) : null}
    </div>
  );
}
