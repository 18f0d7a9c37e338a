import { Invalid, NotFound, Unavailable } from "~/domain/errors";
import {
  type MercadoPago,
  MercadoPagoError,
  mercadoPagoLink,
  PAYMENTS_UNAVAILABLE,
} from "~/integrations/mercadopago/index.server";
import { preferenceCents, type SandboxNotification, sandboxRequestId } from "~/integrations/mercadopago/sandbox.server";
import { signNotification } from "~/integrations/mercadopago/signature.server";
import type { Preapproval } from "~/integrations/mercadopago/types";
import { pesosToCents } from "~/lib/money";
import { receiveMercadoPagoNotification, type WebhookContext } from "./mercadopago-webhook.server";

/** The sandbox, if the shop may simulate payments right now (a shop that went live: never again). */
async function sandboxOf(mercadoPago: MercadoPago | null) {
  const link = await mercadoPagoLink(mercadoPago);
  if (link.mode === "unavailable") throw new Unavailable(PAYMENTS_UNAVAILABLE);
  if (!link.sandbox) throw new NotFound("Esta página solo existe en el sandbox de pagos");
  return link.sandbox;
}

interface SandboxCheckoutPage {
  id: string;
  status: string;
  title: string;
  open: boolean;
  closedLabel: string;
  payerEmail: string | null;
  amountCents: number;
}

/**
 * What the sandbox checkout page shows: a box subscription (preapproval), an order (preference), or the QR of
 * a sale at the counter or a fair (its QR holds this page's address: the demo visitor scans it and simulates
 * the payment, which is notified to the shop as Mercado Pago's `order` notification is).
 */
export type SandboxCheckout =
  | (SandboxCheckoutPage & { kind: "subscription"; frequency: number })
  | (SandboxCheckoutPage & { kind: "order" })
  | (SandboxCheckoutPage & { kind: "qr"; expiresAt: string });

const isPreferenceId = (id: string) => id.startsWith("sbp");
/** Mercado Pago's order ids (and the sandbox's): ORD and 26 characters. */
const isQrOrderId = (id: string) => /^ORD[0-9A-Z]{26}$/.test(id);

const QR_CLOSED: Record<string, string> = {
  processed: "Este QR ya fue pagado: la venta se completó.",
  expired: "Este QR venció sin pagarse: la venta se canceló.",
  canceled: "La venta se canceló: este QR ya no acepta pagos.",
  refunded: "Este pago fue devuelto.",
};

async function sandboxQr(mercadoPago: MercadoPago | null, id: string): Promise<SandboxCheckout> {
  const sandbox = await sandboxOf(mercadoPago);
  try {
    const order = await sandbox.getQrOrder(id);
    return {
      kind: "qr",
      id: order.id,
      status: order.status,
      title: `Pago con QR: ${order.description ?? order.external_reference}`,
      open: order.status === "created",
      closedLabel: QR_CLOSED[order.status] ?? "Este QR ya no acepta pagos.",
      payerEmail: null,
      amountCents: pesosToCents(order.total_amount) ?? 0,
      expiresAt: "sandbox_expires_at" in order ? String(order.sandbox_expires_at) : "",
    };
  } catch (error) {
    if (error instanceof MercadoPagoError && error.status === 404) throw new NotFound("QR no encontrado");
    throw error;
  }
}

export async function sandboxCheckout(mercadoPago: MercadoPago | null, id: string): Promise<SandboxCheckout> {
  if (isQrOrderId(id)) return sandboxQr(mercadoPago, id);
  if (!isPreferenceId(id)) {
    const preapproval = await sandboxPreapproval(mercadoPago, id);
    return {
      kind: "subscription",
      id: preapproval.id,
      status: preapproval.status,
      title: preapproval.reason,
      open: preapproval.status === "pending",
      closedLabel: `Este pago ya fue ${preapproval.status === "cancelled" ? "rechazado" : "aprobado"}.`,
      payerEmail: preapproval.payer_email,
      amountCents: pesosToCents(String(preapproval.auto_recurring.transaction_amount)) ?? 0,
      frequency: preapproval.auto_recurring.frequency,
    };
  }
  const sandbox = await sandboxOf(mercadoPago);
  try {
    const preference = await sandbox.getPreference(id);
    return {
      kind: "order",
      id: preference.id,
      status: preference.sandbox_paid ? "approved" : "pending",
      title: preference.items.map((item) => item.title).join(", "),
      open: !preference.sandbox_paid,
      closedLabel: "Este pago ya fue aprobado.",
      payerEmail: preference.payer?.email ?? null,
      amountCents: preferenceCents(preference),
    };
  } catch (error) {
    if (error instanceof MercadoPagoError && error.status === 404) throw new NotFound("Pago no encontrado");
    throw error;
  }
}

/** The preapproval the sandbox checkout page shows. */
export async function sandboxPreapproval(mercadoPago: MercadoPago | null, id: string): Promise<Preapproval> {
  const sandbox = await sandboxOf(mercadoPago);
  try {
    return await sandbox.getPreapproval(id);
  } catch (error) {
    if (error instanceof MercadoPagoError && error.status === 404) throw new NotFound("Suscripción no encontrada");
    throw error;
  }
}

/**
 * The payer approves or rejects in the sandbox. The sandbox then notifies our webhook exactly as Mercado
 * Pago would: a POST to /api/webhooks/mercadopago with `?data.id=&type=`, MP's body, `x-request-id` and
 * a signed `x-signature`. It goes over HTTP to this very server; if that cannot connect (a proxy in
 * front), the same signed request is handed to the webhook function directly. Returns the back_url.
 */
export async function decideSandboxPayment(
  ctx: WebhookContext & { origin: string },
  id: string,
  decision: string,
): Promise<string> {
  const sandbox = await sandboxOf(ctx.mercadoPago);
  if (decision !== "approve" && decision !== "reject") throw new Invalid("Elegí aprobar o rechazar el pago");
  if (isQrOrderId(id)) {
    await sandboxQr(ctx.mercadoPago, id);
    let paid: Awaited<ReturnType<typeof sandbox.payQrOrder>>;
    try {
      paid = await sandbox.payQrOrder(id, decision === "approve");
    } catch (error) {
      if (error instanceof MercadoPagoError) throw new Invalid(error.message);
      throw error;
    }
    const secret = await sandbox.webhookSecret();
    for (const notification of paid.notifications) await deliver(ctx, secret, notification);
    // The buyer's phone stays on this page, which now says how it ended.
    return new URL(`/pagos/sandbox/${id}`, ctx.origin).toString();
  }
  if (isPreferenceId(id)) {
    await sandboxCheckout(ctx.mercadoPago, id);
    let paid: Awaited<ReturnType<typeof sandbox.payPreference>>;
    try {
      paid = await sandbox.payPreference(id, decision === "approve");
    } catch (error) {
      if (error instanceof MercadoPagoError) throw new Invalid(error.message);
      throw error;
    }
    const secret = await sandbox.webhookSecret();
    for (const notification of paid.notifications) await deliver(ctx, secret, notification);
    // Back to the shop as MP's auto_return does, with the same query parameters.
    const urls = paid.preference.back_urls;
    const back = new URL((decision === "approve" ? urls?.success : urls?.failure) ?? ctx.origin);
    back.searchParams.set("payment_id", String(paid.payment.id));
    back.searchParams.set("status", paid.payment.status);
    back.searchParams.set("external_reference", paid.preference.external_reference);
    back.searchParams.set("preference_id", paid.preference.id);
    return back.toString();
  }
  await sandboxPreapproval(ctx.mercadoPago, id);
  const { preapproval, notifications } = decision === "approve" ? await sandbox.approve(id) : await sandbox.reject(id);
  const secret = await sandbox.webhookSecret();
  for (const notification of notifications) await deliver(ctx, secret, notification);
  const back = new URL(preapproval.back_url ?? `${ctx.origin}/caja-rizoma/gracias`);
  back.searchParams.set("preapproval_id", preapproval.id);
  return back.toString();
}

async function deliver(ctx: WebhookContext & { origin: string }, secret: string, notification: SandboxNotification) {
  const requestId = sandboxRequestId();
  const url = new URL("/api/webhooks/mercadopago", ctx.origin);
  url.searchParams.set("data.id", notification.dataId);
  url.searchParams.set("type", notification.type);
  const body = {
    id: Date.now(),
    live_mode: false,
    type: notification.type,
    action:
      notification.action ??
      (notification.type === "payment"
        ? "payment.created"
        : notification.type === "subscription_authorized_payment"
          ? "created"
          : "updated"),
    date_created: new Date().toISOString(),
    data: { id: notification.dataId },
  };
  const headers = {
    "content-type": "application/json",
    "x-request-id": requestId,
    "x-signature": signNotification(secret, { dataId: notification.dataId, requestId }),
  };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) ctx.log.warn({ status: response.status, ...notification }, "sandbox notification not accepted");
    return;
  } catch (error) {
    ctx.log.warn({ err: error, url: url.toString() }, "sandbox could not reach its own webhook; delivering in process");
  }
  await receiveMercadoPagoNotification(ctx, { url, headers: new Headers(headers), body });
}
