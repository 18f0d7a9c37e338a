import { SearchForm } from "./search-form";
import { ShopWayOut } from "./shop-way-out";

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
      <ShopWayOut />
    </main>
  );
}
