import { Link } from "react-router";
import { BookCard } from "~/components/book/book-card";
import { SearchForm } from "~/components/layout/search-form";
import { shopBooks } from "~/domain/catalog/books.server";
import { listCategories } from "~/domain/catalog/categories.server";
import { parseShopParams, SHOP_PAGE_SIZE, shopHref } from "~/domain/catalog/shop-params";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/tienda";

export async function loader({ request, context }: Route.LoaderArgs) {
  const categories = await listCategories(context.db);
  const params = parseShopParams(
    new URL(request.url).searchParams,
    categories.map((c) => c.key),
  );
  const result = await shopBooks(
    context.db,
    { storeUrl: context.config.storeUrl },
    {
      search: params.search,
      category: params.categoria,
      author: params.autor,
      genre: params.genero,
      minCents: params.minCents,
      maxCents: params.maxCents,
      sort: params.orden,
      dir: params.dir,
      page: params.pagina,
      limit: SHOP_PAGE_SIZE,
    },
  );
  return { ...result, params, categories: categories.map(({ key, name }) => ({ key, name })) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const category = data?.categories.find((c) => c.key === data.params.categoria);
  const title = data?.params.search ? `Resultados para “${data.params.search}”` : (category?.name ?? "Tienda");
  return seoMeta({
    title,
    description: "Todo el catálogo de Rizoma: literatura, filosofía, arte y novela gráfica, con envío gratis en CABA.",
  });
};

export default function Tienda({ loaderData }: Route.ComponentProps) {
  const { books, pagination, params, categories } = loaderData;
  const filtered = Boolean(
    params.search || params.categoria || params.autor || params.genero || params.minCents || params.maxCents,
  );
  return (
    <main id="contenido" className="flex-1">
      <section className="bg-cream">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="font-serif text-4xl">Tienda</h1>
          <SearchForm
            id="shop-search"
            label="Buscar en la tienda"
            defaultValue={params.search}
            className="mt-6 max-w-xl"
          />
          <nav aria-label="Categorías" className="mt-6 flex flex-wrap gap-2">
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
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="results-title">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="results-title" className="text-sm text-ink/75" aria-live="polite">
            {pagination.total === 1 ? "1 libro" : `${pagination.total.toLocaleString("es-AR")} libros`}
            {params.search ? ` para “${params.search}”` : ""}
          </h2>
          {filtered ? (
            <Link to="/tienda" className="text-sm font-semibold text-moss underline">
              Limpiar filtros
            </Link>
          ) : null}
        </div>
        {books.length > 0 ? (
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
            {books.map((book, index) => (
              <li key={book.id} className="flex">
                <BookCard book={book} eager={index < 4} />
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
          <nav aria-label="Paginación" className="mt-10 flex items-center justify-center gap-4">
            {pagination.hasPrev ? (
              <Link
                className="rounded-full border border-moss px-4 py-2 text-moss"
                to={shopHref(params, { pagina: pagination.page - 1 })}
              >
                Anterior
              </Link>
            ) : null}
            <span className="text-sm">
              Página {pagination.page} de {pagination.totalPages}
            </span>
            {pagination.hasNext ? (
              <Link
                className="rounded-full border border-moss px-4 py-2 text-moss"
                to={shopHref(params, { pagina: pagination.page + 1 })}
              >
                Siguiente
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </main>
  );
}

function CategoryLink({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={`rounded-full px-4 py-1.5 text-sm font-semibold ${active ? "bg-moss text-white" : "border border-moss/40 bg-white text-moss hover:border-moss"}`}
    >
      {children}
    </Link>
  );
}
