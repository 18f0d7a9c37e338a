import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~db/index";
import { cartReminders } from "~db/schema";

/**
 * Cancels every open "Recordame mi carrito" reminder of `email` (an order placed with it, an unticked box,
 * an unsubscribe, a deleted account); answers how many. Its own module so the order's placement can call
 * it inside its transaction without importing the reminder job (which prices books like an order does).
 */
export async function cancelOpenReminders(db: Db, email: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(cartReminders)
    .set({ cancelledAt: now, updatedAt: now })
    .where(and(eq(cartReminders.email, email), isNull(cartReminders.sentAt), isNull(cartReminders.cancelledAt)))
    .returning({ id: cartReminders.id });
  return rows.length;
}
