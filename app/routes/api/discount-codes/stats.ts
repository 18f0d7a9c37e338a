import { discountStats, discountStatsJson } from "~/domain/discounts/admin.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/stats";

/** GET /api/discount-codes/stats -> {totalCodes, activeCodes, totalUsage, totalDiscountGiven (pesos)}. */
export function loader({ context }: Route.LoaderArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return jsonResponse(discountStatsJson(await discountStats(context.db)));
  });
}

export function action({ context }: Route.ActionArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
