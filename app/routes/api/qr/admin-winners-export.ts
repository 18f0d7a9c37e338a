import { recordPersonalExport } from "~/domain/audit/exports.server";
import { winnersCsv } from "~/domain/prizes/prizes.server";
import { requireAdminApi } from "~/lib/admin.server";
import { csvResponse, csvRowCount } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { api, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { alertOrigin, exportStepUp } from "~/lib/step-up.server";

/** GET /api/qr/admin/winners/export: every winner as a CSV download. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const confirm = await exportStepUp(request, context, admin, "api");
    if (confirm) return confirm;
    const csv = await winnersCsv(context.db);
    await recordPersonalExport(
      context.db,
      admin,
      {
        subject: "qr",
        entity: "qr_code",
        what: "los ganadores de los códigos QR",
        format: "CSV",
        rows: csvRowCount(csv),
        ip: context.clientIp,
      },
      alertOrigin(request, context),
    );
    return csvResponse(csv, `ganadores-qr-${todayInBuenosAires()}.csv`);
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
