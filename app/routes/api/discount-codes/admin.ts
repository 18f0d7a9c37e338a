import { discountCodeJson, listDiscountCodes } from "~/domain/discounts/admin.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /api/discount-codes/admin[?t=timestamp] -> the list of codes, newest first, amounts in pesos, with
 * the display status. The timestamp only defeats caches (the answer is `no-store` anyway); it is ignored.
 */
export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const codes = await listDiscountCodes(context.db);
    return jsonResponse(codes.map(discountCodeJson));
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
