import { receiveMercadoPagoNotification } from "~/domain/payments/mercadopago-webhook.server";
import { api, jsonResponse, MAX_JSON_BYTES, methodNotAllowed } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/webhooks/mercadopago: Mercado Pago's notifications (and the sandbox's, signed the same way).
 * Signature first (401 when bad or missing), then dispatch by type; see the domain function.
 */
export async function action({ request, context }: ResourceArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const raw = new Uint8Array(await request.arrayBuffer());
  let body: unknown = null;
  if (raw.byteLength > 0 && raw.byteLength <= MAX_JSON_BYTES) {
    try {
      body = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      body = null;
    }
  }
  // A database that does not answer is a 503 (Mercado Pago retries the notification), not a 500.
  return api(context, async () => {
    const outcome = await receiveMercadoPagoNotification(requestContext(context), {
      url: new URL(request.url),
      headers: request.headers,
      body,
    });
    return jsonResponse(outcome.body, { status: outcome.status });
  });
}

export const loader = () => methodNotAllowed("POST");
