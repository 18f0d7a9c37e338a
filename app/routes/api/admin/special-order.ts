import { z } from "zod";
import {
  getSpecialOrder,
  NOT_FOUND,
  replyJson,
  specialOrderJson,
  updateSpecialOrder,
} from "~/domain/special-orders/special-orders.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/special-orders/{id}: the request and its replies, oldest first. */
export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const { order, replies } = await getSpecialOrder(context.db, idParam(params.id, NOT_FOUND));
    return jsonResponse({ success: true, specialOrder: specialOrderJson(order), replies: replies.map(replyJson) });
  });
}

/**
 * PATCH /api/admin/special-orders/{id} {status?, adminNotes?} -> {success:true, specialOrder}; 409 when the
 * request cannot go to that status (see nextStatuses), 400 for bad input.
 */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH");
    const id = idParam(params.id, NOT_FOUND);
    const body = await readJson(request, z.unknown());
    const updated = await updateSpecialOrder(context.db, admin, id, body);
    return jsonResponse({ success: true, specialOrder: specialOrderJson(updated) });
  });
}
