import { Download, PackageSearch, Percent, Upload } from "lucide-react";
import { Link } from "react-router";

const pill =
  "flex items-center gap-1.5 rounded-full border border-moss/40 bg-white px-3 py-1 font-semibold text-moss hover:bg-moss hover:text-white";

/**
 * The books list's tools for the whole catalogue: bulk prices, the reorder list, the import and the
 * catalogue as CSV or Excel.
 */
export function CatalogFileLinks() {
  return (
    <nav aria-label="Herramientas del catálogo" className="flex flex-wrap gap-2 text-sm">
      <Link to="/admin/libros/precios" className={pill}>
        <Percent aria-hidden="true" className="size-4" /> Actualizar precios
      </Link>
      <Link to="/admin/reportes/reposicion" className={pill}>
        <PackageSearch aria-hidden="true" className="size-4" /> Reposición
      </Link>
      <Link to="/admin/libros/importar" className={pill}>
        <Upload aria-hidden="true" className="size-4" /> Importar
      </Link>
      <a href="/admin/libros/exportar?formato=csv" className={pill}>
        <Download aria-hidden="true" className="size-4" /> Exportar CSV
      </a>
      <a href="/admin/libros/exportar?formato=xlsx" className={pill}>
        <Download aria-hidden="true" className="size-4" /> Exportar Excel
      </a>
    </nav>
  );
}
