import { Link } from "react-router";

/** "Anterior · Página 2 de 5 · Siguiente" under an admin list; nothing when it fits on one page. */
export function AdminPagination({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Paginación" className="flex items-center justify-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="underline">
          Anterior
        </Link>
      ) : null}
      <span>
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="underline">
          Siguiente
        </Link>
      ) : null}
    </nav>
  );
}
