import { desc, eq } from "drizzle-orm";
import type { Db } from "~db/index";
import { boxSubscriptions, boxWithdrawals } from "~db/schema";
import { boxNumberOf } from "./number";
import { type BoxWithdrawal, refundClaimLive } from "./withdrawal-refund.server";
import type { BoxRefundStatus } from "./withdrawal-status";

/**
 * The Caja Rizoma's withdrawals as /admin/arrepentimientos lists them (decision 0052), newest first: the
 * subscription's CR- number, the subscriber, when, and where the refund stands — with Mercado Pago's last
 * failure, and whether "Reintentar reembolso" applies (a refund due, not made, no call in flight).
 */
export function boxRefundStatus(row: BoxWithdrawal, now = Date.now()): BoxRefundStatus {
  if (row.refundedAt) return "refunded";
  if (row.refundDue) return refundClaimLive(row, now) ? "claimed" : "due";
  if (row.refundCents === null) return "none";
  return row.boxHandedOver === "picked_up" ? "picked_up" : "shipped";
}

export async function listBoxWithdrawals(db: Db, now = Date.now()) {
  const rows = await db
    .select({ withdrawal: boxWithdrawals, firstName: boxSubscriptions.firstName, lastName: boxSubscriptions.lastName })
    .from(boxWithdrawals)
    .innerJoin(boxSubscriptions, eq(boxSubscriptions.id, boxWithdrawals.subscriptionId))
    .orderBy(desc(boxWithdrawals.createdAt), desc(boxWithdrawals.id))
    .limit(200);
  return rows.map(({ withdrawal: row, firstName, lastName }) => {
    const refund = boxRefundStatus(row, now);
    return {
      id: row.id,
      code: row.code,
      number: boxNumberOf(row.subscriptionId),
      subscriberName: `${firstName} ${lastName}`,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      refund,
      amountCents: row.refundCents,
      refundedAt: row.refundedAt?.toISOString() ?? null,
      refundReference: row.refundReference,
      refundError: refund === "due" ? row.refundError : null,
      canRetry: refund === "due",
    };
  });
}

export type BoxWithdrawalListRow = Awaited<ReturnType<typeof listBoxWithdrawals>>[number];
