import { createHash, createHmac, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { signingSecret } from "~/domain/secrets/signing.server";
import { type Cents, centsToPesos, fromPesos, lineCents, sumCents } from "~/lib/money";
import type { Db } from "~db/index";
import { paymentSandboxResources } from "~db/schema";
import { MercadoPagoError } from "./errors";
import type {
  AuthorizedPayment,
  MercadoPagoApi,
  NewPreapproval,
  NewPreference,
  NewQrOrder,
  Payment,
  Preapproval,
  PreapprovalStatus,
  Preference,
  QrOrder,
  Refund,
} from "./types";

/** What a preference charges, in centavos (its items carry pesos per unit, as Mercado Pago's API does). */
export const preferenceCents = (preference: Pick<Preference, "items">): Cents =>
  sumCents(preference.items.map((item) => lineCents(fromPesos(item.unit_price), item.quantity)));

/** Where the sandbox's "checkout" lives (the init_point it hands out). */
export const SANDBOX_CHECKOUT_PATH = "/pagos/sandbox";

export interface SandboxNotification {
  type: "subscription_preapproval" | "subscription_authorized_payment" | "payment" | "order";
  dataId: string;
  /** The notification's `action` (an order's: order.processed, order.expired). */
  action?: string;
}

/** A QR order as the sandbox keeps it: MP's shape, and when it stops taking payments. */
export type SandboxQrOrder = QrOrder & { sandbox_expires_at: string };

/** Seconds of an ISO 8601 duration of hours, minutes and seconds (PT15M); null when it is none. */
export function durationSeconds(value: string): number | null {
  const match = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(value);
  if (!match || value === "PT") return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

export interface MercadoPagoSandbox extends MercadoPagoApi {
  readonly mode: "sandbox";
  /** The payer approves at the sandbox page: the preapproval is authorized and its first charge made. */
  approve(preapprovalId: string): Promise<{ preapproval: Preapproval; notifications: SandboxNotification[] }>;
  /** The payer's payment is rejected: the preapproval ends cancelled. */
  reject(preapprovalId: string): Promise<{ preapproval: Preapproval; notifications: SandboxNotification[] }>;
  /**
   * The buyer pays a Checkout Pro preference at the sandbox page: a payment (approved or rejected) is
   * made for its whole amount and announced as a `payment` notification, as MP does. A rejected buyer
   * may try again; once approved the preference takes no more payments.
   */
  payPreference(
    preferenceId: string,
    approved: boolean,
  ): Promise<{ preference: Preference; payment: Payment; notifications: SandboxNotification[] }>;
  getPreference(id: string): Promise<Preference & { sandbox_paid?: boolean }>;
  /**
   * The buyer "scans" a sale's QR (its data is the sandbox page's address) and pays it, or lets it run out:
   * the order ends processed or expired and an `order` notification goes out, as MP does. An order that is
   * no longer waiting takes nothing.
   */
  payQrOrder(
    orderId: string,
    approved: boolean,
  ): Promise<{ order: SandboxQrOrder; notifications: SandboxNotification[] }>;
  /** The secret the sandbox signs its notifications with (when MP_WEBHOOK_SECRET is not set). */
  webhookSecret(): Promise<string>;
}

const notFound = (what: string) => new MercadoPagoError(`Mercado Pago (sandbox) no encontró ${what}`, 404);

/**
 * The built-in stand-in for Mercado Pago (no MP_ACCESS_TOKEN; a demo shop, or outside production): it keeps
 * preapprovals and charges in the database, answers with MP's shapes, and its checkout page
 * (`/pagos/sandbox/{id}`) approves or rejects and then notifies our webhook, signed, as MP would.
 */
export function mercadoPagoSandbox(options: {
  db: Db;
  siteUrl: string;
  configuredSecret: string | null;
  webhookSecret: string | null;
}): MercadoPagoSandbox {
  const { db } = options;

  async function read<T>(kind: string, id: string): Promise<T | null> {
    const [row] = await db
      .select({ data: paymentSandboxResources.data })
      .from(paymentSandboxResources)
      .where(and(eq(paymentSandboxResources.kind, kind), eq(paymentSandboxResources.id, id)));
    return (row?.data as T | undefined) ?? null;
  }

  async function write(kind: string, id: string, data: object): Promise<void> {
    await db
      .insert(paymentSandboxResources)
      .values({ kind, id, data: data as Record<string, unknown> })
      .onConflictDoUpdate({
        target: [paymentSandboxResources.kind, paymentSandboxResources.id],
        set: { data: sql`excluded.data` },
      });
  }

  async function getPreapproval(id: string): Promise<Preapproval> {
    const found = await read<Preapproval>("preapproval", id);
    if (!found) throw notFound("la suscripción");
    return found;
  }

  async function setStatus(id: string, status: PreapprovalStatus): Promise<Preapproval> {
    const current = await getPreapproval(id);
    if (current.status === "cancelled" && status !== "cancelled") {
      throw new MercadoPagoError("Mercado Pago (sandbox): una suscripción cancelada no se puede reactivar", 400);
    }
    const next = { ...current, status };
    await write("preapproval", id, next);
    return next;
  }

  const newPaymentId = () => String(Date.now()) + String(Math.floor(Math.random() * 1000)).padStart(3, "0");

  async function getPreference(id: string) {
    const found = await read<Preference & { sandbox_paid?: boolean }>("preference", id);
    if (!found) throw notFound("el pago");
    return found;
  }

  async function readQrOrder(id: string): Promise<SandboxQrOrder> {
    const found = await read<SandboxQrOrder>("qr_order", id);
    if (!found) throw notFound("el QR");
    if (found.status === "created" && Date.parse(found.sandbox_expires_at) <= Date.now()) {
      const expired = endQrOrder(found, "expired");
      await write("qr_order", id, expired);
      return expired;
    }
    return found;
  }

  const endQrOrder = (order: SandboxQrOrder, status: "expired" | "canceled"): SandboxQrOrder => ({
    ...order,
    status,
    status_detail: status,
    type_response: null,
    transactions: {
      payments: (order.transactions?.payments ?? []).map((payment) => ({ ...payment, status, status_detail: status })),
    },
  });

  const conflict = (order: QrOrder, what: string) =>
    new MercadoPagoError(`Mercado Pago (sandbox): un QR ${order.status} no se puede ${what}`, 409);

  return {
    mode: "sandbox",
    async createQrOrder(input: NewQrOrder, idempotencyKey: string) {
      // The same key answers the same order, as MP's X-Idempotency-Key does. MP's ids are ORD + 26 characters.
      const id = `ORD${createHash("sha256").update(`qr:${idempotencyKey}`).digest("hex").slice(0, 26).toUpperCase()}`;
      const existing = await read<SandboxQrOrder>("qr_order", id);
      if (existing) return existing;
      const cents = fromPesos(Number(input.total_amount));
      if (!(cents > 0))
        throw new MercadoPagoError("Mercado Pago (sandbox): el monto del QR tiene que ser mayor a cero", 400);
      const seconds = durationSeconds(input.expiration_time) ?? 15 * 60;
      const order: SandboxQrOrder = {
        id,
        type: "qr",
        external_reference: input.external_reference,
        status: "created",
        status_detail: "created",
        total_amount: input.total_amount,
        description: input.description,
        expiration_time: input.expiration_time,
        created_date: new Date().toISOString(),
        config: input.config,
        // What the demo's QR holds: the sandbox page, so a phone that scans it opens "Simular el pago".
        type_response: { qr_data: `${options.siteUrl}${SANDBOX_CHECKOUT_PATH}/${id}` },
        transactions: {
          payments: [
            {
              id: `PAY${id.slice(3)}`,
              amount: input.total_amount,
              status: "created",
              status_detail: "ready_to_process",
            },
          ],
        },
        items: input.items,
        sandbox_expires_at: new Date(Date.now() + seconds * 1000).toISOString(),
      };
      await write("qr_order", id, order);
      return order;
    },
    getQrOrder: readQrOrder,
    async cancelQrOrder(id: string) {
      const order = await readQrOrder(id);
      if (order.status === "canceled") return order;
      if (order.status !== "created") throw conflict(order, "cancelar");
      const cancelled = endQrOrder(order, "canceled");
      await write("qr_order", id, cancelled);
      return cancelled;
    },
    async refundQrOrder(id: string) {
      const order = await readQrOrder(id);
      if (order.status === "refunded") return order;
      if (order.status !== "processed") throw conflict(order, "devolver");
      const payment = order.transactions?.payments?.[0];
      const refunded: SandboxQrOrder = {
        ...order,
        status: "refunded",
        status_detail: "refunded",
        transactions: {
          payments: (order.transactions?.payments ?? []).map((p) => ({ ...p, status: "refunded" })),
          refunds: [
            {
              id: `REF${id.slice(3)}`,
              transaction_id: payment?.id,
              amount: order.total_paid_amount ?? order.total_amount,
              status: "processed",
            },
          ],
        },
      };
      await write("qr_order", id, refunded);
      return refunded;
    },
    async payQrOrder(id: string, approved: boolean) {
      const order = await readQrOrder(id);
      if (order.status !== "created") {
        throw new MercadoPagoError("Mercado Pago (sandbox): este QR ya no acepta pagos", 400);
      }
      const next: SandboxQrOrder = approved
        ? {
            ...order,
            status: "processed",
            status_detail: "accredited",
            total_paid_amount: order.total_amount,
            type_response: null,
            transactions: {
              payments: (order.transactions?.payments ?? []).map((payment) => ({
                ...payment,
                status: "processed",
                status_detail: "accredited",
                paid_amount: order.total_amount,
                reference: { id: newPaymentId() },
              })),
            },
          }
        : endQrOrder(order, "expired");
      await write("qr_order", id, next);
      return {
        order: next,
        notifications: [{ type: "order", dataId: id, action: approved ? "order.processed" : "order.expired" }],
      };
    },
    async createPreference(input: NewPreference, idempotencyKey: string) {
      const id = `sbp${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 29)}`;
      const existing = await read<Preference>("preference", id);
      if (existing) return existing;
      if (!input.items.length || input.items.some((item) => !(item.unit_price > 0) || !(item.quantity > 0))) {
        throw new MercadoPagoError("Mercado Pago (sandbox): los ítems necesitan precio y cantidad positivos", 400);
      }
      const preference: Preference = {
        id,
        init_point: `${options.siteUrl}${SANDBOX_CHECKOUT_PATH}/${id}`,
        sandbox_init_point: `${options.siteUrl}${SANDBOX_CHECKOUT_PATH}/${id}`,
        external_reference: input.external_reference,
        items: input.items,
        payer: input.payer,
        back_urls: input.back_urls,
        notification_url: input.notification_url,
        payment_methods: input.payment_methods,
        date_created: new Date().toISOString(),
      };
      await write("preference", id, preference);
      return preference;
    },
    getPreference,
    async payPreference(preferenceId: string, approved: boolean) {
      const preference = await getPreference(preferenceId);
      if (preference.sandbox_paid) {
        throw new MercadoPagoError("Mercado Pago (sandbox): este pago ya fue aprobado", 400);
      }
      const cents = preferenceCents(preference);
      const payment: Payment = {
        id: newPaymentId(),
        status: approved ? "approved" : "rejected",
        status_detail: approved ? "accredited" : "cc_rejected_other_reason",
        external_reference: preference.external_reference,
        transaction_amount: centsToPesos(cents),
        currency_id: "ARS",
        date_approved: approved ? new Date().toISOString() : null,
        metadata: { preference_id: preferenceId },
      };
      await write("payment", String(payment.id), payment);
      if (approved) await write("preference", preferenceId, { ...preference, sandbox_paid: true });
      return { preference, payment, notifications: [{ type: "payment", dataId: String(payment.id) }] };
    },
    async createPreapproval(input: NewPreapproval, idempotencyKey: string) {
      // The same key answers the same preapproval, as MP's X-Idempotency-Key does.
      const id = `sbx${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 29)}`;
      const existing = await read<Preapproval>("preapproval", id);
      if (existing) return existing;
      const preapproval: Preapproval = {
        id,
        status: "pending",
        init_point: `${options.siteUrl}${SANDBOX_CHECKOUT_PATH}/${id}`,
        external_reference: input.external_reference,
        payer_email: input.payer_email,
        reason: input.reason,
        auto_recurring: input.auto_recurring,
        back_url: input.back_url,
        next_payment_date: null,
        date_created: new Date().toISOString(),
      };
      await write("preapproval", id, preapproval);
      return preapproval;
    },
    async refundPayment(paymentId: string, input: { amount?: number }, idempotencyKey: string) {
      // The refund's id comes from the key, as MP's X-Idempotency-Key answers the same refund again.
      const id = String(Number.parseInt(createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 12), 16));
      const existing = await read<Refund>("refund", id);
      if (existing) return existing;
      const payment = await read<Payment & { sandbox_refunded_cents?: number }>("payment", paymentId);
      if (!payment) throw notFound("el pago");
      if (payment.status !== "approved") {
        throw new MercadoPagoError("Mercado Pago (sandbox): solo se puede devolver un pago aprobado", 400);
      }
      const paidCents = fromPesos(payment.transaction_amount);
      const alreadyCents = payment.sandbox_refunded_cents ?? 0;
      const cents = input.amount === undefined ? paidCents - alreadyCents : fromPesos(input.amount);
      if (!(cents > 0) || alreadyCents + cents > paidCents) {
        throw new MercadoPagoError("Mercado Pago (sandbox): el monto a devolver supera lo que queda del pago", 400);
      }
      const refund: Refund = {
        id,
        payment_id: payment.id,
        amount: centsToPesos(cents),
        status: "approved",
        date_created: new Date().toISOString(),
      };
      await write("refund", id, refund);
      const refunded = alreadyCents + cents;
      await write("payment", paymentId, {
        ...payment,
        status: refunded === paidCents ? "refunded" : payment.status,
        sandbox_refunded_cents: refunded,
      });
      return refund;
    },
    getPreapproval,
    updatePreapproval: (id, change) => setStatus(id, change.status),
    async getAuthorizedPayment(id: string) {
      const found = await read<AuthorizedPayment>("authorized_payment", id);
      if (!found) throw notFound("el cobro");
      return found;
    },
    async getPayment(id: string) {
      const found = await read<Payment>("payment", id);
      if (!found) throw notFound("el pago");
      return found;
    },
    async approve(preapprovalId: string) {
      const preapproval = await setStatus(preapprovalId, "authorized");
      const paymentId = newPaymentId();
      const charge: AuthorizedPayment = {
        id: paymentId,
        preapproval_id: preapprovalId,
        status: "processed",
        transaction_amount: preapproval.auto_recurring.transaction_amount,
        currency_id: "ARS",
        date_created: new Date().toISOString(),
        debit_date: new Date().toISOString(),
        external_reference: preapproval.external_reference,
        payment: { id: paymentId, status: "approved", status_detail: "accredited" },
      };
      await write("authorized_payment", paymentId, charge);
      // The charge's payment, as at Mercado Pago: what a box withdrawal refunds (refundPayment).
      const payment: Payment = {
        id: paymentId,
        status: "approved",
        status_detail: "accredited",
        external_reference: preapproval.external_reference,
        transaction_amount: preapproval.auto_recurring.transaction_amount,
        currency_id: "ARS",
        date_approved: charge.date_created,
      };
      await write("payment", String(paymentId), payment);
      return {
        preapproval,
        notifications: [
          { type: "subscription_preapproval", dataId: preapprovalId },
          { type: "subscription_authorized_payment", dataId: paymentId },
        ],
      };
    },
    async reject(preapprovalId: string) {
      const preapproval = await setStatus(preapprovalId, "cancelled");
      return { preapproval, notifications: [{ type: "subscription_preapproval", dataId: preapprovalId }] };
    },
    async webhookSecret() {
      if (options.webhookSecret) return options.webhookSecret;
      const key = await signingSecret(db, options.configuredSecret);
      return createHmac("sha256", key).update("mercadopago-sandbox-webhook").digest("hex");
    },
  };
}

/** A request id like MP's (x-request-id). */
export const sandboxRequestId = () => randomUUID();
