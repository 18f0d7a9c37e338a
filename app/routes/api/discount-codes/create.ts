import { z } from "zod";
import { createDiscountCode, discountCodeJson } from "~/domain/discounts/admin.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/discount-codes/create {customCode?, description?, discountPercentage | discountAmount,
 * minimumAmount?, maxUses?, validUntil?, active?} -> 201 {success:true, discountCode}; 400 / 409
 * {success:false, error, field}.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const created = await createDiscountCode(context.db, admin, await readJson(request, z.unknown()));
    return jsonResponse({ success: true, discountCode: discountCodeJson(created) }, { status: 201 });
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("POST");
  });
}
