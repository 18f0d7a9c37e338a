import { boxLabels, parsePeriod } from "~/domain/shipping/labels.server";
import { requireAdmin } from "~/lib/admin.server";
import { resource } from "~/lib/http.server";
import { inlinePdf, pdfOrRefusal } from "~/lib/pdf-response.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /admin/caja/etiquetas?periodo=2026-11: the month's Caja Rizoma labels in one PDF. */
export function loader({ request, context }: ResourceArgs) {
  return resource(context, async () => {
    requireAdmin(request, context);
    return pdfOrRefusal(async () => {
      const period = parsePeriod(new URL(request.url).searchParams.get("periodo"));
      return inlinePdf(await boxLabels(requestContext(context), period), `etiquetas-caja-${period}.pdf`);
    });
  });
}
