import { type AppLoadContext, data, Form, Link, redirect } from "react-router";
import { ShareWishlist } from "~/components/account/share-wishlist";
import { BookCard } from "~/components/book/book-card";
import {
  addToWishlist,
  removeFromWishlist,
  shareWishlist,
  stopSharingWishlist,
  toggleWishlist,
  wishlistBooks,
  wishlistShareToken,
} from "~/domain/accounts/wishlist.server";
import { DomainError, NotFound } from "~/domain/errors";
import { requireCustomer } from "~/lib/customer.server";
import { readForm } from "~/lib/http.server";
import { parseId } from "~/lib/params";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/quiero-leer";

export const meta: Route.MetaFunction = () => seoMeta({ title: "Quiero leerlo", noIndex: true });

const PAGE = "/cuenta/quiero-leer";
const BOOK_GONE = "Ese libro ya no está en la tienda.";

/**
 * Where a heart's form returns: a path of this site only (no "//host", no "\\", no scheme), else the
 * list itself. The URL parser has the last word, so what looks local also resolves locally.
 */
export function localReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 500 || !/^\/(?![/\\])[^\\\s]*$/.test(value)) return PAGE;
  const base = "http://rizoma.invalid";
  const url = new URL(value, base);
  return url.origin === base ? `${url.pathname}${url.search}` : PAGE;
}

/**
 * `?agregar={id}` is where a visitor's heart leads through the sign-in page: once signed in, the book is
 * added and the page redirects to `?agregado={id}` (a reload, or removing it later, adds nothing back).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  const url = new URL(request.url);
  const adding = url.searchParams.get("agregar");
  if (adding !== null) {
    const id = parseId(adding);
    try {
      if (id === null) throw new NotFound(BOOK_GONE);
      await addToWishlist(context.db, email, id);
      return redirect(`${PAGE}?agregado=${id}`, 303);
    } catch (error) {
      if (error instanceof NotFound) return redirect(`${PAGE}?agregado=no`, 303);
      throw error;
    }
  }
  const [books, token] = await Promise.all([wishlistBooks(context, email), wishlistShareToken(context.db, email)]);
  const added = url.searchParams.get("agregado");
  const addedBook = books.find((book) => String(book.id) === added);
  const shared = url.searchParams.get("compartida");
  return {
    books,
    shareUrl: token ? `${context.config.publicUrl}/quiero-leer/${token}` : null,
    notice: addedBook
      ? { id: addedBook.id, text: `Agregamos «${addedBook.title}» a tu lista.` }
      : added === "no"
        ? { id: null, text: `${BOOK_GONE} No pudimos agregarlo a tu lista.` }
        : shared === "no"
          ? { id: null, text: "Listo: el enlace anterior ya no muestra tu lista." }
          : null,
  };
}

const HEART_INTENTS = new Set(["toggle", "add", "remove"]);

/** Applies a heart's intent; answers whether the book is in the list afterwards. */
async function heart(db: AppLoadContext["db"], email: string, bookId: number, intent: string): Promise<boolean> {
  if (intent === "toggle") return toggleWishlist(db, email, bookId);
  if (intent === "add") {
    await addToWishlist(db, email, bookId);
    return true;
  }
  await removeFromWishlist(db, email, bookId);
  return false;
}

/**
 * The hearts' and this page's forms. `add`/`remove` (what a heart posts) or `toggle`, with {bookId,
 * volver}: without JavaScript, a 303 back to `volver` (a local path, else this page); a fetcher sends
 * `respuesta=datos` and gets `{wished}`. Signed out, a heart goes to the sign-in page, which comes back
 * to `?agregar={id}`. `share`/`unshare`: the share link. A book visitors cannot see is a 404 message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const bookId = parseId(form.get("bookId"));
  if (!context.customer && HEART_INTENTS.has(intent) && intent !== "remove" && bookId !== null) {
    const back = `${PAGE}?agregar=${bookId}`;
    return redirect(`/cuenta/ingresar?volver=${encodeURIComponent(back)}`, 303);
  }
  const { email } = requireCustomer(request, context);
  if (intent === "share") {
    await shareWishlist(context.db, email);
    return redirect(`${PAGE}#compartir`, 303);
  }
  if (intent === "unshare") {
    await stopSharingWishlist(context.db, email);
    return redirect(`${PAGE}?compartida=no#compartir`, 303);
  }
  if (!HEART_INTENTS.has(intent)) return data({ message: "No entendimos qué querías hacer." }, 400);
  try {
    if (bookId === null) throw new NotFound(BOOK_GONE);
    const wished = await heart(context.db, email, bookId, intent);
    if (form.get("respuesta") === "datos") return { wished };
    return redirect(localReturnPath(form.get("volver")), 303);
  } catch (error) {
    if (error instanceof NotFound) return data({ message: BOOK_GONE }, 404);
    if (error instanceof DomainError) return data({ message: error.message }, 400);
    throw error;
  }
}

export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { books, shareUrl, notice } = loaderData;
  const failure = actionData && "message" in actionData ? actionData.message : null;
  return (
    <section aria-labelledby="quiero-leer">
      <h1 id="quiero-leer" className="font-serif text-3xl text-ink sm:text-4xl">
        Quiero leerlo
      </h1>
      <p className="mt-2 max-w-prose text-ink/80">
        Los libros que marcaste con el corazón en la tienda, para no perderles el rastro.
      </p>
      {failure ? (
        <p role="alert" className="mt-4 rounded-lg bg-terracotta/10 px-4 py-3 text-terracotta-dark">
          {failure}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mt-4 rounded-lg bg-moss/10 px-4 py-3 text-ink">
          {notice.text}{" "}
          {notice.id !== null ? (
            <Link to={`/libro/${notice.id}`} className="font-semibold text-moss underline">
              Volver al libro
            </Link>
          ) : null}
        </p>
      ) : null}
      {books.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10">
          <p className="text-ink/85">
            Todavía no guardaste ningún libro. Tocá el corazón de un libro en la tienda y lo vas a encontrar acá.
          </p>
          <Link to="/tienda" className="mt-4 inline-flex font-semibold text-moss underline">
            Ver la tienda
          </Link>
        </div>
      ) : (
        <>
          <h2 className="sr-only">Tus libros guardados</h2>
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4" data-testid="wishlist">
            {books.map((book) => (
              <li key={book.id} className="flex flex-col">
                <div className="flex flex-1">
                  <BookCard book={book} />
                </div>
                <Form method="post" action={PAGE} className="mt-2 text-center">
                  <input type="hidden" name="bookId" value={book.id} />
                  <input type="hidden" name="volver" value={PAGE} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    className="text-sm font-semibold text-terracotta-dark underline"
                  >
                    Quitar de la lista<span className="sr-only">: {book.title}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
      <ShareWishlist key={shareUrl ?? "sin-enlace"} shareUrl={shareUrl} />
    </section>
  );
}
