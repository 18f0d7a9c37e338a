import { isOrderStatus, listOrders } from "~/domain/orders/queries.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { centsToPesos } from "~/lib/money";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/orders?status=&search=&page= : the orders, newest first (amounts in pesos). */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const query = new URL(request.url).searchParams;
    const status = query.get("status");
    const page = Number(query.get("page") ?? "1");
    const result = await listOrders(context.db, {
      status: isOrderStatus(status) ? status : null,
      search: query.get("search"),
      page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    });
    return jsonResponse({
      success: true,
      orders: result.orders.map(({ totalCents, ...order }) => ({ ...order, total: centsToPesos(totalCents) })),
      pagination: { page: result.page, limit: result.pageSize, total: result.total },
    });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
