import { and, eq, isNull, sql } from "drizzle-orm";
import { Conflict, Invalid } from "~/domain/errors";
import type { Cents } from "~/lib/money";
import type { Db } from "~db/index";
import { discountCodes, discountRedemptions } from "~db/schema";
import { CODE_PATTERN, DISCOUNT_MESSAGES, discountDisplayStatus, discountFor, normaliseDiscountCode } from "./rules";

/** A code checked against a subtotal: what the checkout shows and the order then redeems. */
export interface DiscountQuote {
  codeId: number;
  code: string;
  discountPercentage: number | null;
  discountAmountCents: number | null;
  minimumAmountCents: Cents;
  /** What the code takes off this subtotal (before the transfer discount). */
  discountCents: Cents;
}

/**
 * Reads a code and checks it for a subtotal: it exists, is active, not expired, not exhausted, and the
 * subtotal reaches its minimum. Throws `Invalid` with the Spanish reason otherwise. Reading is not
 * reserving: the order's transaction redeems it with `redeemDiscount`, which the database settles.
 */
export async function quoteDiscount(db: Db, rawCode: string, subtotalCents: Cents, now = new Date()) {
  const code = normaliseDiscountCode(rawCode);
  if (!CODE_PATTERN.test(code)) throw new Invalid(DISCOUNT_MESSAGES.malformed);
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
  if (!row) throw new Invalid(DISCOUNT_MESSAGES.unknown);
  const status = discountDisplayStatus(row, now);
  if (status !== "active") throw new Invalid(DISCOUNT_MESSAGES[status]);
  if (subtotalCents < row.minimumAmountCents) throw new Invalid(DISCOUNT_MESSAGES.minimum(row.minimumAmountCents));
  return {
    codeId: row.id,
    code: row.code,
    discountPercentage: row.discountPercentage,
    discountAmountCents: row.discountAmountCents,
    minimumAmountCents: row.minimumAmountCents,
    discountCents: discountFor(row, subtotalCents),
  } satisfies DiscountQuote;
}

/**
 * Records one use of a quoted code by an order, inside the order's transaction. The increment is a
 * conditional UPDATE (still active, not expired, below `max_uses`), so under any number of concurrent
 * orders at most `max_uses` succeed; the others get a 409 and their transaction rolls back.
 */
export async function redeemDiscount(tx: Db, quote: DiscountQuote, orderId: number, now = new Date()) {
  const [claimed] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1`, updatedAt: now })
    .where(
      and(
        eq(discountCodes.id, quote.codeId),
        eq(discountCodes.active, true),
        sql`(${discountCodes.validUntil} is null or ${discountCodes.validUntil} > ${now})`,
        sql`(${discountCodes.maxUses} is null or ${discountCodes.usedCount} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!claimed) throw new Conflict(DISCOUNT_MESSAGES.exhausted, { field: "discountCode" });
  await tx
    .insert(discountRedemptions)
    .values({ discountCodeId: quote.codeId, orderId, amountCents: quote.discountCents });
}

/** Gives a cancelled order's use back to its code, once (a second call finds nothing to release). */
export async function releaseDiscount(tx: Db, orderId: number, now = new Date()) {
  const [released] = await tx
    .update(discountRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)))
    .returning({ codeId: discountRedemptions.discountCodeId });
  if (!released) return;
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)`, updatedAt: now })
    .where(eq(discountCodes.id, released.codeId));
}
