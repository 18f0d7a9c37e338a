import { Link } from "react-router";
import { SearchForm } from "./search-form";

/** The one 404 page (DESIGN §5.5): real HTTP 404, a search box and a way back. */
export function NotFoundPage({
  message = "La página que buscás no existe o se mudó de estante.",
}: {
  message?: string;
}) {
  return (
    <main id="contenido" className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-20 text-center">
      <p className="font-serif text-7xl font-bold text-moss">404</p>
      <h1 className="mt-4 font-serif text-3xl">404 — Página no encontrada</h1>
      <p className="mt-4 text-ink/75">{message} Probá buscando el libro que querías:</p>
      <SearchForm id="not-found-search" label="Buscar un libro" className="mt-6 w-full max-w-md" />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-full border border-moss px-5 py-2 font-semibold text-moss hover:bg-moss hover:text-white"
        >
          Volver al inicio
        </Link>
        <Link to="/tienda" className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark">
          Ir a la tienda
        </Link>
      </div>
    </main>
  );
}
