import { catalogueCsv, catalogueXlsx } from "~/domain/catalog-io/export.server";
import { requireAdmin } from "~/lib/admin.server";
import { csvResponse } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { resource } from "~/lib/http.server";
import type { Route } from "./+types/exportar";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * GET /admin/libros/exportar?formato=csv|xlsx: the whole catalogue in the import's columns
 * (catalogo-rizoma-YYYY-MM-DD.csv / .xlsx); what it writes imports back unchanged.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return resource(context, async () => {
    requireAdmin(request, context);
    const format = new URL(request.url).searchParams.get("formato") === "xlsx" ? "xlsx" : "csv";
    const name = `catalogo-rizoma-${todayInBuenosAires()}.${format}`;
    if (format === "csv") return csvResponse(await catalogueCsv(context.db), name);
    return new Response(await catalogueXlsx(context.db), {
      headers: {
        "Content-Type": XLSX_TYPE,
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
