import { Link } from "react-router";
import { DEFAULT_COVER } from "~/components/book/book-cover";
import { belowTheFold } from "~/lib/critical-css";
import { COVER_DISPLAY_WIDTHS, IMAGE_QUALITY, optimizedUrl, responsiveWidths, shouldOptimize } from "~/lib/images";
import { SectionHeading } from "./section-heading";

export interface CategoryCard {
  key: string;
  name: string;
  description: string;
  covers: { id: number; title: string; coverUrl: string | null; coverVersion: string | null }[];
}

/** A fanned cover is small and decorative: one WebP through the pipeline (uploads and remote covers). */
function tileSrc(cover: CategoryCard["covers"][number]): string {
  const src = cover.coverUrl ?? DEFAULT_COVER;
  if (!shouldOptimize(src)) return src;
  const width = responsiveWidths(COVER_DISPLAY_WIDTHS.tile).at(-1) ?? 320;
  return optimizedUrl(src, "webp", width, IMAGE_QUALITY, cover.coverVersion);
}

/** The four category cards (spec §2), each fanned out with a few real covers from the category. */
export function StoreSection({ categories }: { categories: CategoryCard[] }) {
  return (
    // After the carousel, the intro, the selling points and the search: past the first screen at any width.
    <section id="store" aria-labelledby="store-title" className="scroll-mt-20 bg-cream" {...belowTheFold}>
      <div className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading
          id="store-title"
          kicker="LA TIENDA"
          title="Recorré la librería"
          lead="Cuatro puertas de entrada al catálogo. Adentro hay más de lo que parece."
        />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => (
            <li key={category.key}>
              <Link
                to={`/tienda?categoria=${category.key}`}
                className="group flex h-full flex-col overflow-hidden rounded-lg border border-ink/10 bg-paper transition hover:-translate-y-1 hover:border-moss hover:shadow-lg"
              >
                <div
                  aria-hidden="true"
                  className="relative flex h-48 items-end justify-center overflow-hidden bg-moss/90 px-4 pt-8"
                >
                  {category.covers.slice(0, 3).map((cover, i) => (
                    <img
                      key={cover.id}
                      src={tileSrc(cover)}
                      alt=""
                      width={96}
                      height={144}
                      loading="lazy"
                      decoding="async"
                      className={`-mb-2 w-24 rounded-sm object-cover shadow-xl transition group-hover:-translate-y-1 ${
                        i === 0 ? "z-10" : i === 1 ? "-ml-8 rotate-6" : "-ml-8 -rotate-3"
                      }`}
                      style={{ aspectRatio: "2 / 3" }}
                    />
                  ))}
                </div>
                <span className="flex flex-1 flex-col p-5 pt-6">
                  <span className="font-serif text-xl text-moss">{category.name}</span>
                  <span className="mt-2 text-sm leading-relaxed text-ink/75">{category.description}</span>
                  <span className="mt-4 flex items-center gap-1 text-sm font-semibold text-moss" aria-hidden="true">
                    Ver libros <span className="transition group-hover:translate-x-1">→</span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
