import { data } from "react-router";
import { parseRange } from "~/domain/reports/range";
import { reorderCsv, reorderList, reorderQuery } from "~/domain/reports/reorder.server";
import { isReportName, REPORT_FILES, reportCsv } from "~/domain/reports/reports.server";
import { requireAdmin } from "~/lib/admin.server";
import { csvResponse } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { resource } from "~/lib/http.server";
import type { Route } from "./+types/exportar";

/**
 * GET /admin/reportes/exportar?informe=ventas&desde=&hasta=&agrupar=: one report of /admin/reportes as a
 * CSV. informe=reposicion (&umbral=&editorial=) is the reorder list for the distributor.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return resource(context, async () => {
    requireAdmin(request, context);
    const params = new URL(request.url).searchParams;
    const name = params.get("informe") ?? "";
    if (name === "reposicion") {
      const query = await reorderQuery(context.db, params);
      const { books } = await reorderList(context.db, query);
      return csvResponse(reorderCsv(books), `reposicion-${todayInBuenosAires()}.csv`);
    }
    if (!isReportName(name)) throw data("Ese reporte no existe.", { status: 404 });
    const { range } = parseRange(params);
    return csvResponse(
      await reportCsv(context.db, name, range),
      `${REPORT_FILES[name]}-${range.from}-a-${range.to}.csv`,
    );
  });
}
