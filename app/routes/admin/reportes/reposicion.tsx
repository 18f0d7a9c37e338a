import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminPagination } from "~/components/admin/pagination";
import { ReorderTable } from "~/components/admin/reports/reorder-table";
import { AdminRouteError } from "~/components/layout/route-error";
import { reorderList, reorderQuery } from "~/domain/reports/reorder.server";
import { requireAdmin } from "~/lib/admin.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/reposicion";

const PAGE = "/admin/reportes/reposicion";
const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const query = await reorderQuery(context.db, params);
  const { books, publishers } = await reorderList(context.db, query);
  const pages = Math.max(1, Math.ceil(books.length / PAGE_SIZE));
  const asked = Number(params.get("pagina"));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= pages ? asked : 1;
  return {
    query,
    publishers,
    total: books.length,
    books: books.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    page,
    pages,
  };
}

export const meta = () => seoMeta({ title: "Reposición", noIndex: true });

export default function AdminReorder({ loaderData }: Route.ComponentProps) {
  const { query, publishers, total, books, page, pages } = loaderData;
  const filters = new URLSearchParams();
  if (query.overridden) filters.set("umbral", String(query.threshold));
  if (query.publisher) filters.set("editorial", query.publisher);
  const href = (target: number) => `${PAGE}?${new URLSearchParams([...filters, ["pagina", String(target)]])}`;
  const csv = `/admin/reportes/exportar?${new URLSearchParams([["informe", "reposicion"], ...filters])}`;
  const field = "rounded-md border border-ink/25 bg-white px-2 py-1.5";
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link to="/admin/reportes" className="text-moss underline">
              Reportes
            </Link>
          </p>
          <h1 className="font-serif text-3xl">Reposición</h1>
          <p className="mt-1 max-w-prose text-ink/75">
            Los libros publicados con {query.threshold} {query.threshold === 1 ? "ejemplar" : "ejemplares"} o menos,
            primero los que más gente espera con «Avisame» y los que más se venden. El umbral de siempre (
            {query.setting}) se cambia en{" "}
            <Link to="/admin/ajustes#reorder" className="text-moss underline">
              Ajustes
            </Link>
            .
          </p>
        </div>
        {total > 0 ? (
          <a
            href={csv}
            className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
          >
            <Download aria-hidden="true" className="size-4" />
            Descargar CSV para el distribuidor
          </a>
        ) : null}
      </div>
      <Form
        method="get"
        action={PAGE}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-ink/10 bg-white p-4"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="editorial" className="text-sm font-semibold text-ink/75">
            Editorial
          </label>
          <select id="editorial" name="editorial" defaultValue={query.publisher ?? ""} className={`${field} max-w-64`}>
            <option value="">Todas</option>
            {publishers.map((publisher) => (
              <option key={publisher} value={publisher}>
                {publisher}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="umbral" className="text-sm font-semibold text-ink/75">
            Stock de hasta
          </label>
          <input
            id="umbral"
            name="umbral"
            type="number"
            inputMode="numeric"
            min={0}
            max={1000}
            defaultValue={query.threshold}
            className={`${field} w-24`}
          />
        </div>
        <button
          type="submit"
          className="rounded-md bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
        >
          Filtrar
        </button>
      </Form>
      <p className="max-w-prose text-sm text-ink/75">
        Cantidad sugerida: los avisos en espera más un mes de ventas (lo vendido en 90 días dividido 3, redondeado para
        arriba), menos el stock que queda; nunca menos de cero.
      </p>
      {total === 0 ? (
        <p className="rounded-lg bg-white p-6 text-ink/75">
          No hay libros publicados con stock de {query.threshold} o menos
          {query.publisher ? ` de ${query.publisher}` : ""}.
        </p>
      ) : (
        <section aria-labelledby="reorder-title" className="space-y-4">
          <h2 id="reorder-title" className="font-serif text-2xl">
            {total} {total === 1 ? "libro para reponer" : "libros para reponer"}
          </h2>
          <ReorderTable books={books} threshold={query.threshold} />
          <AdminPagination page={page} pages={pages} href={href} />
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Reposición"
      message="No pudimos armar la lista de reposición. Probá de nuevo en unos minutos."
      retry={{ href: PAGE, label: "Volver a intentar" }}
    />
  );
}
