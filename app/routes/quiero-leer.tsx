import { data, isRouteErrorResponse, Link } from "react-router";
import { BookCard } from "~/components/book/book-card";
import { RouteError } from "~/components/layout/route-error";
import { sharedWishlist } from "~/domain/accounts/wishlist.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/quiero-leer";

const NOT_SHARED = "Esta lista no está disponible";

/** A reader's shared "Quiero leerlo" list, read-only, for anyone with the link; never indexed, never cached. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const shared = await sharedWishlist(context, params.token);
  if (!shared) throw data({ message: NOT_SHARED }, { status: 404 });
  return shared;
}

const heading = (firstName: string | null) =>
  firstName ? `La lista de lecturas de ${firstName}` : "Lista de lecturas";

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  seoMeta({ title: loaded ? heading(loaded.firstName) : NOT_SHARED, noIndex: true });

export default function SharedWishlistPage({ loaderData }: Route.ComponentProps) {
  const { firstName, books } = loaderData;
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <p className="text-sm font-semibold uppercase tracking-widest text-terracotta-dark">Quiero leerlo</p>
        <h1 className="mt-1 font-serif text-3xl text-ink sm:text-4xl">{heading(firstName)}</h1>
        <p className="mt-2 max-w-prose text-ink/80">
          {firstName ? `Los libros que ${firstName} tiene ganas de leer` : "Libros que alguien tiene ganas de leer"},
          elegidos en Rizoma. Si querés regalarle uno, está a un clic.
        </p>
        {books.length === 0 ? (
          <p className="mt-6 rounded-2xl bg-white p-6 text-ink/85 shadow-sm ring-1 ring-ink/10">
            Esta lista todavía no tiene libros.
          </p>
        ) : (
          <>
            <h2 className="sr-only">Libros de la lista</h2>
            <ul
              className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4"
              data-testid="shared-wishlist"
            >
              {books.map((book) => (
                <li key={book.id} className="flex">
                  <BookCard book={book} />
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="mt-10 text-ink/80">
          ¿Querés tu propia lista?{" "}
          <Link to="/cuenta/quiero-leer" className="font-semibold text-moss underline">
            Armá la tuya en Mi cuenta
          </Link>
        </p>
      </div>
    </main>
  );
}

/** An unknown or withdrawn link is a 404 with its own words; anything else, the usual "try again". */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <RouteError
      title={notFound ? NOT_SHARED : "No pudimos cargar la lista"}
      message={
        notFound
          ? "Puede que el enlace esté mal copiado o que quien lo compartió haya dejado de compartirlo."
          : "Probá de nuevo en unos minutos."
      }
    >
      <Link to="/tienda" className="mt-8 rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark">
        Ver la tienda
      </Link>
    </RouteError>
  );
}
