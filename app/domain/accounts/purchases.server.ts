import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~db/index";
import { fairs, saleItems, sales } from "~db/schema";

/** One counter or fair sale in the buyer's list (Mi cuenta and `GET /api/cuenta/pedidos`). */
export interface AccountPurchase {
  number: string;
  channel: "counter" | "fair";
  fairName: string | null;
  status: "pending_payment" | "paid" | "cancelled";
  totalCents: number;
  soldAt: Date;
  units: number;
}

/**
 * The counter and fair sales where the buyer gave this e-mail (DESIGN §9: a sale is a sale), newest first:
 * as with guest orders, what someone bought with their address is theirs once they prove it.
 */
export async function customerPurchases(db: Db, email: string): Promise<AccountPurchase[]> {
  const rows = await db
    .select({
      number: sales.number,
      channel: sales.channel,
      fairName: fairs.name,
      status: sales.status,
      totalCents: sales.totalCents,
      soldAt: sales.soldAt,
      units: sql<number>`(select coalesce(sum(${saleItems.quantity}), 0) from ${saleItems} where ${saleItems.saleId} = ${sales.id})::int`,
    })
    .from(sales)
    .leftJoin(fairs, eq(fairs.id, sales.fairId))
    .where(eq(sales.customerEmail, email))
    .orderBy(desc(sales.soldAt), desc(sales.id));
  return rows.map((row) => ({ ...row, units: Number(row.units) }));
}
