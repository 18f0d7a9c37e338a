import { listQuerySchema } from "~/domain/special-orders/rules";
import { listSpecialOrders, specialOrderJson } from "~/domain/special-orders/special-orders.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readQuery } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/special-orders?estado=&buscar=&pagina=: a page of requests (newest first) and the counts per status. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const filters = readQuery(request, listQuerySchema);
    const { rows, total, counts } = await listSpecialOrders(context.db, filters);
    const page = filters.page;
    return jsonResponse({
      success: true,
      specialOrders: rows.map(specialOrderJson),
      pagination: { page, limit: 50, total, totalPages: Math.max(1, Math.ceil(total / 50)) },
      counts,
    });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
