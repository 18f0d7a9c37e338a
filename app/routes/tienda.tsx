import { data, Link } from "react-router";
import { BookCard } from "~/components/book/book-card";
import { BackgroundVideo } from "~/components/shop/background-video";
import { GenreChips } from "~/components/shop/genre-chips";
import { SHOP_BANNER_VIDEO } from "~/components/shop/shop-banner";
import { ShopFilters } from "~/components/shop/shop-filters";
import { ShopNewsletter } from "~/components/shop/shop-newsletter";
import { ShopSearch } from "~/components/shop/shop-search";
import { PARTNER_CATEGORY, shopHref } from "~/domain/catalog/shop-params";
import { shopPage } from "~/domain/storefront/shop-page.server";
import { formatNumberInput } from "~/lib/money";
import { PARTIAL_PAGE_HEADERS } from "~/lib/page-parts.server";
import { seoMeta } from "~/lib/seo";
import { canonicalMeta, itemListJsonLd, jsonLdMeta } from "~/lib/structured-data";
import type { Route } from "./+types/tienda";

/** Shown instead of the books when their query failed. */
export const SHOP_UNAVAILABLE = "No pudimos cargar los libros en este momento. Probá de nuevo en un rato.";

/** Structured data lists the first 20 books of the page (spec §9). */
const ITEM_LIST_SIZE = 20;

/**
 * A failing catalogue or search query shows an empty list with a notice (`unavailable`) instead of an
 * error page (see shopPage); the page is then not cached. A database that does not answer stays a 503.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { page, partial } = await shopPage(context, new URL(request.url).searchParams);
  return data(page, partial ? { headers: PARTIAL_PAGE_HEADERS } : undefined);
}

/** A partial page (see the loader) carries its no-cache header. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return seoMeta({ title: "Tienda", matches });
  const category = data.categories.find((c) => c.key === data.params.categoria);
  const title = data.params.search ? `Resultados para “${data.params.search}”` : (category?.name ?? "Tienda");
  const url = `${data.publicUrl}${shopHref(data.params)}`;
  return [
    ...seoMeta({
      title: data.params.pagina > 1 ? `${title} — página ${data.params.pagina}` : title,
      description:
        "Todo el catálogo de Rizoma: literatura, filosofía, arte y novela gráfica, con envío gratis en CABA.",
    }),
    ...canonicalMeta(url),
    jsonLdMeta(
      itemListJsonLd(
        data.books
          .slice(0, ITEM_LIST_SIZE)
          .map((book) => ({ name: book.title, url: `${data.publicUrl}/libro/${book.id}` })),
      ),
    ),
  ];
};

export default function Tienda({ loaderData }: Route.ComponentProps) {
  const {
    books,
    pagination,
    correctedSearch,
    unavailable,
    params,
    categories,
    genres,
    filtered,
    partner,
    partnerName,
  } = loaderData;
  const keep = {
    categoria: params.categoria,
    autor: params.autor,
    genero: params.genero,
    min: params.minCents !== undefined ? formatNumberInput(params.minCents) : undefined,
    max: params.maxCents !== undefined ? formatNumberInput(params.maxCents) : undefined,
    orden: params.orden,
    dir: params.dir,
  };
  const firstShown = (pagination.page - 1) * pagination.limit;
  return (
    <main id="contenido" className="flex-1">
      <section className="relative isolate z-10 text-white">
        <BackgroundVideo source={SHOP_BANNER_VIDEO} />
        <div className="relative mx-auto max-w-6xl px-4 pb-10 pt-12 sm:pt-16">
          <p className="text-xs font-semibold tracking-[0.3em] text-ochre-light">LIBRERÍA RIZOMA</p>
          <h1 className="mt-3 font-serif text-4xl sm:text-5xl">Tienda</h1>
          <p className="mt-3 max-w-prose text-white/85">
            Literatura, filosofía, arte y novela gráfica. Retiro y envío gratis en CABA; lo que no tenemos, lo
            conseguimos en 72 hs.
          </p>
          <div className="mt-6 max-w-2xl">
            <ShopSearch key={params.search} defaultValue={params.search} keep={keep} />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pt-6" aria-label="Filtros">
        <nav aria-label="Categorías" className="flex flex-wrap gap-2">
          <CategoryLink to={shopHref({ ...params, categoria: undefined, pagina: 1 })} active={!params.categoria}>
            Todas
          </CategoryLink>
          {categories.map((category) => (
            <CategoryLink
              key={category.key}
              to={shopHref(params, { categoria: category.key, pagina: 1 })}
              active={params.categoria === category.key}
            >
              {category.name}
            </CategoryLink>
          ))}
        </nav>
        <GenreChips params={params} genres={genres} />
        <div className="mt-4">
          <ShopFilters key={shopHref(params)} params={params} genres={genres} />
        </div>
      </section>

      {partner.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 pt-8" aria-labelledby="partner-title">
          <div className="rounded-xl bg-cream p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="partner-title" className="font-serif text-2xl">
                Colección {partnerName}
              </h2>
              <Link
                to={shopHref({ search: "", pagina: 1 }, { categoria: PARTNER_CATEGORY })}
                className="text-sm font-semibold text-moss underline"
              >
                Ver toda la colección
              </Link>
            </div>
            <p className="mt-1 text-sm text-ink/75">Novela gráfica e historieta de nuestro estudio aliado.</p>
            <ul className="mt-4 grid grid-cols-2 gap-4 sm:max-w-xl sm:grid-cols-3">
              {partner.map((book) => (
                <li key={book.id} className="flex">
                  <BookCard book={book} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="results-title">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="results-title" className="text-sm text-ink/75" aria-live="polite">
            {unavailable
              ? "Libros"
              : pagination.capped
                ? `Más de ${pagination.total.toLocaleString("es-AR")} resultados`
                : pagination.total === 1
                  ? "1 libro"
                  : `${pagination.total.toLocaleString("es-AR")} libros`}
            {params.search ? ` para “${correctedSearch ?? params.search}”` : ""}
          </h2>
          {correctedSearch ? (
            <p className="w-full text-sm text-ink/75 sm:order-last">
              No encontramos “{params.search}”: te mostramos lo más parecido.
            </p>
          ) : null}
          {filtered || params.orden || params.dir ? (
            <Link to="/tienda" className="text-sm font-semibold text-moss underline">
              Limpiar filtros
            </Link>
          ) : null}
        </div>
        {unavailable ? (
          <p role="alert" className="mt-10 rounded-lg bg-white p-8 text-center text-ink/75">
            {SHOP_UNAVAILABLE}
          </p>
        ) : books.length > 0 ? (
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
            {books.map((book, index) => (
              <li key={book.id} className="flex">
                <BookCard book={book} eager={index < 4} index={index} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-10 rounded-lg bg-white p-8 text-center text-ink/75">
            {filtered
              ? "No se encontraron libros que coincidan con los filtros aplicados."
              : "No hay libros disponibles en este momento."}
          </p>
        )}
        {pagination.totalPages > 1 ? (
          <nav aria-label="Paginación" className="mt-10 flex flex-wrap items-center justify-center gap-4">
            {pagination.hasPrev ? (
              <Link
                className="rounded-full border border-moss px-4 py-2 text-moss hover:bg-cream"
                to={shopHref(params, { pagina: Math.min(pagination.page - 1, pagination.totalPages) })}
              >
                Anterior
              </Link>
            ) : null}
            <span className="text-sm">
              Página {pagination.page}
              {pagination.capped ? null : ` de ${pagination.totalPages}`}
              {books.length > 0 ? (
                <span className="sr-only">
                  {" "}
                  (libros {firstShown + 1} a {firstShown + books.length})
                </span>
              ) : null}
            </span>
            {pagination.hasNext ? (
              <Link
                className="rounded-full border border-moss px-4 py-2 text-moss hover:bg-cream"
                to={shopHref(params, { pagina: pagination.page + 1 })}
              >
                Siguiente
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
      <ShopNewsletter belowTheFold={books.length > 6} />
    </main>
  );
}

function CategoryLink({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={`chip-category ${active ? "bg-moss text-white" : "chip-off border-moss/40 text-moss"}`}
    >
      {children}
    </Link>
  );
}
