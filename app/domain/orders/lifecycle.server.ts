import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { releaseDiscount } from "~/domain/discounts/redeem.server";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import { type CreditNoteReason, enqueueOrderInvoice, undoOrderInvoice } from "~/domain/invoices/enqueue.server";
import { startPeriodicJob } from "~/domain/jobs/periodic.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { RenderedMail } from "~/domain/mail/templates/render.server";
import { recordMovements } from "~/domain/stock/movements.server";
import { type AlertSite, releaseRestockAlerts } from "~/domain/stock-alerts/release.server";
import { mercadoPagoLink, type Payment } from "~/integrations/mercadopago/index.server";
import { pesosToCents } from "~/lib/money";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { books, orderEvents, orderItems, orders } from "~db/schema";
import { booksLeftShop, ORDER_ACTION_TARGETS, statusesAllowing, WITHDRAWAL_CANCELS_FROM } from "./actions";
import { orderPaid, orderShipped, orderStatusNotice } from "./mail.server";
import {
  afterStockChange,
  type Order,
  type OrderContext,
  type OrderItem,
  type OrderStatus,
  orderSigner,
  orderSummary,
  STATUS_LABELS,
} from "./shared.server";

/** Who moves an order: the admin (audited), Mercado Pago, or the server's expiry job. */
export type Actor = { kind: "admin"; admin: AdminIdentity } | { kind: "mercadopago" } | { kind: "system" };

interface Change {
  from: OrderStatus[];
  to: OrderStatus;
  /** Columns set together with the status. */
  set?: Partial<typeof orders.$inferInsert>;
  /** Extra condition of the conditional UPDATE (e.g. expired). */
  where?: ReturnType<typeof sql>;
  note?: string | null;
  audit?: { action: string; summary: string };
  mail: (order: Order, items: OrderItem[], link: string) => RenderedMail;
  /** Runs inside the transaction after the status moved (stock return, code release). */
  effects?: (tx: Db, order: Order, items: OrderItem[]) => Promise<void>;
  /** Why a cancelled order's invoice is undone (its credit note's reason); a cancellation by default. */
  undoInvoice?: CreditNoteReason;
}

const sourceOf = (actor: Actor) => (actor.kind === "admin" ? "admin" : actor.kind);

/**
 * One status change: a conditional UPDATE (`status in (from)`), so of two admins, an admin and the
 * expiry job, or two server instances, exactly one moves the order and the others get a 409 (or, for the
 * job, skip it). Its event, audit line, side effects and e-mail are in the same transaction.
 */
async function changeStatus(ctx: OrderContext, orderId: number, actor: Actor, change: Change): Promise<Order | null> {
  const link = await orderUrlById(ctx, orderId);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const now = new Date();
    const [before] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!before) throw new NotFound("Pedido no encontrado");
    const [order] = await db
      .update(orders)
      .set({ ...change.set, status: change.to, updatedAt: now })
      .where(and(eq(orders.id, orderId), inArray(orders.status, change.from), change.where))
      .returning();
    if (!order) return null;
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
    await db.insert(orderEvents).values({
      orderId,
      fromStatus: before.status,
      toStatus: change.to,
      source: sourceOf(actor),
      note: change.note ?? null,
    });
    if (change.effects) await change.effects(db, order, items);
    // The sale's invoice is queued with the payment, and undone (credit note) with the cancellation.
    if (change.to === "paid") await enqueueOrderInvoice(db, orderId);
    if (change.to === "cancelled") await undoOrderInvoice(db, orderId, change.undoInvoice ?? "cancellation");
    if (actor.kind === "admin" && change.audit) {
      await recordAudit(db, actor.admin, {
        action: change.audit.action,
        entity: "order",
        entityId: orderId,
        summary: change.audit.summary,
      });
    }
    await enqueueMail(db, { to: order.email, mail: change.mail(order, items, link), siteUrl: ctx.siteUrl });
    return order;
  });
}

async function orderUrlById(ctx: OrderContext, orderId: number) {
  const [row] = await ctx.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
  return row ? (await orderSigner(ctx)).url(row.number) : ctx.siteUrl;
}

export async function orderIdByNumber(db: Db, number: string): Promise<number> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number.toUpperCase()));
  if (!row) throw new NotFound("Pedido no encontrado");
  return row.id;
}

const refused = (order: { status: OrderStatus }, what: string) =>
  new Conflict(`No se puede ${what} un pedido ${STATUS_LABELS[order.status].toLowerCase()}`);

async function currentStatus(db: Db, orderId: number) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw new NotFound("Pedido no encontrado");
  return row;
}

/**
 * Stock (or the pre-order count) goes back, in ascending book order like placing does; books back in
 * stock fire their restock alerts in the same transaction (`site`: the alerts' e-mail links; null only
 * when the caller deleted every alert first, as leaving demo mode does).
 */
export async function returnStock(
  tx: Db,
  items: (Pick<OrderItem, "bookId" | "isPreorder" | "quantity"> & { orderId?: number })[],
  site: AlertSite | null,
) {
  for (const item of [...items].sort((a, b) => a.bookId - b.bookId)) {
    await tx
      .update(books)
      .set(
        item.isPreorder
          ? { preorderCount: sql`greatest(${books.preorderCount} - ${item.quantity}, 0)` }
          : { stock: sql`${books.stock} + ${item.quantity}` },
      )
      .where(eq(books.id, item.bookId));
  }
  const restocked = items.filter((item) => !item.isPreorder).map((item) => item.bookId);
  await recordMovements(
    tx,
    items
      .filter((item) => !item.isPreorder)
      .map((item) => ({
        bookId: item.bookId,
        location: "shop" as const,
        delta: item.quantity,
        reason: "order_cancelled" as const,
        orderId: item.orderId ?? null,
      })),
  );
  if (site) await releaseRestockAlerts(tx, restocked, site);
}

const summaryMail =
  (build: (data: { order: ReturnType<typeof orderSummary>; link: string; row: Order }) => RenderedMail) =>
  (order: Order, items: OrderItem[], link: string) =>
    build({ order: orderSummary(order, items), link, row: order });

// ---------------------------------------------------------------------------------------------------

/** The admin confirms a transfer arrived (or any pending payment): pending_payment -> paid. */
export async function confirmPayment(ctx: OrderContext, admin: AdminIdentity, number: string) {
  const id = await orderIdByNumber(ctx.db, number);
  const order = await changeStatus(
    ctx,
    id,
    { kind: "admin", admin },
    {
      from: statusesAllowing("confirm"),
      to: ORDER_ACTION_TARGETS.confirm,
      set: { paidAt: new Date() },
      audit: { action: "order.confirm-payment", summary: `Confirmó el pago del pedido ${number.toUpperCase()}` },
      mail: summaryMail(({ order }) => orderPaid({ siteUrl: ctx.siteUrl, order })),
    },
  );
  if (!order) throw refused(await currentStatus(ctx.db, id), "confirmar el pago de");
  return order;
}

export const shipSchema = z
  .object({
    trackingCode: z
      .string({ error: "El código de seguimiento no es válido" })
      .trim()
      .max(80, "El código de seguimiento puede tener hasta 80 caracteres")
      .optional()
      .transform((code) => code || null),
  })
  .strict();

/** paid -> shipped. Carrier shipments need their tracking code; pickups and CABA deliveries may go without. */
export async function shipOrder(ctx: OrderContext, admin: AdminIdentity, number: string, raw: unknown) {
  const parsed = shipSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const { trackingCode } = parsed.data;
  const id = await orderIdByNumber(ctx.db, number);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  if (row?.deliveryMethod === "shipping" && !trackingCode) {
    throw new Invalid("Ingresá el código de seguimiento del envío");
  }
  const order = await changeStatus(
    ctx,
    id,
    { kind: "admin", admin },
    {
      from: statusesAllowing("ship"),
      to: ORDER_ACTION_TARGETS.ship,
      set: { shippedAt: new Date(), trackingCode },
      note: trackingCode ? `Seguimiento: ${trackingCode}` : null,
      audit: {
        action: "order.ship",
        summary: `Marcó como enviado el pedido ${number.toUpperCase()}${trackingCode ? ` (seguimiento ${trackingCode})` : ""}`,
      },
      mail: summaryMail(({ order, row: shipped }) =>
        orderShipped({
          siteUrl: ctx.siteUrl,
          order,
          tracking: trackingCode
            ? { carrier: shipped.shippingSpeed === "fast" ? "Envío rápido" : "Envío estándar", code: trackingCode }
            : null,
        }),
      ),
    },
  );
  if (!order) throw refused(await currentStatus(ctx.db, id), "enviar");
  return order;
}

/**
 * paid -> shipped by a carrier's shipment (issue 21, app/domain/shipping): the carrier's tracking number
 * and its public tracking page go in the buyer's e-mail; `effects` writes the shipment row in the same
 * transaction. Null when the order is no longer paid (cancelled meanwhile, shipped by hand).
 */
export async function shipOrderByCarrier(
  ctx: OrderContext,
  actor: Actor,
  orderId: number,
  shipment: {
    carrierName: string;
    trackingNumber: string;
    trackingUrl: string | null;
    effects: (tx: Db, order: Order) => Promise<void>;
  },
): Promise<Order | null> {
  return changeStatus(ctx, orderId, actor, {
    from: statusesAllowing("ship"),
    to: ORDER_ACTION_TARGETS.ship,
    set: { shippedAt: new Date(), trackingCode: shipment.trackingNumber },
    note: `${shipment.carrierName}: seguimiento ${shipment.trackingNumber}`,
    effects: (tx, order) => shipment.effects(tx, order),
    mail: summaryMail(({ order }) =>
      orderShipped({
        siteUrl: ctx.siteUrl,
        order,
        tracking: {
          carrier: shipment.carrierName,
          code: shipment.trackingNumber,
          url: shipment.trackingUrl ?? undefined,
        },
      }),
    ),
  });
}

/**
 * shipped -> delivered because the carrier's tracking said so (issue 21): `deliveredAt` is the carrier's
 * moment, which starts the withdrawal window (DESIGN §8). Null when the order is not shipped any more.
 */
export async function deliverOrderByCarrier(
  ctx: OrderContext,
  orderId: number,
  deliveredAt: Date,
  effects?: (tx: Db, order: Order) => Promise<void>,
): Promise<Order | null> {
  return changeStatus(
    ctx,
    orderId,
    { kind: "system" },
    {
      from: statusesAllowing("deliver"),
      to: ORDER_ACTION_TARGETS.deliver,
      set: { deliveredAt },
      note: "Entregado según el seguimiento del correo",
      effects: effects ? (tx, order) => effects(tx, order) : undefined,
      mail: summaryMail(({ order, link }) =>
        orderStatusNotice({ siteUrl: ctx.siteUrl, order, orderUrl: link, kind: "delivered" }),
      ),
    },
  );
}

/** shipped -> delivered. */
export async function deliverOrder(ctx: OrderContext, admin: AdminIdentity, number: string) {
  const id = await orderIdByNumber(ctx.db, number);
  const order = await changeStatus(
    ctx,
    id,
    { kind: "admin", admin },
    {
      from: statusesAllowing("deliver"),
      to: ORDER_ACTION_TARGETS.deliver,
      set: { deliveredAt: new Date() },
      audit: { action: "order.deliver", summary: `Marcó como entregado el pedido ${number.toUpperCase()}` },
      mail: summaryMail(({ order, link }) =>
        orderStatusNotice({ siteUrl: ctx.siteUrl, order, orderUrl: link, kind: "delivered" }),
      ),
    },
  );
  if (!order) throw refused(await currentStatus(ctx.db, id), "marcar como entregado");
  return order;
}

export const cancelSchema = z
  .object({
    reason: z
      .string({ error: "Escribí el motivo de la cancelación" })
      .trim()
      .min(1, "Escribí el motivo de la cancelación")
      .max(300, "El motivo puede tener hasta 300 caracteres"),
  })
  .strict();

const cancelEffects = (site: AlertSite) => async (tx: Db, order: Order, items: OrderItem[]) => {
  await returnStock(tx, items, site);
  await releaseDiscount(tx, order.id);
};

/**
 * pending_payment or paid -> cancelled: the books go back to stock (pre-orders free their places) and
 * the discount code's use is given back. A paid Mercado Pago order is refunded by the shop in Mercado
 * Pago itself; the admin page says so.
 */
export async function cancelOrder(ctx: OrderContext, admin: AdminIdentity, number: string, raw: unknown) {
  const parsed = cancelSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const { reason } = parsed.data;
  const id = await orderIdByNumber(ctx.db, number);
  const order = await changeStatus(
    ctx,
    id,
    { kind: "admin", admin },
    {
      from: statusesAllowing("cancel"),
      to: ORDER_ACTION_TARGETS.cancel,
      set: { cancelledAt: new Date(), cancelReason: reason },
      note: reason,
      audit: { action: "order.cancel", summary: `Canceló el pedido ${number.toUpperCase()}: ${reason}` },
      effects: cancelEffects(ctx),
      mail: summaryMail(({ order, link }) =>
        orderStatusNotice({ siteUrl: ctx.siteUrl, order, orderUrl: link, kind: "cancelled", reason }),
      ),
    },
  );
  if (!order) throw refused(await currentStatus(ctx.db, id), "cancelar");
  await afterStockChange(ctx.db, "order.cancel");
  return order;
}

/**
 * A withdrawal (botón de arrepentimiento) cancels its order: app/domain/withdrawals/resolve.server.ts. The
 * same conditional UPDATE as every change, from any status but cancelled (WITHDRAWAL_CANCELS_FROM). The
 * discount code's use is given back; the books go back to stock here only when they never left the shop —
 * those of a shipped or delivered order return with `returnStock` when the admin records they came back.
 * `effects` (the withdrawal's own row, audit) and the buyer's `mail` (instead of the plain cancellation
 * notice) are written in the same transaction. Null when the order's status did not allow it.
 */
export async function cancelOrderForWithdrawal(
  ctx: OrderContext,
  admin: AdminIdentity,
  orderId: number,
  change: { reason: string; effects: Change["effects"] & {}; mail: Change["mail"] },
): Promise<Order | null> {
  const order = await changeStatus(
    ctx,
    orderId,
    { kind: "admin", admin },
    {
      from: [...WITHDRAWAL_CANCELS_FROM],
      to: "cancelled",
      set: { cancelledAt: new Date(), cancelReason: change.reason },
      note: change.reason,
      undoInvoice: "withdrawal",
      effects: async (tx, cancelled, items) => {
        if (!booksLeftShop(cancelled)) await returnStock(tx, items, ctx);
        await releaseDiscount(tx, cancelled.id);
        await change.effects(tx, cancelled, items);
      },
      mail: change.mail,
    },
  );
  if (order && !booksLeftShop(order)) await afterStockChange(ctx.db, "order.withdrawal");
  return order;
}

export const EXPIRED_REASON = "Venció el plazo para pagar la transferencia";

/**
 * The periodic job: unpaid transfer orders past `expires_at` are cancelled and their stock returned.
 * Each order moves with its own conditional UPDATE (still pending, still expired), so several server
 * instances running the job at once cancel each order once. Returns how many this call cancelled.
 */
export async function expireTransferOrders(ctx: OrderContext, now = new Date()): Promise<number> {
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending_payment"), eq(orders.paymentMethod, "transfer"), lte(orders.expiresAt, now)))
    .orderBy(orders.id)
    .limit(200);
  let cancelled = 0;
  for (const { id } of due) {
    const order = await changeStatus(
      ctx,
      id,
      { kind: "system" },
      {
        from: ["pending_payment"],
        to: "cancelled",
        where: sql`${orders.expiresAt} <= ${now}`,
        set: { cancelledAt: now, cancelReason: EXPIRED_REASON },
        note: EXPIRED_REASON,
        effects: cancelEffects(ctx),
        mail: summaryMail(({ order, link }) =>
          orderStatusNotice({ siteUrl: ctx.siteUrl, order, orderUrl: link, kind: "expired" }),
        ),
      },
    );
    if (order) cancelled++;
  }
  if (cancelled > 0) await afterStockChange(ctx.db, "order.expire");
  return cancelled;
}

/** Starts the expiry job in this server process (every `intervalMs`); `stop()` waits for a running pass. */
export function startOrderExpiryJob(ctx: OrderContext, intervalMs = 5 * 60_000) {
  return startPeriodicJob(ctx.log, "order expiry job failed", () => expireTransferOrders(ctx), intervalMs);
}

/**
 * A Mercado Pago `payment` notification for an order (Checkout Pro). The payment is fetched (never the
 * body), matched to the order by external_reference (the order number) and its amount checked against
 * the order's total. Approved -> paid, once: the conditional UPDATE only moves a pending order without a
 * payment, and provider_payment_id is UNIQUE, so replays change nothing. Rejected or cancelled payments
 * leave the order pending: the buyer can pay again from the order page (the same preference). Payments
 * that are not the shop's orders (box charges also arrive as `payment`) are ignored.
 */
export async function recordOrderPayment(
  ctx: OrderContext,
  paymentId: string,
  /** The payment, when the caller already read it from Mercado Pago (the webhook's dispatch). */
  fetched?: Payment,
): Promise<{ changed: boolean }> {
  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (!api) return { changed: false };
  const payment = fetched ?? (await api.getPayment(paymentId));
  const reference = payment.external_reference ?? "";
  if (!/^RZ-\d{6,}$/.test(reference)) return { changed: false };
  const [order] = await ctx.db.select().from(orders).where(eq(orders.number, reference));
  if (!order) {
    ctx.log?.warn({ paymentId, reference }, "mercadopago payment for an unknown order");
    return { changed: false };
  }
  if (payment.status !== "approved") {
    ctx.log?.info({ paymentId, status: payment.status, order: reference }, "mercadopago payment not approved");
    return { changed: false };
  }
  const amountCents = pesosToCents(String(payment.transaction_amount));
  if (amountCents !== order.totalCents) {
    ctx.log?.warn({ paymentId, amountCents, totalCents: order.totalCents }, "mercadopago payment amount differs");
    return { changed: false };
  }
  if (order.status === "cancelled") {
    ctx.log?.warn({ paymentId, order: reference }, "mercadopago approved a payment of a cancelled order: refund it");
    return { changed: false };
  }
  const paid = await changeStatus(
    ctx,
    order.id,
    { kind: "mercadopago" },
    {
      from: ["pending_payment"],
      to: "paid",
      where: isNull(orders.providerPaymentId),
      set: { paidAt: new Date(payment.date_approved ?? Date.now()), providerPaymentId: String(payment.id) },
      note: `Pago de Mercado Pago ${payment.id}`,
      mail: summaryMail(({ order: summary }) => orderPaid({ siteUrl: ctx.siteUrl, order: summary })),
    },
  );
  return { changed: paid !== null };
}
