import { z } from "zod";
import { subscribeStockAlert } from "~/domain/stock-alerts/subscribe.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/stock-alerts {bookId, email} -> {success, message}: "Avisame cuando vuelva" (out of stock) or
 * "Avisame cuando salga" (pre-sale). The same answer whether the address had asked before or not.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const { message } = await subscribeStockAlert(requestContext(context), await readJson(request, z.unknown()));
    return jsonResponse({ success: true, message });
  });
}

export const loader = () => methodNotAllowed("POST");
