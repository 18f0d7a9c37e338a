import { recordPersonalExport } from "~/domain/audit/exports.server";
import { currentMonth, expensesCsv, monthQuery } from "~/domain/expenses/expenses.server";
import { requireAdminApi } from "~/lib/admin.server";
import { csvRowCount } from "~/lib/csv";
import { monthYear } from "~/lib/dates";
import { api, methodNotAllowed, readQuery } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { alertOrigin, exportStepUp } from "~/lib/step-up.server";

/** GET /api/admin/expenses/export?month=YYYY-MM: the month's ledger as a CSV download for Excel. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const confirm = await exportStepUp(request, context, admin, "api");
    if (confirm) return confirm;
    const month = readQuery(request, monthQuery).month ?? currentMonth();
    const csv = await expensesCsv(context.db, { month });
    await recordPersonalExport(
      context.db,
      admin,
      {
        subject: "expense",
        entity: "expense",
        what: `los gastos de ${monthYear(`${month}-01`)}`,
        format: "CSV",
        rows: csvRowCount(csv),
        filters: { month },
        ip: context.clientIp,
      },
      alertOrigin(request, context),
    );
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="gastos-${month}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
