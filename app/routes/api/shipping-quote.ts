import { z } from "zod";
import { quoteShipping } from "~/domain/shipping/options.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/shipping/quote {zipCode, province?, items: [{id, quantity}]} → {success, options: [{id, carrier,
 * service, kind, price (pesos), days, free, branches?}]}: the checkout's delivery options for a postal code.
 * Never cached (a POST, and its answer depends on the carriers of the moment).
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    // The domain validates the body after counting the request against the visitor's limit.
    const options = await quoteShipping(requestContext(context), await readJson(request, z.unknown()));
    return jsonResponse({ success: true, options });
  });
}

export const loader = () => methodNotAllowed("POST");
