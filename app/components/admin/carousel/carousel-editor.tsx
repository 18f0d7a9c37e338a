import { Info } from "lucide-react";
import type { CarouselBook } from "~/domain/carousel/carousel.server";
import { CandidateBooks } from "./candidate-books";
import { FeaturedBooks } from "./featured-books";

/** What is in the carousel and what could join it; shown only when the books could be read. */
export function CarouselEditor({
  featured,
  candidates,
  search,
  max,
}: {
  featured: CarouselBook[];
  candidates: CarouselBook[];
  search: string;
  max: number;
}) {
  return (
    <>
      <p className="flex gap-3 rounded-lg border border-ochre/40 bg-ochre/10 p-4 text-sm">
        <Info aria-hidden="true" className="size-5 shrink-0 text-ink/75" />
        Recomendamos entre 3 y 4 libros: así cada tapa tiene su momento. El máximo es {max}.
      </p>
      <FeaturedBooks featured={featured} max={max} />
      <CandidateBooks candidates={candidates} search={search} full={featured.length >= max} />
    </>
  );
}
