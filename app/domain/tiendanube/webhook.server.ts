import { webhookPayloadSchema } from "~/integrations/tiendanube/types";
import { PRODUCT_EVENTS, verifyWebhookSignature } from "~/integrations/tiendanube/webhook.server";
import type { TiendanubeService } from "./service.server";

export interface TiendanubeWebhookContext {
  /** The Tienda Nube link, or null when the shop has none: then nothing can be verified, all is refused. */
  tiendanube: TiendanubeService | null;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

export interface TiendanubeWebhookInput {
  headers: Headers;
  /** The exact bytes received (the signature covers them), or null when over the size limit: refused. */
  raw: Uint8Array | null;
}

export type TiendanubeWebhookOutcome = { status: 200 | 400 | 401; body: Record<string, unknown> };

const refused: TiendanubeWebhookOutcome = { status: 401, body: { success: false, error: "Firma inválida" } };

/**
 * POST /api/webhooks/tiendanube. The signature (`X-Linkedstore-HMAC-SHA256`, HMAC-SHA256 of the raw
 * body with TIENDANUBE_APP_SECRET) is checked first: bad or missing -> 401 and nothing changes. Product
 * events of our store are answered 200 at once and the product is refetched in the background (the body
 * is never trusted); a burst for one product is one or two fetches, and retries (Tienda Nube retries for
 * 48 h) only refetch again: the sync is idempotent. Other events and other stores' are acknowledged and
 * ignored.
 */
export async function receiveTiendanubeNotification(
  ctx: TiendanubeWebhookContext,
  input: TiendanubeWebhookInput,
): Promise<TiendanubeWebhookOutcome> {
  const service = ctx.tiendanube;
  const signature = input.headers.get("x-linkedstore-hmac-sha256");
  if (!service || input.raw === null || !verifyWebhookSignature(input.raw, signature, service.config.appSecret)) {
    ctx.log.warn({ hasSignature: signature !== null, configured: service !== null }, "tiendanube webhook refused");
    return refused;
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(input.raw));
  } catch {
    return { status: 400, body: { success: false, error: "El cuerpo no es un JSON válido" } };
  }
  const payload = webhookPayloadSchema.safeParse(body);
  if (!payload.success) return { status: 400, body: { success: false, error: "Notificación inválida" } };
  const { event, id, store_id: storeId } = payload.data;
  // Signed with our secret but for another store, or an event we do not follow: acknowledged, ignored.
  if (storeId !== service.config.storeId || !PRODUCT_EVENTS.has(event)) {
    ctx.log.info({ event, storeId }, "tiendanube webhook ignored");
    return { status: 200, body: { success: true, ignored: true } };
  }
  service.refetchProduct(id);
  return { status: 200, body: { success: true } };
}
