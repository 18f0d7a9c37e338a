import { boxStats } from "~/domain/box/subscriptions.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse } from "~/lib/http.server";
import { centsToPesos } from "~/lib/money";
import type { Route } from "./+types/stats";

/** GET /api/caja/stats -> the five figures (monthlyRevenue in pesos). Admin only. */
export function loader({ context }: Route.LoaderArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const { monthlyRevenueCents, ...counts } = await boxStats(context.db);
    return jsonResponse({ ...counts, monthlyRevenue: centsToPesos(monthlyRevenueCents) });
  });
}
