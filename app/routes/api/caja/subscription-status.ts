import { z } from "zod";
import { changeStatusByAdmin } from "~/domain/box/subscriptions.server";
import { NotFound } from "~/domain/errors";
import { requireAdminApi } from "~/lib/admin.server";
import { boxContext } from "~/lib/box-context.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/subscription-status";

/** PATCH /api/caja/subscriptions/{id}/status {status: 'paused'|'active'}: only active<->paused, else 409. */
export function action({ request, params, context }: Route.ActionArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "PATCH") return methodNotAllowed("PATCH");
    const id = Number(params.id);
    if (!/^\d{1,9}$/.test(params.id ?? "") || id <= 0) throw new NotFound("Suscripción no encontrada");
    const body = await readJson(request, z.unknown());
    const result = await changeStatusByAdmin(boxContext(context), admin, id, body);
    return jsonResponse({ success: true, subscription: result });
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("PATCH");
  });
}
