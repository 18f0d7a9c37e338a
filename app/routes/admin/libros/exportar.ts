import { recordExport } from "~/domain/audit/exports.server";
import { catalogueCsv, catalogueSize, catalogueXlsx } from "~/domain/catalog-io/export.server";
import { requireAdmin } from "~/lib/admin.server";
import { csvResponse, csvRowCount } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { resource } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * GET /admin/libros/exportar?formato=csv|xlsx: the whole catalogue in the import's columns
 * (catalogo-rizoma-YYYY-MM-DD.csv / .xlsx); what it writes imports back unchanged.
 */
export function loader({ request, context }: ResourceArgs) {
  return resource(context, async () => {
    const admin = requireAdmin(request, context);
    const format = new URL(request.url).searchParams.get("formato") === "xlsx" ? "xlsx" : "csv";
    const name = `catalogo-rizoma-${todayInBuenosAires()}.${format}`;
    const audit = (rows: number) =>
      recordExport(context.db, admin, {
        subject: "book",
        entity: "book",
        what: "el catálogo",
        format: format === "csv" ? "CSV" : "Excel",
        rows,
        filters: { formato: format },
        ip: context.clientIp,
      });
    if (format === "csv") {
      const csv = await catalogueCsv(context.db);
      await audit(csvRowCount(csv));
      return csvResponse(csv, name);
    }
    const workbook = await catalogueXlsx(context.db);
    await audit(await catalogueSize(context.db));
    return new Response(workbook, {
      headers: {
        "Content-Type": XLSX_TYPE,
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
