import { z } from "zod";
import { claimPrize } from "~/domain/prizes/prizes.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/qr/claim/{code} {name, email, dni, phone} -> 200 {success:true, message, claimedAt};
 * a prize already claimed -> 409 {success:false, alreadyClaimed:true, claimedAt, claimedByInitial, message}.
 */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readJson(request, z.unknown());
    const result = await claimPrize(requestContext(context), params.code, body);
    return jsonResponse({ success: true, ...result });
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
