import { customerJson, listCustomers } from "~/domain/customers/admin.server";
import { isCustomerSort } from "~/domain/customers/filters";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /api/admin/customers?q=&page=&sort=: a page (50) of the shop's customers, `{success, customers,
 * total, page, pages}`; amounts in pesos (totalSpent counts paid orders only), instants in ISO.
 */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const params = new URL(request.url).searchParams;
    const sort = params.get("sort");
    const result = await listCustomers(context.db, {
      q: (params.get("q") ?? "").slice(0, 100),
      page: Number.parseInt(params.get("page") ?? "1", 10) || 1,
      sort: isCustomerSort(sort) ? sort : undefined,
    });
    return jsonResponse({
      success: true,
      customers: result.customers.map(customerJson),
      total: result.total,
      page: result.page,
      pages: result.pages,
    });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
