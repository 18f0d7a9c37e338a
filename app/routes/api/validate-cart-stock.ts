import { cartStockSchema, validateCartStock } from "~/domain/cart/stock.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readJson(request, cartStockSchema);
    return jsonResponse({ success: true, results: await validateCartStock(context.db, body) });
  });
}

export const loader = () => methodNotAllowed("POST");
