import { invoicesForOrder, orderInvoicesQuery } from "~/domain/invoices/admin.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readQuery } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /api/admin/invoices?order=RZ-000123: the order's invoice and its credit notes, `{success, invoices}`
 * (totals in pesos; pdfUrl and qrUrl once issued). No or malformed `order`: 400; unknown order: 404.
 */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const { order } = readQuery(request, orderInvoicesQuery);
    return jsonResponse({ success: true, invoices: await invoicesForOrder(context.db, order) });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
