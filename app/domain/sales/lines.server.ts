import { asc, eq } from "drizzle-orm";
import type { Db } from "~db/index";
import { saleItems } from "~db/schema";

/** A sale's lines, in the order they were rung up. */
export function saleLines(db: Db, saleId: number): Promise<(typeof saleItems.$inferSelect)[]> {
  return db.select().from(saleItems).where(eq(saleItems.saleId, saleId)).orderBy(asc(saleItems.id));
}
