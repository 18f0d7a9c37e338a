import { retryFailed } from "~/domain/mail/outbox.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { ResourceArgs } from "~/lib/resource-route";

/** POST /api/admin/mail/{id}/retry: a failed message goes back to the queue (409 if it is not failed). */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    await retryFailed(context.db, admin, idParam(params.id, "No encontramos ese correo"));
    return jsonResponse({ success: true, message: "El correo volvió a la cola de envío" });
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("POST");
  });
}
