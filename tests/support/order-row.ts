import type { Db } from "~db/index";
import { orders } from "~db/schema";

/**
 * An order written straight to its table (a transfer, picked up, by Ana Pérez): for tests that need an
 * order to exist, not the checkout that places one (no stock taken, no mail).
 */
export async function insertOrder(db: Db, values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await db
    .insert(orders)
    .values({
      paymentMethod: "transfer",
      firstName: "Ana",
      lastName: "Pérez",
      email: "ana@example.com",
      phone: "+54 11 5555-1234",
      deliveryMethod: "pickup",
      subtotalCents: 1_000_000,
      totalCents: 1_000_000,
      ...values,
    })
    .returning();
  if (!row) throw new Error("the order was not written");
  return row;
}
