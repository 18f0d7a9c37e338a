import { Link } from "react-router";
import { type ShopParams, shopHref } from "~/domain/catalog/shop-params";

/** The collapsible genre row: collapsed whenever a search is present (spec §4), a <details> without JS. */
export function GenreChips({ params, genres }: { params: ShopParams; genres: string[] }) {
  // The key re-mounts the row when the search changes, so "collapsed with a search" applies again.
  return (
    <details key={params.search ? "search" : "browse"} open={!params.search} className="group mt-4">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded text-sm font-semibold text-moss">
        Géneros
        <span aria-hidden="true" className="transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Géneros">
        {genres.map((genre) => {
          const active = params.genero === genre;
          return (
            <li key={genre}>
              <Link
                to={shopHref(params, { genero: active ? undefined : genre, pagina: 1 })}
                aria-current={active ? "true" : undefined}
                className={`chip-genre ${active ? "bg-ochre text-ink" : "chip-off border-ink/20 text-ink"}`}
              >
                {genre}
              </Link>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
