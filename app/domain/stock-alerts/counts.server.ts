import { and, count, inArray, isNull } from "drizzle-orm";
import type { Db } from "~db/index";
import { stockAlerts } from "~db/schema";
import type { WaitingCount } from "./kinds";

/** The alerts still waiting per book (the admin's list and book page); books without any are absent. */
export async function waitingAlertCounts(db: Db, bookIds: readonly number[]): Promise<Map<number, WaitingCount>> {
  const counts = new Map<number, WaitingCount>();
  if (bookIds.length === 0) return counts;
  const rows = await db
    .select({ bookId: stockAlerts.bookId, kind: stockAlerts.kind, n: count() })
    .from(stockAlerts)
    .where(and(inArray(stockAlerts.bookId, [...new Set(bookIds)]), isNull(stockAlerts.notifiedAt)))
    .groupBy(stockAlerts.bookId, stockAlerts.kind);
  for (const row of rows) {
    const entry = counts.get(row.bookId) ?? { restock: 0, release: 0 };
    entry[row.kind] = row.n;
    counts.set(row.bookId, entry);
  }
  return counts;
}
