import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { NotFound } from "~/domain/errors";
import { flaggedSales } from "~/domain/sales/queries.server";
import type { Db } from "~db/index";
import { fairs, sales } from "~db/schema";

export const FLAGGED_NOT_FOUND = "Esa venta no existe o no estaba marcada por falta de stock";

/**
 * Marks a sale sold beyond the stock the system had (issue 35: kept and flagged, never dropped) as looked
 * at: `short_reviewed_at` is set, and the admin's name and the shortage go to the audit log. A second click
 * finds it already reviewed and changes nothing. Answers whether this call reviewed it.
 */
export async function reviewFlaggedSale(db: Db, admin: AdminIdentity, number: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [sale] = await t
      .update(sales)
      .set({ shortReviewedAt: now, updatedAt: now })
      .where(and(eq(sales.number, number.toUpperCase()), isNotNull(sales.stockShort), isNull(sales.shortReviewedAt)))
      .returning();
    if (!sale) {
      const [known] = await t
        .select({ id: sales.id })
        .from(sales)
        .where(and(eq(sales.number, number.toUpperCase()), isNotNull(sales.stockShort)));
      if (!known) throw new NotFound(FLAGGED_NOT_FOUND);
      return false;
    }
    const lines = (sale.stockShort ?? [])
      .map((short) => `«${short.title}»: se vendieron ${short.requested}, había ${short.available}`)
      .join("; ");
    await recordAudit(t, admin, {
      action: "sale.short_reviewed",
      entity: "sale",
      entityId: sale.number,
      summary: `Revisó la venta ${sale.number}, hecha sin stock suficiente (${lines})`,
      details: { stockShort: sale.stockShort },
    });
    return true;
  });
}

/** The unreviewed flagged sales (the newest 50) with the place each was sold at, for the admin's list. */
export async function flaggedForReview(db: Db) {
  const rows = await flaggedSales(db);
  const fairIds = [...new Set(rows.map((row) => row.fairId).filter((id): id is number => id !== null))];
  const names = fairIds.length
    ? new Map(
        (await db.select({ id: fairs.id, name: fairs.name }).from(fairs).where(inArray(fairs.id, fairIds))).map(
          (fair) => [fair.id, fair.name],
        ),
      )
    : new Map<number, string>();
  return rows.map((row) => ({
    number: row.number,
    soldAt: row.soldAt,
    placeName: row.fairId === null ? "El local" : (names.get(row.fairId) ?? "Feria"),
    sellerName: row.sellerName,
    shortages: row.stockShort ?? [],
  }));
}
