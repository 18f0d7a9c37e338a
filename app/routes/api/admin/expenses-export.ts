import { currentMonth, expensesCsv, monthQuery } from "~/domain/expenses/expenses.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, methodNotAllowed, readQuery } from "~/lib/http.server";
import type { Route } from "./+types/expenses-export";

/** GET /api/admin/expenses/export?month=YYYY-MM: the month's ledger as a CSV download for Excel. */
export function loader({ request, context }: Route.LoaderArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const month = readQuery(request, monthQuery).month ?? currentMonth();
    return new Response(await expensesCsv(context.db, { month }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="gastos-${month}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}

export function action({ context }: Route.ActionArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
