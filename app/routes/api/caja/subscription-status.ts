import { z } from "zod";
import { changeStatusByAdmin } from "~/domain/box/subscriptions.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** PATCH /api/caja/subscriptions/{id}/status {status: 'paused'|'active'}: only active<->paused, else 409. */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "PATCH") return methodNotAllowed("PATCH");
    const id = idParam(params.id, "Suscripción no encontrada");
    const body = await readJson(request, z.unknown());
    const result = await changeStatusByAdmin(requestContext(context), admin, id, body);
    return jsonResponse({ success: true, subscription: result });
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("PATCH");
  });
}
