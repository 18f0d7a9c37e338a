import { recordAuthorizedPayment, syncPreapproval } from "~/domain/box/subscriptions.server";
import { recordOrderPayment } from "~/domain/orders/lifecycle.server";
import type { RequestContext } from "~/domain/request-context";
import { syncQrOrder, syncQrSaleOfPayment } from "~/domain/sales/qr-settle.server";
import { MercadoPagoError, mercadoPagoLink } from "~/integrations/mercadopago/index.server";
import { verifyNotification } from "~/integrations/mercadopago/signature.server";
import { WEBHOOK_TYPES, type WebhookType } from "~/integrations/mercadopago/types";

/** What a notification needs: Mercado Pago to read the resource, and the secret for the "paid" e-mail's link. */
export type WebhookContext = Pick<RequestContext, "db" | "mercadoPago" | "siteUrl" | "configuredSecret" | "log">;

type Handler = (ctx: WebhookContext, dataId: string) => Promise<unknown>;

/**
 * What each notification type does. Every handler fetches the resource from Mercado Pago (the body is
 * never trusted) and is idempotent: MP retries, and a replay must have no second effect.
 */
const handlers: Record<WebhookType, Handler> = {
  subscription_preapproval: (ctx, id) => syncPreapproval(ctx, id),
  subscription_authorized_payment: (ctx, id) => recordAuthorizedPayment(ctx, id),
  // Checkout Pro orders (a box charge also arrives as `payment`: its reference is no order number, ignored);
  // a payment that names a counter or fair sale (VT-…) has that sale's QR order read and applied.
  payment: async (ctx, id) => {
    const { api } = await mercadoPagoLink(ctx.mercadoPago);
    if (!api) return;
    const payment = await api.getPayment(id);
    if (await syncQrSaleOfPayment(ctx, payment)) return;
    await recordOrderPayment(ctx, id, payment);
  },
  // QR sales at the counter and at fairs (the Orders API): data.id is the order's id (docs/decisions/0051).
  order: (ctx, id) => syncQrOrder(ctx, id),
};

export interface WebhookInput {
  url: URL;
  headers: Headers;
  body: unknown;
}

export type WebhookOutcome = { status: 200 | 400 | 401 | 502; body: Record<string, unknown> };

/**
 * POST /api/webhooks/mercadopago. The `x-signature` is checked first (HMAC of
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`): bad, missing or stale -> 401 and nothing changes.
 * Then the notification is dispatched by type. When Mercado Pago cannot be reached the answer is 502, so
 * MP retries later.
 */
export async function receiveMercadoPagoNotification(
  ctx: WebhookContext,
  input: WebhookInput,
): Promise<WebhookOutcome> {
  const body = (input.body && typeof input.body === "object" ? input.body : {}) as {
    type?: unknown;
    topic?: unknown;
    data?: { id?: unknown };
  };
  const query = input.url.searchParams;
  const dataId = query.get("data.id") ?? query.get("id") ?? (body.data?.id != null ? String(body.data.id) : null);
  const type = query.get("type") ?? query.get("topic") ?? (typeof body.type === "string" ? body.type : null);

  const secret = await (await mercadoPagoLink(ctx.mercadoPago)).webhookSecret();
  const signed = verifyNotification(secret, input.headers.get("x-signature"), {
    dataId,
    requestId: input.headers.get("x-request-id"),
  });
  if (!signed) {
    ctx.log.warn({ type, hasSignature: input.headers.has("x-signature") }, "mercadopago webhook refused");
    return { status: 401, body: { success: false, error: "Firma inválida" } };
  }
  if (!dataId || !/^[\w-]{1,64}$/.test(dataId)) {
    return { status: 400, body: { success: false, error: "Notificación inválida: falta data.id" } };
  }
  if (!type || !(WEBHOOK_TYPES as readonly string[]).includes(type)) {
    ctx.log.info({ type }, "mercadopago webhook ignored");
    return { status: 200, body: { success: true, ignored: true } };
  }
  try {
    await handlers[type as WebhookType](ctx, dataId);
    return { status: 200, body: { success: true } };
  } catch (error) {
    // A resource MP does not know (another account's, deleted): acknowledged, or MP would retry for days.
    if (error instanceof MercadoPagoError && error.status === 404) {
      ctx.log.warn({ type, dataId }, "mercadopago webhook names an unknown resource");
      return { status: 200, body: { success: true, ignored: true } };
    }
    ctx.log.warn({ err: error, type, dataId }, "mercadopago webhook failed");
    return { status: 502, body: { success: false, error: "No se pudo procesar la notificación" } };
  }
}
