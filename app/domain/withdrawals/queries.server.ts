import { count, desc, eq } from "drizzle-orm";
import { NotFound } from "~/domain/errors";
import { booksLeftShop } from "~/domain/orders/actions";
import type { Order } from "~/domain/orders/shared.server";
import type { Db } from "~db/index";
import { orders, withdrawals } from "~db/schema";
import { isOverdue, type WithdrawalStatus } from "./status";

/** What the admin reads of withdrawals: the list, an order's panel, and the lookups the steps share. */

export type Withdrawal = typeof withdrawals.$inferSelect;

/**
 * The order's history line written when the books of a withdrawn order come back, so the order's history
 * tells why its stock moved. The mark itself is `withdrawals.books_returned_at`.
 */
export const BOOKS_RETURNED_NOTE = "Los libros volvieron a la librería";

/**
 * How long a Mercado Pago refund in flight holds the withdrawal (`refund_claimed_at`): another click
 * meanwhile is refused; after it (the server died between MP's answer and our write), a retry may claim it
 * again, with the same key.
 */
export const REFUND_LEASE_MS = 2 * 60_000;

/** The admin list (/admin/arrepentimientos): newest first, by state; each with its order's figures. */
export async function listWithdrawals(db: Db, filters: { status?: WithdrawalStatus | null } = {}, now = Date.now()) {
  const rows = await db
    .select({
      id: withdrawals.id,
      code: withdrawals.code,
      status: withdrawals.status,
      createdAt: withdrawals.createdAt,
      orderNumber: orders.number,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: withdrawals.email,
      totalCents: orders.totalCents,
      paymentMethod: orders.paymentMethod,
      orderStatus: orders.status,
      booksReturnedAt: withdrawals.booksReturnedAt,
    })
    .from(withdrawals)
    .innerJoin(orders, eq(orders.id, withdrawals.orderId))
    .where(filters.status ? eq(withdrawals.status, filters.status) : undefined)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(200);
  const counted = await db
    .select({ status: withdrawals.status, n: count() })
    .from(withdrawals)
    .groupBy(withdrawals.status);
  const counts: Record<WithdrawalStatus, number> = { requested: 0, cancelled: 0, refunded: 0 };
  for (const row of counted) counts[row.status] = row.n;
  return {
    withdrawals: rows.map((row) => ({
      ...row,
      buyerName: `${row.firstName} ${row.lastName}`,
      ageDays: Math.floor((now - row.createdAt.getTime()) / 86_400_000),
      overdue: isOverdue(row, now),
    })),
    counts,
  };
}

/** The refund's way for this order: Mercado Pago's API when MP charged it, else a recorded transfer. */
export const refundMethodOf = (order: Order) =>
  order.paymentMethod === "mercadopago" && order.providerPaymentId ? ("mercadopago" as const) : ("transfer" as const);

/** The order page's panel: the withdrawal of an order (null without one) and what the admin may do. */
export async function withdrawalForOrder(db: Db, orderId: number, now = Date.now()) {
  const [row] = await db
    .select({ withdrawal: withdrawals, order: orders })
    .from(withdrawals)
    .innerJoin(orders, eq(orders.id, withdrawals.orderId))
    .where(eq(withdrawals.orderId, orderId));
  if (!row) return null;
  const { withdrawal, order } = row;
  const booksOut = booksLeftShop(order);
  const returnedAt = withdrawal.booksReturnedAt;
  const refundInFlight =
    withdrawal.status === "cancelled" &&
    withdrawal.refundClaimedAt !== null &&
    now - withdrawal.refundClaimedAt.getTime() < REFUND_LEASE_MS;
  return {
    id: withdrawal.id,
    code: withdrawal.code,
    reason: withdrawal.reason,
    status: withdrawal.status,
    createdAt: withdrawal.createdAt.toISOString(),
    cancelledAt: withdrawal.cancelledAt?.toISOString() ?? null,
    refundedAt: withdrawal.refundedAt?.toISOString() ?? null,
    refundedOn: withdrawal.refundedOn,
    refundCents: withdrawal.refundCents,
    refundMethod: withdrawal.status === "refunded" ? withdrawal.refundMethod : refundMethodOf(order),
    refundReference: withdrawal.refundReference,
    overdue: isOverdue(withdrawal, now),
    paid: order.paidAt !== null,
    booksOut,
    booksReturnedAt: returnedAt?.toISOString() ?? null,
    canCancel: withdrawal.status === "requested",
    canRefund: withdrawal.status === "cancelled" && order.paidAt !== null && !refundInFlight,
    refundInFlight,
    canReturnBooks: withdrawal.status !== "requested" && booksOut && !returnedAt && order.status === "cancelled",
  };
}

export type WithdrawalPanel = NonNullable<Awaited<ReturnType<typeof withdrawalForOrder>>>;

/** A withdrawal and its order, for the steps that change them. */
export async function withdrawalWithOrder(db: Db, withdrawalId: number) {
  const [row] = await db
    .select({ withdrawal: withdrawals, order: orders })
    .from(withdrawals)
    .innerJoin(orders, eq(orders.id, withdrawals.orderId))
    .where(eq(withdrawals.id, withdrawalId));
  if (!row) throw new NotFound("Arrepentimiento no encontrado");
  return row;
}

/** The withdrawal of an order number (the order page's forms name the order, not the withdrawal). */
export async function withdrawalIdByOrder(db: Db, number: string): Promise<number> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .innerJoin(orders, eq(orders.id, withdrawals.orderId))
    .where(eq(orders.number, number.toUpperCase()));
  if (!row) throw new NotFound("Este pedido no tiene un arrepentimiento");
  return row.id;
}
