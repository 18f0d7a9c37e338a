import { data } from "react-router";
import { recordPersonalExport } from "~/domain/audit/exports.server";
import { CHANNEL_LABELS, CHANNEL_PARAMS } from "~/domain/reports/channels";
import { parseRange } from "~/domain/reports/range";
import { reorderCsv, reorderList, reorderQuery } from "~/domain/reports/reorder.server";
import { isReportName, REPORT_FILES, reportCsv } from "~/domain/reports/reports.server";
import { requireAdmin } from "~/lib/admin.server";
import { csvResponse, csvRowCount } from "~/lib/csv";
import { numericDate, todayInBuenosAires } from "~/lib/dates";
import { resource } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { alertOrigin, exportStepUp } from "~/lib/step-up.server";

/**
 * GET /admin/reportes/exportar?informe=ventas&desde=&hasta=&agrupar=&canal=: one report of /admin/reportes as a
 * CSV. informe=reposicion (&umbral=&editorial=) is the reorder list for the distributor.
 */
export function loader({ request, context }: ResourceArgs) {
  return resource(context, async () => {
    const admin = requireAdmin(request, context);
    const confirm = await exportStepUp(request, context, admin, "page");
    if (confirm) return confirm;
    const params = new URL(request.url).searchParams;
    const name = params.get("informe") ?? "";
    if (name === "reposicion") {
      const query = await reorderQuery(context.db, params);
      const { books } = await reorderList(context.db, query);
      const csv = reorderCsv(books);
      await recordPersonalExport(
        context.db,
        admin,
        {
          subject: "report",
          entity: "report",
          what: "la lista de reposición",
          format: "CSV",
          rows: csvRowCount(csv),
          filters: { informe: name, umbral: query.threshold, editorial: query.publisher },
          ip: context.clientIp,
        },
        alertOrigin(request, context),
      );
      return csvResponse(csv, `reposicion-${todayInBuenosAires()}.csv`);
    }
    if (!isReportName(name)) throw data("Ese reporte no existe.", { status: 404 });
    const { range } = parseRange(params);
    const csv = await reportCsv(context.db, name, range);
    const channel = range.channel ? CHANNEL_PARAMS[range.channel] : null;
    await recordPersonalExport(
      context.db,
      admin,
      {
        subject: "report",
        entity: "report",
        what: `el reporte «${REPORT_FILES[name]}»${range.channel ? ` (ventas ${CHANNEL_LABELS[range.channel].toLowerCase()})` : ""} del ${numericDate(range.from)} al ${numericDate(range.to)}`,
        format: "CSV",
        rows: csvRowCount(csv),
        filters: {
          informe: name,
          desde: range.from,
          hasta: range.to,
          agrupar: range.grain,
          ...(channel ? { canal: channel } : {}),
        },
        ip: context.clientIp,
      },
      alertOrigin(request, context),
    );
    return csvResponse(csv, `${REPORT_FILES[name]}${channel ? `-${channel}` : ""}-${range.from}-a-${range.to}.csv`);
  });
}
