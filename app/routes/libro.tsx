import { data, isRouteErrorResponse, Link } from "react-router";
import { BookCover } from "~/components/book/book-cover";
import { toCatalogBook, toStoreProduct } from "~/domain/catalog/book-view.server";
import { getVisibleBook } from "~/domain/catalog/books.server";
import { NotFound } from "~/domain/errors";
import { formatPrice, fromPesos } from "~/lib/money";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/libro";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  try {
    const row = await getVisibleBook(context.db, id);
    const view = { storeUrl: context.config.storeUrl };
    return { book: toCatalogBook(row, view), product: toStoreProduct(row, view), isbn: row.isbn, pages: row.pages };
  } catch (error) {
    if (error instanceof NotFound) throw data({ message: "Producto no encontrado" }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  loaded
    ? seoMeta({
        title: `${loaded.book.title}, de ${loaded.book.author}`,
        description: loaded.book.description.slice(0, 160),
      })
    : seoMeta({ title: "Producto no encontrado", noIndex: true });

export default function Libro({ loaderData }: Route.ComponentProps) {
  const { book, product, isbn, pages } = loaderData;
  const stockLine = !book.available
    ? "No disponible"
    : book.isPreorder
      ? `Preventa: sale el ${new Date(`${book.preorderReleaseDate}T12:00:00`).toLocaleDateString("es-AR", { day: "numeric", month: "long", year: "numeric" })}`
      : book.stock > 0
        ? `En stock (${book.stock} ${book.stock === 1 ? "unidad" : "unidades"})`
        : "Sin stock: lo conseguimos en 72 hs";
  return (
    <main id="contenido" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <nav aria-label="Migas de pan" className="text-sm text-ink/70">
        <Link to="/" className="hover:underline">
          Inicio
        </Link>{" "}
        /{" "}
        <Link to="/tienda" className="hover:underline">
          Tienda
        </Link>{" "}
        / <span aria-current="page">{book.title}</span>
      </nav>
      <div className="mt-6 grid gap-10 md:grid-cols-[minmax(0,340px)_1fr]">
        <BookCover
          src={book.coverUrl}
          title={book.title}
          author={book.author}
          eager
          className="mx-auto w-full max-w-xs shadow-lg"
        />
        <div>
          <h1 className="font-serif text-4xl leading-tight">{book.title}</h1>
          <p className="mt-2 text-lg text-ink/80">{book.author}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Categorías">
            {product.categories.map((category) => (
              <li key={category.name} className="rounded-full bg-cream px-3 py-1 text-xs font-semibold text-moss">
                {category.name}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-3xl font-semibold">
            {book.isPreorder && book.preorderPrice !== null
              ? formatPrice(fromPesos(book.preorderPrice))
              : formatPrice(fromPesos(book.price))}
            {product.originalPrice !== null ? (
              <s className="ml-3 text-lg font-normal text-ink/70">{formatPrice(fromPesos(product.originalPrice))}</s>
            ) : null}
          </p>
          <p className="mt-2 text-sm font-semibold text-moss">{stockLine}</p>
          {product.freeShipping ? <p className="mt-1 text-sm">Envío gratis</p> : null}
          <div className="mt-8 max-w-prose space-y-4 leading-relaxed">
            {book.description.split(/\n{2,}/).map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
          <dl className="mt-8 grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {product.brand ? <Detail label="Editorial" value={product.brand} /> : null}
            {pages ? <Detail label="Páginas" value={String(pages)} /> : null}
            {isbn ? <Detail label="ISBN" value={isbn} /> : null}
            {product.weight && product.weight > 0 ? <Detail label="Peso" value={`${product.weight} g`} /> : null}
          </dl>
        </div>
      </div>
    </main>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-ink/70">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** The spec's detail-page failures: 'Producto no encontrado' for a 404, otherwise 'Error al cargar el producto'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="contenido" className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-20 text-center">
      <h1 className="font-serif text-3xl">{notFound ? "Producto no encontrado" : "Error al cargar el producto"}</h1>
      <p className="mt-4 text-ink/75">
        {notFound ? "Puede que el libro ya no esté en el catálogo." : "Probá de nuevo en unos minutos."} Mientras tanto,
        recorré la tienda.
      </p>
      <Link to="/tienda" className="mt-8 rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark">
        Volver a la tienda
      </Link>
    </main>
  );
}
