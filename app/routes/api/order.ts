import { buyerOrder } from "~/domain/orders/queries.server";
import { api, jsonResponse } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/orders/{number}?token= : the buyer's own order. A wrong or missing token is a 404, like an unknown number. */
export function loader({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const token = new URL(request.url).searchParams.get("token");
    const found = await buyerOrder(requestContext(context), params.number ?? "", token);
    return jsonResponse({ success: true, ...found });
  });
}
