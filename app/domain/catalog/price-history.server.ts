import { and, asc, desc, eq, sql } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { Conflict } from "~/domain/errors";
import type { Db } from "~db/index";
import { books, categories, priceUpdateItems, priceUpdates } from "~db/schema";
import { booksText, describeUpdate } from "./price-rules";
import { PRICE_UPDATES_LOCK } from "./price-updates.server";

/**
 * The history of bulk price updates and "Deshacer" (docs/decisions/0038-bulk-prices.md): only the newest
 * update can be undone, once, and only the books whose prices are still those it wrote go back.
 */
export const NOTHING_TO_UNDO = "No hay actualización para deshacer";

export interface PriceUpdateRecord {
  id: number;
  adminEmail: string;
  createdAt: string;
  description: string;
  bookCount: number;
  undoneAt: string | null;
  undoneBy: string | null;
  /** Only the newest update, while it is not undone. */
  canUndo: boolean;
}

async function categoryNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ key: categories.key, name: categories.name }).from(categories);
  return new Map(rows.map((row) => [row.key, row.name]));
}

function toRecord(row: typeof priceUpdates.$inferSelect, names: Map<string, string>, newest: boolean) {
  const categoryName = row.scope.kind === "category" ? names.get(row.scope.value ?? "") : undefined;
  return {
    id: row.id,
    adminEmail: row.adminEmail,
    createdAt: row.createdAt.toISOString(),
    description: describeUpdate(row.scope, row.change, categoryName),
    bookCount: row.bookCount,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoneBy: row.undoneBy,
    canUndo: newest && row.undoneAt === null,
  };
}

/** The latest updates, newest first. */
export async function listPriceUpdates(db: Db, limit = 10): Promise<PriceUpdateRecord[]> {
  const [rows, names] = await Promise.all([
    db.select().from(priceUpdates).orderBy(desc(priceUpdates.id)).limit(limit),
    categoryNames(db),
  ]);
  return rows.map((row, index) => toRecord(row, names, index === 0));
}

export interface UndoPlan {
  update: PriceUpdateRecord;
  /** Books whose three prices are still the ones the update wrote: they go back. */
  restorable: number;
  /** Books edited since: left alone. */
  changedSince: number;
}

/** The rows of a raw statement (node-postgres and PGlite both answer `{rows}`). */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** Books of update `id` whose prices are still exactly what the update wrote. */
const stillUpdated = (id: number) => sql`
  i.update_id = ${id} and i.book_id = books.id
  and books.price_cents is not distinct from i.new_price_cents
  and books.promotional_price_cents is not distinct from i.new_promotional_price_cents
  and books.preorder_price_cents is not distinct from i.new_preorder_price_cents`;

/** The newest update when it can still be undone, with how many books would go back (the confirmation). */
export async function undoPlan(db: Db, id: number): Promise<UndoPlan | null> {
  const [latest] = await db.select().from(priceUpdates).orderBy(desc(priceUpdates.id)).limit(1);
  if (!latest || latest.id !== id || latest.undoneAt) return null;
  const result = await db.execute(
    sql`select count(*)::int as n from books, price_update_items i where ${stillUpdated(id)}`,
  );
  const restorable = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  return {
    update: toRecord(latest, await categoryNames(db), true),
    restorable,
    changedSince: latest.bookCount - restorable,
  };
}

export interface UndoneUpdate {
  id: number;
  description: string;
  restored: number;
  /** Books whose prices changed after the update: not touched. */
  skipped: { bookId: number; title: string }[];
}

/**
 * "Deshacer": undoes the newest update, once. Each book goes back to its old prices only where its three
 * prices are still the ones the update wrote; a book edited since is left alone and listed. `expectedId`
 * (the update the admin confirmed) must still be the newest one, so a confirmation never undoes an update
 * applied after it was shown. Two undos at once: the update row is locked and marked with a conditional
 * `undone_at is null`, so one wins and the other gets Conflict.
 */
export async function undoLastPriceUpdate(db: Db, admin: AdminIdentity, expectedId?: number): Promise<UndoneUpdate> {
  const result = await db.transaction(async (tx) => {
    const tdb = tx as unknown as Db;
    await tx.execute(PRICE_UPDATES_LOCK);
    const [latest] = await tx.select().from(priceUpdates).orderBy(desc(priceUpdates.id)).limit(1).for("update");
    if (!latest || latest.undoneAt) throw new Conflict(NOTHING_TO_UNDO);
    if (expectedId !== undefined && latest.id !== expectedId) {
      throw new Conflict("Hubo otra actualización de precios después: solo se puede deshacer la última");
    }
    const [marked] = await tx
      .update(priceUpdates)
      .set({ undoneAt: new Date(), undoneBy: admin.email })
      .where(and(eq(priceUpdates.id, latest.id), sql`${priceUpdates.undoneAt} is null`))
      .returning({ id: priceUpdates.id });
    if (!marked) throw new Conflict(NOTHING_TO_UNDO);
    const restored = await tx.execute(sql`
      update books set
        price_cents = i.old_price_cents,
        promotional_price_cents = i.old_promotional_price_cents,
        preorder_price_cents = i.old_preorder_price_cents,
        updated_at = now()
      from price_update_items i
      where ${stillUpdated(latest.id)}
      returning books.id`);
    const back = new Set(rowsOf<{ id: number }>(restored).map((row) => Number(row.id)));
    const items = await tx
      .select({ bookId: priceUpdateItems.bookId, title: books.title })
      .from(priceUpdateItems)
      .innerJoin(books, eq(books.id, priceUpdateItems.bookId))
      .where(eq(priceUpdateItems.updateId, latest.id))
      .orderBy(asc(books.title));
    const skipped = items.filter((item) => !back.has(item.bookId));
    const description = toRecord(latest, await categoryNames(tdb), true).description;
    const left = skipped.length
      ? `; ${booksText(skipped.length)} cambi${skipped.length === 1 ? "ó" : "aron"} después y no se toc${skipped.length === 1 ? "ó" : "aron"}`
      : "";
    await recordAudit(tdb, admin, {
      action: "prices.undo",
      entity: "price_update",
      entityId: latest.id,
      summary: `Deshizo la actualización de precios ${description}: ${booksText(back.size)} volvieron a su precio${left}`,
      details: { restored: back.size, skipped: skipped.map((item) => item.bookId) },
    });
    return { id: latest.id, description, restored: back.size, skipped };
  });
  await publicPagesChanged(db, "prices.undo");
  return result;
}
