import { z } from "zod";
import {
  deleteDiscountCode,
  discountCodeId,
  discountCodeJson,
  updateDiscountCode,
} from "~/domain/discounts/admin.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * PUT /api/discount-codes/{id}: every field of the form (the code itself cannot change), or only
 * `{active}` for the toggle -> {success:true, discountCode}. DELETE: 409 once the code was used.
 */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method === "PUT") {
      const id = discountCodeId(params.id);
      const updated = await updateDiscountCode(context.db, admin, id, await readJson(request, z.unknown()));
      return jsonResponse({ success: true, discountCode: discountCodeJson(updated) });
    }
    if (request.method === "DELETE") {
      const deleted = await deleteDiscountCode(context.db, admin, discountCodeId(params.id));
      return jsonResponse({ success: true, discountCode: { id: deleted.id, code: deleted.code } });
    }
    return methodNotAllowed("PUT, DELETE");
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("PUT, DELETE");
  });
}
