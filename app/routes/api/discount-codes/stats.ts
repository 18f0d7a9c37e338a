import { discountStats, discountStatsJson } from "~/domain/discounts/admin.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/discount-codes/stats -> {totalCodes, activeCodes, totalUsage, totalDiscountGiven (pesos)}. */
export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return jsonResponse(discountStatsJson(await discountStats(context.db)));
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
