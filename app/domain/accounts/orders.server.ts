import { and, desc, eq, sql } from "drizzle-orm";
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
