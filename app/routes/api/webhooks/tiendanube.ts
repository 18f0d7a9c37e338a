import type { AppLoadContext } from "react-router";
import { webhookPayloadSchema } from "~/integrations/tiendanube/types";
import { PRODUCT_EVENTS, verifyWebhookSignature } from "~/integrations/tiendanube/webhook.server";
import { jsonResponse, MAX_JSON_BYTES, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/tiendanube";

const unsigned = () => jsonResponse({ success: false, error: "Firma inválida" }, { status: 401 });

/**
 * POST /api/webhooks/tiendanube. The signature (`X-Linkedstore-HMAC-SHA256`, HMAC-SHA256 of the raw
 * body with TIENDANUBE_APP_SECRET) is checked on the exact bytes received (no body parser runs before
 * React Router). Product events are answered 200 at once and the product is refetched in the
 * background, so retries (Tienda Nube retries for 48 h) only refetch again: the sync is idempotent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const raw = await readRaw(request);
  const service = context.tiendanube ?? null;
  const signature = request.headers.get("x-linkedstore-hmac-sha256");
  if (!service || raw === null || !verifyWebhookSignature(raw, signature, service.config.appSecret)) {
    context.log.warn({ hasSignature: signature !== null, configured: service !== null }, "tiendanube webhook refused");
    return unsigned();
  }
  return accept(raw, service, context);
}

function accept(raw: Uint8Array, service: NonNullable<AppLoadContext["tiendanube"]>, context: AppLoadContext) {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return jsonResponse({ success: false, error: "El cuerpo no es un JSON válido" }, { status: 400 });
  }
  const payload = webhookPayloadSchema.safeParse(body);
  if (!payload.success) return jsonResponse({ success: false, error: "Notificación inválida" }, { status: 400 });
  const { event, id, store_id: storeId } = payload.data;
  // Signed with our secret but for another store, or an event we do not follow: acknowledged, ignored.
  if (storeId !== service.config.storeId || !PRODUCT_EVENTS.has(event)) {
    context.log.info({ event, storeId }, "tiendanube webhook ignored");
    return jsonResponse({ success: true, ignored: true });
  }
  service.refetchProduct(id);
  return jsonResponse({ success: true });
}

async function readRaw(request: Request): Promise<Uint8Array | null> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength > MAX_JSON_BYTES ? null : bytes;
}

export const loader = () => methodNotAllowed("POST");
