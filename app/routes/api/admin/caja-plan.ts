import { z } from "zod";
import { updatePlan } from "~/domain/box/plans.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { centsToPesos } from "~/lib/money";
import type { ResourceArgs } from "~/lib/resource-route";

/** PUT /api/admin/caja/plans/{id} {price, originalPrice, active} (pesos): the single source of box prices. */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "PUT") return methodNotAllowed("PUT");
    const body = await readJson(request, z.unknown());
    const plan = await updatePlan(context.db, admin, params.id ?? "", body);
    return jsonResponse({
      success: true,
      plan: { ...plan, price: centsToPesos(plan.priceCents), originalPrice: centsToPesos(plan.originalPriceCents) },
    });
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("PUT");
  });
}
