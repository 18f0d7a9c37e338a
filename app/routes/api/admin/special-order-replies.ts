import { z } from "zod";
import { NOT_FOUND, replyJson, replyToSpecialOrder } from "~/domain/special-orders/special-orders.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/admin/special-orders/{id}/replies {message} -> 201 {success:true, reply}: the reply is stored
 * and its e-mail to the requester queued, together.
 */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const id = idParam(params.id, NOT_FOUND);
    const body = await readJson(request, z.unknown());
    const reply = await replyToSpecialOrder(context.db, admin, id, body, context.config.publicUrl);
    return jsonResponse({ success: true, reply: replyJson(reply) }, { status: 201 });
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("POST");
  });
}
