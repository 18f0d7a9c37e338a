import { data, isRouteErrorResponse, Link, useRouteLoaderData } from "react-router";
import { BookActions } from "~/components/book/book-actions";
import { BookDetails } from "~/components/book/book-details";
import { BookGallery } from "~/components/book/book-gallery";
import { BookHeading } from "~/components/book/book-heading";
import { BookPrice } from "~/components/book/book-price";
import { buyState } from "~/components/book/buy";
import { RelatedShelf } from "~/components/book/related-shelf";
import { StockAlertForm } from "~/components/book/stock-alert-form";
import { RouteError } from "~/components/layout/route-error";
import { useInstalmentsOffered } from "~/components/layout/use-instalments";
import { NotFound } from "~/domain/errors";
import { STOCK_ALERT_INTENT } from "~/domain/stock-alerts/kinds";
import { subscribeStockAlert } from "~/domain/stock-alerts/subscribe.server";
import { bookPage } from "~/domain/storefront/book-page.server";
import { formAction } from "~/lib/form-action.server";
import { readForm, retryAfterHeaders } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
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
import type { loader as shopLayoutLoader } from "./shop-layout";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return await bookPage(context, idParam(params.id, "Producto no encontrado"));
  } catch (error) {
    if (error instanceof NotFound) throw data({ message: "Producto no encontrado" }, { status: 404 });
    throw error;
  }
}

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

/**
 * The page's forms without JavaScript (and with it, through a fetcher). "stock-alert": "Avisame cuando
 * vuelva / cuando salga" for this book; the answer is the page's action data (a POST is never cached).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === STOCK_ALERT_INTENT) {
    const values = { email: String(form.get("email") ?? "") };
    return formAction(
      values,
      async () => {
        const { message } = await subscribeStockAlert(requestContext(context), { bookId: params.id, ...values });
        return { intent: STOCK_ALERT_INTENT, ok: true, message } as const;
      },
      { intent: STOCK_ALERT_INTENT, ok: false } as const,
    );
  }
  throw data({ message: "No entendimos lo que quisiste hacer" }, { status: 400 });
}

type Loaded = Awaited<ReturnType<typeof loader>>;

function availability(book: Loaded["book"]): Availability {
  const state = buyState(book);
  if (state === "preorder") return "PreOrder";
  if (state === "in-stock") return "InStock";
  if (state === "out-of-stock") return "BackOrder";
  return book.available ? "OutOfStock" : "Discontinued";
}

/** The page's two failures: an unknown book (404), or anything else. The tab and the page name them alike. */
const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;
const failureTitle = (error: unknown) => (isNotFound(error) ? "Producto no encontrado" : "Error al cargar el producto");

export const meta: Route.MetaFunction = ({ data: loaded, error, matches }) => {
  if (!loaded) return seoMeta({ title: failureTitle(error), noIndex: true, matches });
  const { book, product, publicUrl } = loaded;
  const url = `${publicUrl}/libro/${book.id}`;
  const image = book.coverUrl ? absoluteUrl(publicUrl, book.coverUrl) : null;
  const price = book.isPreorder && book.preorderPrice !== null ? book.preorderPrice : book.price;
  return [
    ...seoMeta({ title: `${book.title}, de ${book.author}`, description: loaded.summary || undefined, matches }),
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

export default function Libro({ loaderData, actionData }: Route.ComponentProps) {
  const { book, product, gallery, related } = loaderData;
  const state = buyState(book);
  const customerEmail = useRouteLoaderData<typeof shopLayoutLoader>("routes/shop-layout")?.customerEmail ?? null;
  const instalments = useInstalmentsOffered();
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
          <BookHeading title={book.title} author={book.author} categories={product.categories} />
          <BookPrice
            book={book}
            state={state}
            originalPrice={product.originalPrice}
            freeShipping={product.freeShipping}
            taxRate={loaderData.taxRate}
            instalments={instalments}
          />
          <BookActions book={book} state={state} />
          {book.isPreorder || state === "out-of-stock" ? (
            <StockAlertForm
              kind={book.isPreorder ? "release" : "restock"}
              customerEmail={customerEmail}
              answer={actionData?.intent === STOCK_ALERT_INTENT ? actionData : undefined}
            />
          ) : null}
          <BookDetails page={loaderData} />
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

/** The spec's detail-page failures: 'Producto no encontrado' for a 404, otherwise 'Error al cargar el producto'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isNotFound(error);
  return (
    <RouteError
      title={failureTitle(error)}
      message={`${notFound ? "Puede que el libro ya no esté en el catálogo." : "Probá de nuevo en unos minutos."} Mientras tanto, recorré la tienda.`}
    >
      <Link to="/tienda" className="mt-8 rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark">
        Volver a la tienda
      </Link>
    </RouteError>
  );
}
