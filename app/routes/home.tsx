import { Link } from "react-router";
import { BookCard } from "~/components/book/book-card";
import { BookCover } from "~/components/book/book-cover";
import { SearchForm } from "~/components/layout/search-form";
import { featuredBooks, newArrivals } from "~/domain/catalog/books.server";
import { listCategories } from "~/domain/catalog/categories.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const view = { storeUrl: context.config.storeUrl };
  const [featured, arrivals, categories] = await Promise.all([
    featuredBooks(context.db, view),
    newArrivals(context.db, view, 6),
    listCategories(context.db),
  ]);
  return {
    featured,
    arrivals,
    categories: categories.map(({ key, name, description }) => ({ key, name, description })),
  };
}

export const meta: Route.MetaFunction = () => seoMeta({});

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, arrivals, categories } = loaderData;
  return (
    <main id="contenido" className="flex-1">
      <section className="bg-moss text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-[0.3em] text-ochre-light">
              LIBRERÍA Y EDITORIAL INDEPENDIENTE
            </p>
            <h1 className="mt-4 font-serif text-4xl leading-tight sm:text-5xl">
              Los libros son puertas. Elegí una y entrá.
            </h1>
            <p className="mt-5 max-w-prose text-white/85">
              Literatura, filosofía, arte y novela gráfica. Retiro y envío gratis en CABA, y 15% de descuento pagando
              por transferencia.
            </p>
            <SearchForm id="home-search" label="Buscar en la librería" className="mt-8 max-w-md" />
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/tienda" className="rounded-full bg-ochre px-6 py-2.5 font-semibold text-ink hover:bg-white">
                EXPLORAR LA TIENDA
              </Link>
              <a
                href="#new"
                className="rounded-full border border-white/60 px-6 py-2.5 font-semibold hover:bg-white/10"
              >
                VER NOVEDADES
              </a>
            </div>
          </div>
          {featured.length > 0 ? (
            <ul className="grid grid-cols-2 gap-4" aria-label="Libros destacados">
              {featured.slice(0, 4).map((book, index) => (
                <li key={book.id} className={index % 2 === 1 ? "translate-y-6" : ""}>
                  <Link to={`/libro/${book.id}`} className="block">
                    <BookCover
                      src={book.coverUrl}
                      title={book.title}
                      author={book.author}
                      eager
                      className="shadow-xl"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>

      <section id="store" className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="store-title">
        <h2 id="store-title" className="font-serif text-3xl">
          Recorré la librería
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => (
            <li key={category.key}>
              <Link
                to={`/tienda?categoria=${category.key}`}
                className="flex h-full flex-col rounded-lg border border-ink/10 bg-white p-5 transition hover:-translate-y-0.5 hover:border-moss hover:shadow"
              >
                <span className="font-serif text-xl text-moss">{category.name}</span>
                <span className="mt-2 text-sm text-ink/70">{category.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="new" className="mx-auto max-w-6xl px-4 pb-6" aria-labelledby="new-title">
        <div className="flex items-end justify-between gap-4">
          <h2 id="new-title" className="font-serif text-3xl">
            Novedades
          </h2>
          <Link to="/tienda?orden=novedades" className="text-sm font-semibold text-moss underline">
            Ver todo
          </Link>
        </div>
        {arrivals.length > 0 ? (
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
            {arrivals.map((book) => (
              <li key={book.id} className="flex">
                <BookCard book={book} priceMissing="CONSULTAR" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-ink/70">No hay libros disponibles en este momento.</p>
        )}
      </section>
    </main>
  );
}
