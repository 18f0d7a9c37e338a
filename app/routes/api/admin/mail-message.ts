import { getOutboxMessage, outboxJson } from "~/domain/mail/outbox.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/mail/{id}: one message with its HTML and text (the preview). */
export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const message = await getOutboxMessage(context.db, idParam(params.id, "No encontramos ese correo"));
    return jsonResponse({ success: true, message: outboxJson(message) });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
