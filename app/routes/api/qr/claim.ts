import { z } from "zod";
import { claimPrize } from "~/domain/prizes/prizes.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/claim";

/**
 * POST /api/qr/claim/{code} {name, email, dni, phone} -> 200 {success:true, message, claimedAt};
 * a prize already claimed -> 409 {success:false, alreadyClaimed:true, claimedAt, claimedByInitial, message}.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readJson(request, z.unknown());
    const result = await claimPrize(context.db, params.code, body, {
      ip: context.clientIp,
      context: { siteUrl: context.config.publicUrl, shopEmail: context.config.shopNotifyEmail },
    });
    return jsonResponse({ success: true, ...result });
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
