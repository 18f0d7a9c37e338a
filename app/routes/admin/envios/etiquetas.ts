import { parseShipmentIds, shipmentLabels } from "~/domain/shipping/labels.server";
import { requireAdmin } from "~/lib/admin.server";
import { resource } from "~/lib/http.server";
import { inlinePdf, pdfOrRefusal } from "~/lib/pdf-response.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /admin/envios/etiquetas?ids=1,2,3: those parcels' labels in one PDF ("Crear envíos" links here). */
export function loader({ request, context }: ResourceArgs) {
  return resource(context, async () => {
    requireAdmin(request, context);
    return pdfOrRefusal(async () => {
      const ids = parseShipmentIds(new URL(request.url).searchParams.get("ids"));
      return inlinePdf(await shipmentLabels(requestContext(context), ids), "etiquetas.pdf");
    });
  });
}
