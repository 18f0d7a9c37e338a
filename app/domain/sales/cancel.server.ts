import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { afterStockChange } from "~/domain/orders/shared.server";
import { recordMovements, type StockMovement } from "~/domain/stock/movements.server";
import type { Db } from "~db/index";
import { books, fairStock, sales, stockMovements } from "~db/schema";
import type { Sale } from "./record.server";

/**
 * Gives back what a sale took: each 'sale' movement of the sale is reversed at the place it came from (the
 * shop's `books.stock` or the fair's stock) and written as a 'sale_cancelled' movement. What the location did
 * not have when the sale was made (its shortages) was never taken, so it is not given back. In the caller's
 * transaction, books in ascending id order as every stock change does. Answers whether the shop's stock
 * changed (the storefront's pages must then be refreshed).
 */
export async function returnSaleStock(tx: Db, saleId: number, adminId: number | null, at: Date): Promise<boolean> {
  const taken = await tx
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.saleId, saleId), eq(stockMovements.reason, "sale")))
    .orderBy(asc(stockMovements.bookId), asc(stockMovements.id));
  const back: StockMovement[] = [];
  for (const movement of taken) {
    const quantity = -movement.delta;
    if (quantity <= 0) continue;
    if (movement.location === "shop") {
      await tx
        .update(books)
        .set({ stock: sql`${books.stock} + ${quantity}`, updatedAt: at })
        .where(eq(books.id, movement.bookId));
    } else if (movement.fairId !== null) {
      await tx
        .update(fairStock)
        .set({ quantity: sql`${fairStock.quantity} + ${quantity}` })
        .where(and(eq(fairStock.fairId, movement.fairId), eq(fairStock.bookId, movement.bookId)));
    }
    back.push({
      bookId: movement.bookId,
      location: movement.location,
      fairId: movement.fairId,
      delta: quantity,
      reason: "sale_cancelled",
      saleId,
      adminId,
      at,
    });
  }
  await recordMovements(tx, back);
  return back.some((movement) => movement.location === "shop");
}

/**
 * Cancels a sale still waiting for its payment (a Mercado Pago QR sale) and returns its stock, in one
 * transaction. Conditional (`status = 'pending_payment'`, plus `onlyIf`): of two requests that race — the
 * seller's cancel and Mercado Pago's "paid", two notifications — one wins, the other finds nothing to change
 * and answers null. Nothing was invoiced or mailed for a pending sale, so nothing else is undone.
 */
export async function cancelPendingSale(
  db: Db,
  saleId: number,
  {
    adminId = null,
    onlyIf,
    within,
    now = new Date(),
  }: {
    adminId?: number | null;
    onlyIf?: SQL;
    /** More writes that belong to the cancellation (its audit line), in its transaction. */
    within?: (tx: Db, sale: Sale) => Promise<void>;
    now?: Date;
  } = {},
): Promise<Sale | null> {
  const outcome = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [cancelled] = await txDb
      .update(sales)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(and(eq(sales.id, saleId), eq(sales.status, "pending_payment"), onlyIf))
      .returning();
    if (!cancelled) return null;
    const shopChanged = await returnSaleStock(txDb, saleId, adminId, now);
    await within?.(txDb, cancelled);
    return { cancelled, shopChanged };
  });
  if (outcome?.shopChanged) await afterStockChange(db, "sale.cancelled");
  return outcome?.cancelled ?? null;
}

/** `onlyIf` for a QR sale whose order never reached the phone: it has no Mercado Pago order stored. */
export const withoutProviderOrder = isNull(sales.providerOrderId);
