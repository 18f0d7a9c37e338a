import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { alertOwners } from "~/domain/auth/owner-alerts.server";
import { enqueueSaleInvoice } from "~/domain/invoices/enqueue.server";
import type { RequestContext } from "~/domain/request-context";
import {
  type MercadoPagoApi,
  MercadoPagoError,
  mercadoPagoLink,
  type Payment,
  type QrOrder,
} from "~/integrations/mercadopago/index.server";
import { formatMoney, pesosToCents } from "~/lib/money";
import type { Db } from "~db/index";
import { type SalePaymentIssue, sales } from "~db/schema";
import { cancelPendingSale } from "./cancel.server";
import { saleLines } from "./lines.server";
import { afterSaleRecorded } from "./receipt.server";
import type { Sale } from "./record.server";

/**
 * What Mercado Pago says about a QR sale's order, applied to the sale (docs/decisions/0051). Notifications
 * only say "look at order X": the order is always read back from Mercado Pago, and its state — not the
 * notification's kind, order or number of copies — decides. Every change is one conditional UPDATE, so
 * duplicate, late, out-of-order or concurrent notifications (and the page's polling) settle in the database:
 * one 'paid', one invoice, one receipt e-mail.
 */

const SALE_NUMBER = /^VT-\d{6,}$/;

/** What settling needs: Mercado Pago, and the links of the receipt e-mail. (A notification carries no more.) */
export type SettleContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret" | "log" | "mercadoPago">;

export type SettleOutcome = "paid" | "cancelled" | "flagged" | "unchanged";

/** The `order` notification (and the page's polling): read order `orderId` at Mercado Pago and apply it. */
export async function syncQrOrder(ctx: SettleContext, orderId: string): Promise<SettleOutcome> {
  const { api } = await mercadoPagoLink(ctx.mercadoPago);
  if (!api) return "unchanged";
  return settleQrOrder(ctx, api, await api.getQrOrder(orderId));
}

/**
 * A `payment` notification whose payment names a sale (external_reference VT-…): the sale's order is read
 * and applied, as for an `order` notification. Answers false when the payment is not a sale's.
 */
export async function syncQrSaleOfPayment(ctx: SettleContext, payment: Payment): Promise<boolean> {
  const reference = payment.external_reference ?? "";
  if (!SALE_NUMBER.test(reference)) return false;
  const [sale] = await ctx.db.select().from(sales).where(eq(sales.number, reference));
  if (sale?.providerOrderId) await syncQrOrder(ctx, sale.providerOrderId);
  else ctx.log.warn({ payment: payment.id, reference }, "mercadopago payment names a sale without a QR order");
  return true;
}

/** The sale an order belongs to: by its stored order id; by number only for a QR sale that never stored one. */
async function saleOfOrder(db: Db, order: QrOrder): Promise<Sale | null> {
  const [byOrder] = await db.select().from(sales).where(eq(sales.providerOrderId, order.id));
  if (byOrder) return byOrder;
  if (!SALE_NUMBER.test(order.external_reference ?? "")) return null;
  const [byNumber] = await db.select().from(sales).where(eq(sales.number, order.external_reference));
  return byNumber?.paymentMethod === "mercadopago_qr" && byNumber.providerOrderId === null ? byNumber : null;
}

/** What the buyer paid in an order, in centavos, and the payment's id inside the order. */
function paymentOf(order: QrOrder): { paidCents: number | null; paymentId: string | null } {
  const payment = order.transactions?.payments?.[0];
  const paid = order.total_paid_amount ?? payment?.paid_amount ?? payment?.amount ?? null;
  return { paidCents: paid === null ? null : pesosToCents(paid), paymentId: payment?.id ?? null };
}

export async function settleQrOrder(ctx: SettleContext, api: MercadoPagoApi, order: QrOrder): Promise<SettleOutcome> {
  const sale = await saleOfOrder(ctx.db, order);
  if (!sale) {
    ctx.log.warn({ order: order.id, reference: order.external_reference }, "mercadopago order of no known sale");
    return "unchanged";
  }
  if (order.status === "processed") return settlePaid(ctx, api, sale, order);
  if (order.status === "expired" || order.status === "canceled") {
    if (sale.status !== "pending_payment") return "unchanged";
    const cancelled = await cancelPendingSale(ctx.db, sale.id);
    if (cancelled) ctx.log.info({ sale: sale.number, order: order.id, status: order.status }, "qr sale cancelled");
    return cancelled ? "cancelled" : "unchanged";
  }
  if (order.status === "refunded" && sale.status === "paid") {
    // Refunded from Mercado Pago's own panel: the sale stays a sale; the credit note is the admin's call.
    ctx.log.warn({ sale: sale.number, order: order.id }, "mercadopago refunded a paid qr sale outside the shop");
  }
  // created, processing, action_required: the buyer has not finished yet.
  return "unchanged";
}

async function settlePaid(ctx: SettleContext, api: MercadoPagoApi, sale: Sale, order: QrOrder): Promise<SettleOutcome> {
  const { paidCents, paymentId } = paymentOf(order);
  if (sale.status === "paid") {
    if (sale.providerPaymentId !== paymentId) {
      ctx.log.warn({ sale: sale.number, paymentId, stored: sale.providerPaymentId }, "qr sale paid twice?");
    }
    return "unchanged";
  }
  if (sale.status === "pending_payment") {
    if (paidCents !== sale.totalCents) {
      // Not paid: the money is not what the sale asks. Flagged for the admin, the sale keeps waiting.
      ctx.log.warn(
        { sale: sale.number, order: order.id, paidCents, totalCents: sale.totalCents },
        "qr payment amount differs from the sale's: not paid",
      );
      await flag(ctx, sale, { kind: "amount_mismatch", orderId: order.id, paymentId, paidCents: paidCents ?? 0 });
      return "flagged";
    }
    if (await markPaid(ctx, sale, paymentId)) return "paid";
    const [now] = await ctx.db.select().from(sales).where(eq(sales.id, sale.id));
    if (now?.status !== "cancelled") return "unchanged";
    return settlePaymentWithoutSale(ctx, api, now, order);
  }
  return settlePaymentWithoutSale(ctx, api, sale, order);
}

/**
 * pending_payment → paid, once: the one conditional UPDATE, then the invoice and the receipt e-mail in the
 * same transaction (so a duplicate that loses the UPDATE adds neither).
 */
async function markPaid(ctx: SettleContext, sale: Sale, paymentId: string | null): Promise<boolean> {
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [paid] = await db
      .update(sales)
      .set({ status: "paid", providerPaymentId: paymentId, paidAt: now, updatedAt: now })
      .where(and(eq(sales.id, sale.id), eq(sales.status, "pending_payment")))
      .returning();
    if (!paid) return false;
    const items = await saleLines(db, paid.id);
    await enqueueSaleInvoice(db, paid.id);
    await afterSaleRecorded(ctx, db, paid, items);
    ctx.log.info({ sale: paid.number, paymentId }, "qr sale paid");
    return true;
  });
}

/**
 * Mercado Pago took money for a sale that is no longer one (cancelled: the QR expired or the seller cancelled
 * while the buyer paid, or the amount was wrong and the seller gave up): it is flagged on the sale, every
 * owner is told, and the whole payment is refunded through the Orders API (`POST /v1/orders/{id}/refund`,
 * one idempotency key per order, so duplicates refund once). A refund Mercado Pago refuses or cannot take now
 * is written on the flag and thrown, so the notification is answered 502 and Mercado Pago retries it.
 */
export async function settlePaymentWithoutSale(
  ctx: SettleContext,
  api: MercadoPagoApi,
  sale: Sale,
  order: QrOrder,
): Promise<SettleOutcome> {
  const { paidCents, paymentId } = paymentOf(order);
  ctx.log.warn({ sale: sale.number, order: order.id, paidCents }, "mercadopago took a qr payment for a cancelled sale");
  await flag(ctx, sale, { kind: "paid_after_cancel", orderId: order.id, paymentId, paidCents: paidCents ?? 0 });
  if (sale.paymentIssue?.refund?.status === "done") return "flagged";
  let refund: NonNullable<SalePaymentIssue["refund"]>;
  let failure: unknown = null;
  try {
    if (order.status !== "refunded") await api.refundQrOrder(order.id, `refund-${order.id}`);
    refund = { status: "done", at: new Date().toISOString() };
  } catch (error) {
    failure = error;
    const message = error instanceof Error ? error.message : String(error);
    refund = { status: "failed", at: new Date().toISOString(), error: message.slice(0, 300) };
  }
  await ctx.db
    .update(sales)
    .set({ paymentIssue: sql`jsonb_set(${sales.paymentIssue}, '{refund}', ${JSON.stringify(refund)}::jsonb)` })
    .where(and(eq(sales.id, sale.id), sql`${sales.paymentIssue}->>'kind' = 'paid_after_cancel'`));
  if (failure) {
    ctx.log.warn({ err: failure, sale: sale.number, order: order.id }, "refund of a qr payment without sale failed");
    throw failure instanceof MercadoPagoError ? failure : new MercadoPagoError(String(failure), null);
  }
  return "flagged";
}

const ISSUE_ALERTS: Record<SalePaymentIssue["kind"], string> = {
  amount_mismatch: "Un pago con QR de Mercado Pago no coincide con el total de la venta",
  paid_after_cancel: "Mercado Pago cobró el QR de una venta cancelada: se devuelve el pago",
};

/**
 * Writes the issue on the sale once per kind (a conditional UPDATE: duplicates find it written) and, with
 * that write, tells every owner by e-mail.
 */
async function flag(ctx: SettleContext, sale: Sale, issue: Omit<SalePaymentIssue, "at" | "refund">): Promise<void> {
  const value: SalePaymentIssue = { ...issue, at: new Date().toISOString(), refund: null };
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [flagged] = await db
      .update(sales)
      .set({ paymentIssue: value, updatedAt: new Date() })
      .where(
        and(eq(sales.id, sale.id), or(isNull(sales.paymentIssue), ne(sql`${sales.paymentIssue}->>'kind'`, issue.kind))),
      )
      .returning({ number: sales.number });
    if (!flagged) return;
    await alertOwners(db, {
      siteUrl: ctx.siteUrl,
      ip: "notificación de Mercado Pago",
      userAgent: "Mercado Pago",
      actor: { id: 0, email: "Mercado Pago", role: "owner" },
      what: ISSUE_ALERTS[issue.kind],
      details: [
        ["Venta", flagged.number],
        ["Total de la venta", formatMoney(sale.totalCents)],
        ["Pagado en Mercado Pago", formatMoney(issue.paidCents)],
        ["Orden de Mercado Pago", issue.orderId],
      ],
    });
  });
}
