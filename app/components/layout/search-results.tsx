import { useEffect, useState } from "react";
import { Link } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { formatPrice, fromPesos } from "~/lib/money";

/** Spec §5/§9: the header search shows at most 5 results. */
export const HEADER_SEARCH_RESULTS = 5;
const DEBOUNCE_MS = 200;

export interface SearchHit {
  id: number;
  title: string;
  author: string;
  price: number | null;
  /** The price without national taxes (the API's `netPrice`); null without a price. */
  netPrice: number | null;
  coverUrl: string | null;
  tiendaNubeUrl: string | null;
}

/** Only products whose fields are strings are shown (spec §5), at most 5. */
export function toHits(products: unknown): SearchHit[] {
  if (!Array.isArray(products)) return [];
  return products
    .filter(
      (p): p is SearchHit =>
        typeof p === "object" &&
        p !== null &&
        typeof p.id === "number" &&
        typeof p.title === "string" &&
        typeof p.author === "string",
    )
    .slice(0, HEADER_SEARCH_RESULTS);
}

/**
 * The header search's dropdown: asks the server's search (accent-, case- and typo-tolerant) for
 * `query`, shows up to 5 books and a link to every result. A separate chunk, loaded on the first use.
 */
export default function SearchResults({
  query,
  listId,
  onChoose,
}: {
  query: string;
  listId: string;
  onChoose: () => void;
}) {
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [status, setStatus] = useState<"loading" | "done">("loading");

  useEffect(() => {
    setStatus("loading");
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const url = `/api/tienda-nube/products?search=${encodeURIComponent(query)}&limit=${HEADER_SEARCH_RESULTS}`;
        const response = await fetch(url, { signal: controller.signal, credentials: "include" });
        if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
        const body = await response.json();
        setHits(toHits(body?.products));
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn("La búsqueda del encabezado falló", error);
        setHits([]);
      }
      setStatus("done");
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query]);

  return (
    <>
      <p role="status" className="sr-only">
        {status === "done"
          ? hits.length === 0
            ? "Sin resultados"
            : `${hits.length} ${hits.length === 1 ? "resultado" : "resultados"}`
          : ""}
      </p>
      <div
        id={listId}
        data-testid="search-dropdown"
        className="absolute right-0 left-0 z-50 mt-2 min-w-72 overflow-hidden rounded-lg border border-ink/10 bg-white text-ink shadow-2xl"
      >
        {status === "loading" && hits.length === 0 ? (
          <p className="px-4 py-3 text-sm text-ink/70">Buscando…</p>
        ) : status === "done" && hits.length === 0 ? (
          <p className="px-4 py-3 text-sm text-ink/75">No encontramos libros para “{query}”.</p>
        ) : (
          <ul aria-label="Resultados de la búsqueda">
            {hits.map((hit) => (
              <li key={hit.id} className="border-b border-ink/5 last:border-0">
                <HitLink hit={hit} onChoose={onChoose} />
              </li>
            ))}
          </ul>
        )}
        <Link
          to={`/tienda?search=${encodeURIComponent(query)}`}
          data-search-hit
          onClick={onChoose}
          className="block bg-cream px-4 py-2.5 text-center text-sm font-semibold text-moss hover:underline focus-visible:underline"
        >
          Ver todos los resultados
        </Link>
      </div>
    </>
  );
}

/**
 * A result opens the book's page on the external store in a new tab when it has one (spec §2), and
 * our own /libro/{id} otherwise (DESIGN §5.1: the site has its own cart).
 */
function HitLink({ hit, onChoose }: { hit: SearchHit; onChoose: () => void }) {
  const body = (
    <>
      {hit.coverUrl ? (
        <img
          src={hit.coverUrl}
          alt=""
          width={40}
          height={60}
          loading="lazy"
          className="h-15 w-10 shrink-0 rounded-sm bg-cream object-cover"
        />
      ) : (
        <span className="flex h-15 w-10 shrink-0 items-center justify-center rounded-sm bg-cream text-center text-[0.6rem] leading-tight text-ink/70">
          Sin imagen
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-serif font-semibold">{hit.title}</span>
        <span className="block truncate text-xs text-ink/70">{hit.author}</span>
        <span className="mt-0.5 block text-sm font-semibold text-moss">{formatPrice(fromPesos(hit.price))}</span>
        {typeof hit.netPrice === "number" ? (
          <NetPrice
            as="span"
            netCents={fromPesos(hit.netPrice)}
            testId={null}
            className="block text-[11px] text-ink/75"
          />
        ) : null}
      </span>
    </>
  );
  const className = "flex items-center gap-3 px-4 py-2.5 hover:bg-paper focus-visible:bg-paper";
  if (hit.tiendaNubeUrl) {
    return (
      <a
        href={hit.tiendaNubeUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-search-hit
        onClick={onChoose}
        className={className}
      >
        {body}
        <span className="sr-only"> (se abre en una pestaña nueva)</span>
      </a>
    );
  }
  return (
    <Link to={`/libro/${hit.id}`} data-search-hit onClick={onChoose} className={className}>
      {body}
    </Link>
  );
}
