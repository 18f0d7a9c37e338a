import { z } from "zod";
import { subscribeToBox } from "~/domain/box/subscriptions.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/caja/subscribe {form fields + planType} -> 200 {success:true, init_point}; 400 with the
 * spec's message; 502 {success:false, error:'Hubo un problema al crear la suscripción'} when Mercado Pago
 * fails (nothing is left stored); 503 in production without Mercado Pago.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readJson(request, z.unknown());
    const result = await subscribeToBox(requestContext(context), body);
    return jsonResponse({ success: true, init_point: result.initPoint, id: result.id });
  });
}

export const loader = () => methodNotAllowed("POST");
