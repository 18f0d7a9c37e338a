import { retryInvoice } from "~/domain/invoices/admin.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { ResourceArgs } from "~/lib/resource-route";

/** POST /api/admin/invoices/{id}/retry: a failed voucher goes back to the queue (409 if it has no error). */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    await retryInvoice(context.db, admin, idParam(params.id, "No encontramos esa factura"));
    return jsonResponse({ success: true, message: "La factura volvió a la cola: se emite en unos instantes" });
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("POST");
  });
}
