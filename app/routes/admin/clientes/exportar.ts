import { recordPersonalExport } from "~/domain/audit/exports.server";
import { customersCsv } from "~/domain/customers/admin.server";
import { parseCustomerFilters } from "~/domain/customers/filters";
import { requireAdmin } from "~/lib/admin.server";
import { csvResponse, csvRowCount } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { resource } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { alertOrigin, exportStepUp } from "~/lib/step-up.server";

/** GET /admin/clientes/exportar?buscar=: the customers the list's search finds, as a CSV for a spreadsheet. */
export function loader({ request, context }: ResourceArgs) {
  return resource(context, async () => {
    const admin = requireAdmin(request, context);
    const confirm = await exportStepUp(request, context, admin, "page");
    if (confirm) return confirm;
    const { search } = parseCustomerFilters(new URL(request.url).searchParams);
    const csv = await customersCsv(context.db, { q: search });
    await recordPersonalExport(
      context.db,
      admin,
      {
        subject: "customer",
        entity: "customer",
        what: "los clientes",
        format: "CSV",
        rows: csvRowCount(csv),
        filters: search ? { buscar: search } : {},
        ip: context.clientIp,
      },
      alertOrigin(request, context),
    );
    return csvResponse(csv, `clientes-${todayInBuenosAires()}.csv`);
  });
}
