import { useState } from "react";

export const DEFAULT_COVER = "/images/default-book-cover.svg";

/** A cover that never breaks the grid: a missing or failing image shows the default cover. */
export function BookCover({
  src,
  title,
  author,
  className = "",
  eager = false,
}: {
  src: string | null;
  title: string;
  author: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`relative aspect-[2/3] overflow-hidden rounded-sm bg-cream shadow-sm ${className}`}>
      <img
        src={!src || failed ? DEFAULT_COVER : src}
        alt={`Tapa de ${title}${author ? `, de ${author}` : ""}`}
        width={400}
        height={600}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        onError={() => setFailed(true)}
        className="size-full object-cover"
      />
      {failed ? (
        <span className="absolute inset-x-0 bottom-2 text-center text-xs text-ink/70">Error al cargar imagen</span>
      ) : null}
    </div>
  );
}
