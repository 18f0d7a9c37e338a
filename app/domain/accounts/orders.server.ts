import { and, desc, eq, sql } from "drizzle-orm";
import { NotFound } from "~/domain/errors";
import { orderVouchers } from "~/domain/invoices/buyer.server";
import { orderPage } from "~/domain/orders/queries.server";
import { type Order, type OrderContext, orderWithItems } from "~/domain/orders/shared.server";
import type { OrderStatus } from "~/domain/orders/status";
import type { Db } from "~db/index";
import { orderItems, orders } from "~db/schema";

/** One order in the reader's list (Mi cuenta and `GET /api/cuenta/pedidos`). */
export interface AccountOrder {
  number: string;
  status: OrderStatus;
  totalCents: number;
  createdAt: Date;
  /** Books in it (units). */
  units: number;
}

/**
 * Every order placed with the email, newest first, guests' orders included (an account is its email:
 * what someone bought before signing up is theirs as soon as they prove the address).
 */
export async function customerOrders(db: Db, email: string): Promise<AccountOrder[]> {
  const rows = await db
    .select({
      number: orders.number,
      status: orders.status,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.email, email))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({ ...row, units: Number(row.units) }));
}

/** The id of `number` when it belongs to `email`; null otherwise (another person's order is a 404). */
export async function ownOrderId(db: Db, email: string, number: string): Promise<number | null> {
  if (!/^RZ-\d{6,}$/.test(number)) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.email, email)));
  return row?.id ?? null;
}

export const ORDER_NOT_FOUND = "Pedido no encontrado";

/** One step of an order's timeline, oldest first; `at` is null for a step still ahead. */
export interface TimelineStep {
  step: "placed" | "paid" | "shipped" | "delivered" | "cancelled";
  label: string;
  at: string | null;
}

/**
 * The order's way so far, from the moments the lifecycle writes on it (placed, paid, shipped, delivered,
 * cancelled): a live order also lists the steps still ahead; a cancelled one ends where it was cancelled.
 * Picked-up orders are "listo para retirar" and "retirado" rather than sent and delivered.
 */
export function orderTimeline(
  order: Pick<Order, "deliveryMethod" | "createdAt" | "paidAt" | "shippedAt" | "deliveredAt" | "cancelledAt">,
): TimelineStep[] {
  const pickup = order.deliveryMethod === "pickup";
  const steps: TimelineStep[] = [
    { step: "placed", label: "Hiciste el pedido", at: order.createdAt.toISOString() },
    { step: "paid", label: "Recibimos el pago", at: order.paidAt?.toISOString() ?? null },
    { step: "shipped", label: pickup ? "Listo para retirar" : "En camino", at: order.shippedAt?.toISOString() ?? null },
    { step: "delivered", label: pickup ? "Retirado" : "Entregado", at: order.deliveredAt?.toISOString() ?? null },
  ];
  if (!order.cancelledAt) return steps;
  return [
    ...steps.filter((step) => step.at !== null),
    { step: "cancelled", label: "Cancelado", at: order.cancelledAt.toISOString() },
  ];
}

/**
 * Mi cuenta's order detail: what the buyer's signed page shows (the same readers: order, bank details
 * while a transfer is unpaid, vouchers with their signed download links) plus the timeline. Another
 * person's order, an unknown number or a malformed one are the same 404.
 */
export async function accountOrder(
  ctx: Pick<OrderContext, "db" | "configuredSecret" | "siteUrl">,
  email: string,
  number: string,
) {
  const id = await ownOrderId(ctx.db, email, number);
  const found = id === null ? null : await orderWithItems(ctx.db, id);
  if (!found) throw new NotFound(ORDER_NOT_FOUND);
  const [page, invoicing] = await Promise.all([orderPage(ctx.db, found), orderVouchers(ctx, found.order)]);
  return { ...page, timeline: orderTimeline(found.order), invoicing };
}
