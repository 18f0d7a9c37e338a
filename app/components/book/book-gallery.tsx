import { useState } from "react";
import { COVER_DISPLAY_WIDTHS } from "~/lib/images";
import { BookCover } from "./book-cover";

/** The detail page's gallery: the chosen image large, every image as a thumbnail button below. */
export function BookGallery({
  images,
  title,
  author,
}: {
  /** `version`: the image's content version, when known (immutable optimiser URLs). */
  images: { id: number; src: string; version?: string | null }[];
  title: string;
  author: string;
}) {
  const [current, setCurrent] = useState(0);
  const shown = images[current]?.src ?? null;
  const shownVersion = images[current]?.version ?? null;
  return (
    <div className="mx-auto w-full max-w-xs md:max-w-none">
      <BookCover
        src={shown}
        version={shownVersion}
        title={title}
        author={author}
        priority
        displayWidth={COVER_DISPLAY_WIDTHS.detail}
        className="w-full shadow-lg"
      />
      {images.length > 1 ? (
        <ul className="mt-4 flex flex-wrap gap-3" aria-label="Imágenes del libro">
          {images.map((image, index) => (
            <li key={`${image.id}-${image.src}`}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-pressed={index === current}
                aria-label={`Ver imagen ${index + 1} de ${images.length}`}
                className={`block w-16 rounded-sm border-2 ${index === current ? "border-moss" : "border-transparent hover:border-ink/30"}`}
              >
                <BookCover
                  src={image.src}
                  version={image.version}
                  title={title}
                  author={author}
                  displayWidth={COVER_DISPLAY_WIDTHS.thumbnail}
                  decorative
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
