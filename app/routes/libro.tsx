import { data, isRouteErrorResponse, Link } from "react-router";
import { AddToCartButton } from "~/components/book/add-to-cart-button";
import { BookCard } from "~/components/book/book-card";
import { BookGallery } from "~/components/book/book-gallery";
import { buyState } from "~/components/book/buy";
import { formatReleaseDate } from "~/components/book/preorder";
import { PreorderBadge } from "~/components/book/preorder-badge";
import { StoreLink } from "~/components/book/store-link";
import { RouteError } from "~/components/layout/route-error";
import { SpecialOrderLink } from "~/components/special-orders/special-order-link";
import { ExternalLink } from "~/components/ui/icons/external-link";
import { Headphones } from "~/components/ui/icons/headphones";
import { Truck } from "~/components/ui/icons/truck";
import { NotFound } from "~/domain/errors";
import { bookPage } from "~/domain/storefront/book-page.server";
import { formatPrice, fromPesos } from "~/lib/money";
import { idParam } from "~/lib/params";
import { seoMeta } from "~/lib/seo";
import {
  type Availability,
  absoluteUrl,
  bookJsonLd,
  breadcrumbJsonLd,
  canonicalMeta,
  jsonLdMeta,
} from "~/lib/structured-data";
import type { Route } from "./+types/libro";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return await bookPage(context, idParam(params.id, "Producto no encontrado"));
  } catch (error) {
    if (error instanceof NotFound) throw data({ message: "Producto no encontrado" }, { status: 404 });
    throw error;
  }
}

type Loaded = Awaited<ReturnType<typeof loader>>;

function availability(book: Loaded["book"]): Availability {
  const state = buyState(book);
  if (state === "preorder") return "PreOrder";
  if (state === "in-stock") return "InStock";
  if (state === "out-of-stock") return "BackOrder";
  return book.available ? "OutOfStock" : "Discontinued";
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return seoMeta({ title: "Producto no encontrado", noIndex: true });
  const { book, product, publicUrl } = loaded;
  const url = `${publicUrl}/libro/${book.id}`;
  const image = book.coverUrl ? absoluteUrl(publicUrl, book.coverUrl) : null;
  const price = book.isPreorder && book.preorderPrice !== null ? book.preorderPrice : book.price;
  return [
    ...seoMeta({ title: `${book.title}, de ${book.author}`, description: loaded.summary || undefined }),
    ...canonicalMeta(url, { image, type: "book" }),
    jsonLdMeta(
      bookJsonLd({
        url,
        title: book.title,
        author: book.author,
        description: loaded.summary,
        image,
        isbn: loaded.isbn,
        publisher: book.publisher,
        sku: product.sku,
        price,
        availability: availability(book),
        releaseDate: book.isPreorder ? book.preorderReleaseDate : null,
      }),
    ),
    jsonLdMeta(
      breadcrumbJsonLd([
        { name: "Inicio", url: `${publicUrl}/` },
        { name: "Tienda", url: `${publicUrl}/tienda` },
        { name: book.title, url },
      ]),
    ),
  ];
};

export default function Libro({ loaderData }: Route.ComponentProps) {
  const { book, product, gallery, isbn, pages, related, updated } = loaderData;
  const state = buyState(book);
  const stockLine =
    state === "unavailable"
      ? "No disponible"
      : state === "preorder"
        ? `Preventa: sale el ${formatReleaseDate(book.preorderReleaseDate ?? "")}`
        : state === "in-stock"
          ? `En stock (${book.stock} ${book.stock === 1 ? "unidad" : "unidades"})`
          : "Sin stock: lo conseguimos en 72 hs";
  return (
    <main id="contenido" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <nav aria-label="Migas de pan" className="text-sm text-ink/75">
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
        <BookGallery images={gallery} title={book.title} author={book.author} />
        <div>
          <h1 className="font-serif text-4xl leading-tight">{book.title}</h1>
          <p className="mt-2 text-lg text-ink/80">
            <Link to={`/tienda?autor=${encodeURIComponent(book.author)}`} className="hover:underline">
              {book.author}
            </Link>
          </p>
          {product.categories.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Categorías">
              {product.categories.map((category) => (
                <li key={category.name} className="rounded-full bg-cream px-3 py-1 text-xs font-semibold text-moss">
                  {category.name}
                </li>
              ))}
            </ul>
          ) : null}
          {book.isPreorder ? (
            <div className="mt-6 max-w-md">
              <PreorderBadge
                size="large"
                releaseDate={book.preorderReleaseDate}
                preorderPrice={book.preorderPrice}
                normalPrice={book.price}
                preorderCount={book.preorderCount}
                preorderLimit={book.preorderLimit}
              />
            </div>
          ) : (
            <p className="mt-6 text-3xl font-semibold" data-testid="book-price">
              {formatPrice(fromPesos(book.price))}
              {product.originalPrice !== null ? (
                <s className="ml-3 text-lg font-normal text-ink/70">
                  <span className="sr-only">Antes: </span>
                  {formatPrice(fromPesos(product.originalPrice))}
                </s>
              ) : null}
            </p>
          )}
          <p className="mt-3 text-sm font-semibold text-moss" data-testid="stock-line">
            {stockLine}
          </p>
          {product.freeShipping ? (
            <p className="mt-1 inline-flex items-center gap-2 text-sm">
              <Truck aria-hidden="true" className="size-4 text-moss" /> Envío gratis
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {state === "out-of-stock" ? (
              <SpecialOrderLink
                book={book}
                className="inline-flex items-center rounded-full border border-moss bg-white px-6 py-3 font-bold tracking-wider text-moss hover:bg-cream"
              >
                ORDENAR 72HS
              </SpecialOrderLink>
            ) : (
              <AddToCartButton book={book} />
            )}
            {book.tiendaNubeUrl && state !== "unavailable" ? (
              <StoreLink
                url={book.tiendaNubeUrl}
                className="inline-flex items-center gap-2 rounded-full border border-moss px-6 py-3 font-bold tracking-wider text-moss hover:bg-cream"
              >
                {state === "preorder" ? "RESERVAR EN TIENDA" : "COMPRAR EN TIENDA"}
                <ExternalLink aria-hidden="true" className="size-4" />
              </StoreLink>
            ) : null}
          </div>
          {book.audiobookUrl ? (
            <p className="mt-4">
              <a
                href={book.audiobookUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 font-semibold text-moss underline underline-offset-4 hover:text-moss-dark"
              >
                <Headphones aria-hidden="true" className="size-5" />
                Escuchá el audiolibro
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            </p>
          ) : null}
          <div
            className="prose-book mt-8 max-w-prose space-y-4 leading-relaxed"
            data-testid="book-description"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by descriptionHtml().
            dangerouslySetInnerHTML={{ __html: loaderData.descriptionHtml }}
          />
          <h2 className="mt-10 font-serif text-xl">Detalles</h2>
          <dl className="mt-3 grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {product.sku ? <Detail label="SKU" value={product.sku} /> : null}
            {product.brand ? <Detail label="Editorial" value={product.brand} /> : null}
            {pages ? <Detail label="Páginas" value={String(pages)} /> : null}
            {product.weight && product.weight > 0 ? <Detail label="Peso" value={`${product.weight} g`} /> : null}
            {isbn ? <Detail label="ISBN / código de barras" value={isbn} /> : null}
          </dl>
          <ul
            className="mt-8 flex flex-wrap gap-x-6 gap-y-2 border-t border-ink/10 pt-4 text-xs text-ink/75"
            aria-label="Información del producto"
          >
            <li>Actualizado el {updated}</li>
            {product.category ? <li>Categorías: {product.category}</li> : null}
            <li>{product.published ? "Publicado" : "No publicado"}</li>
          </ul>
        </div>
      </div>
      <RelatedShelf id="more-author" title={`Más de ${book.author}`} books={related.byAuthor} />
      <RelatedShelf
        id="more-genre"
        title={book.genre ? `Más en ${book.genre}` : "Más en esta categoría"}
        books={related.sameGenre}
      />
      <p className="mt-12">
        <Link to="/tienda" className="font-semibold text-moss underline">
          ← Volver a la tienda
        </Link>
      </p>
    </main>
  );
}

function RelatedShelf({ id, title, books }: { id: string; title: string; books: Loaded["related"]["byAuthor"] }) {
  if (books.length === 0) return null;
  return (
    <section className="mt-14" aria-labelledby={id}>
      <h2 id={id} className="font-serif text-2xl">
        {title}
      </h2>
      <ul className="mt-5 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
        {books.map((book) => (
          <li key={book.id} className="flex">
            <BookCard book={book} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-ink/75">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** The spec's detail-page failures: 'Producto no encontrado' for a 404, otherwise 'Error al cargar el producto'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <RouteError
      title={notFound ? "Producto no encontrado" : "Error al cargar el producto"}
      message={`${notFound ? "Puede que el libro ya no esté en el catálogo." : "Probá de nuevo en unos minutos."} Mientras tanto, recorré la tienda.`}
    >
      <Link to="/tienda" className="mt-8 rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark">
        Volver a la tienda
      </Link>
    </RouteError>
  );
}
