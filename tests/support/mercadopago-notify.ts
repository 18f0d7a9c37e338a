import { randomUUID } from "node:crypto";
import { signNotification } from "~/integrations/mercadopago/signature.server";
import type { FakeMercadoPago } from "./fake-mercadopago";

/** Mercado Pago's notification of `dataId` to the shop at `baseUrl`, signed with the webhook secret as MP signs it. */
export async function notifyShop(
  baseUrl: string,
  secret: string,
  notice: {
    type: "payment" | "subscription_preapproval" | "subscription_authorized_payment" | "order";
    action: string;
    dataId: string;
  },
): Promise<Response> {
  const requestId = randomUUID();
  const { type, action, dataId } = notice;
  return fetch(`${baseUrl}/api/webhooks/mercadopago?data.id=${dataId}&type=${type}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-request-id": requestId,
      "x-signature": signNotification(secret, { dataId, requestId }),
    },
    body: JSON.stringify({ type, action, data: { id: dataId } }),
  });
}

/**
 * The buyer pays order `number`'s preference at the fake MP, and MP notifies the shop at `baseUrl`;
 * answers the payment's id. Throws when the shop refuses the notification.
 */
export async function payOrderAtFake(mp: FakeMercadoPago, baseUrl: string, secret: string, number: string) {
  const preference = [...mp.preferences.values()].find((p) => p.external_reference === number);
  if (!preference) throw new Error(`no preference for ${number}`);
  const paymentId = mp.pay(preference.id);
  const response = await notifyShop(baseUrl, secret, { type: "payment", action: "payment.created", dataId: paymentId });
  if (response.status >= 300) throw new Error(`the shop answered ${response.status} to the payment notice`);
  return paymentId;
}

/**
 * Mercado Pago's notification of a QR order (`type=order`, `data.id` = the order id; `action` says what
 * happened, e.g. order.processed or order.expired), signed as MP signs it. The shop must read the order
 * back from MP, so the body carries only what MP's does.
 */
export function notifyOrder(baseUrl: string, secret: string, orderId: string, action = "order.processed") {
  return notifyShop(baseUrl, secret, { type: "order", action, dataId: orderId });
}
