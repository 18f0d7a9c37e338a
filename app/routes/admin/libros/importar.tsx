import { Download } from "lucide-react";
import { Link } from "react-router";
import { ColumnsTable } from "~/components/admin/catalog-import/columns-table";
import { ImportPanel } from "~/components/admin/catalog-import/import-panel";
import { AdminRouteError } from "~/components/layout/route-error";
import { COLUMNS } from "~/domain/catalog-io/columns";
import { requireAdmin } from "~/lib/admin.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/importar";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { columns: COLUMNS.map(({ header, meaning, example }) => ({ header, meaning, example })) };
}

export const meta = () => seoMeta({ title: "Importar catálogo", noIndex: true });

export default function ImportCatalogue({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p>
            <Link to="/admin/libros" className="text-sm font-semibold text-moss underline">
              ← Libros
            </Link>
          </p>
          <h1 className="font-serif text-3xl">Importar catálogo</h1>
          <p className="mt-1 max-w-2xl text-ink/75">
            Cargá o actualizá muchos libros a la vez desde una planilla o el ONIX de tu distribuidora. Primero te
            mostramos qué va a cambiar; nada se guarda hasta que aplicás.
          </p>
        </div>
        <a
          href="/admin/libros/exportar?formato=csv"
          className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
        >
          <Download aria-hidden="true" className="size-4" /> Bajar el catálogo actual (CSV)
        </a>
      </div>
      <noscript>
        <p className="rounded-lg bg-ochre/15 p-4">
          Para importar necesitás JavaScript activado (la revisión y el progreso se muestran en esta página).
        </p>
      </noscript>
      <ImportPanel />
      <ColumnsTable columns={loaderData.columns} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Importar catálogo"
      message="No pudimos mostrar la importación. Probá de nuevo en unos minutos."
      retry={{ href: "/admin/libros/importar", label: "Volver a intentar" }}
    />
  );
}
