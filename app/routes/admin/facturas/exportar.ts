import { recordPersonalExport } from "~/domain/audit/exports.server";
import { csvQuery, currentMonth, invoicesCsv } from "~/domain/invoices/admin.server";
import { requireAdmin } from "~/lib/admin.server";
import { csvResponse, csvRowCount } from "~/lib/csv";
import { monthYear } from "~/lib/dates";
import { resource } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { alertOrigin, exportStepUp } from "~/lib/step-up.server";

/** GET /admin/facturas/exportar?mes=YYYY-MM: the month's issued vouchers as a CSV for the accountant. */
export function loader({ request, context }: ResourceArgs) {
  return resource(context, async () => {
    const admin = requireAdmin(request, context);
    const confirm = await exportStepUp(request, context, admin, "page");
    if (confirm) return confirm;
    const query = csvQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) {
      return new Response("El mes no es válido: usá AAAA-MM, por ejemplo 2026-11.", {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    const month = query.data.mes ?? currentMonth();
    const csv = await invoicesCsv(context.db, month);
    await recordPersonalExport(
      context.db,
      admin,
      {
        subject: "invoice",
        entity: "invoice",
        what: `las facturas de ${monthYear(`${month}-01`)}`,
        format: "CSV",
        rows: csvRowCount(csv),
        filters: { mes: month },
        ip: context.clientIp,
      },
      alertOrigin(request, context),
    );
    return csvResponse(csv, `facturas-${month}.csv`);
  });
}
