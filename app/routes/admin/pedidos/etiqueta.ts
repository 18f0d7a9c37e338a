import { orderLabel } from "~/domain/shipping/labels.server";
import { requireAdmin } from "~/lib/admin.server";
import { resource } from "~/lib/http.server";
import { inlinePdf, pdfOrRefusal } from "~/lib/pdf-response.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /admin/pedidos/{number}/etiqueta: the order's shipping label to print (etiqueta-RZ-000123.pdf). */
export function loader({ request, params, context }: ResourceArgs<"number">) {
  return resource(context, async () => {
    requireAdmin(request, context);
    return pdfOrRefusal(async () => {
      const { filename, pdf } = await orderLabel(requestContext(context), params.number);
      return inlinePdf(pdf, filename);
    });
  });
}
