import { boxStats } from "~/domain/box/subscriptions.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse } from "~/lib/http.server";
import { centsToPesos } from "~/lib/money";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/caja/stats -> the five figures (monthlyRevenue in pesos). Admin only. */
export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const { monthlyRevenueCents, ...counts } = await boxStats(context.db);
    return jsonResponse({ ...counts, monthlyRevenue: centsToPesos(monthlyRevenueCents) });
  });
}
