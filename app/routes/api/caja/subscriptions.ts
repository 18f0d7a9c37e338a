import { z } from "zod";
import { SUBSCRIPTION_STATUSES } from "~/domain/box/plans";
import { listSubscriptions, subscriptionJson } from "~/domain/box/subscriptions.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, readQuery } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

const query = z.object({
  search: z.string().max(100).optional(),
  status: z.enum(SUBSCRIPTION_STATUSES).optional().catch(undefined),
});

/** GET /api/caja/subscriptions[?search=&status=] -> the list of subscriptions, newest first. Admin only. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const filters = readQuery(request, query);
    const rows = await listSubscriptions(context.db, filters);
    return jsonResponse(rows.map(subscriptionJson));
  });
}
