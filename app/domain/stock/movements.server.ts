import type { Db } from "~db/index";
import { stockMovements } from "~db/schema";

export type StockMovement = typeof stockMovements.$inferInsert;

/**
 * Writes stock movements (DESIGN §9: every change of a book's stock at the shop or at a fair), in the caller's
 * transaction, the one that changed the stock. Zero deltas are skipped.
 */
export async function recordMovements(tx: Db, movements: readonly StockMovement[]): Promise<void> {
  const rows = movements.filter((movement) => movement.delta !== 0);
  if (rows.length > 0) await tx.insert(stockMovements).values(rows);
}
