import { and, asc, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { searchMatches } from "~/domain/catalog/search.server";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import { afterStockChange } from "~/domain/orders/shared.server";
import type { RequestContext } from "~/domain/request-context";
import { recordMovements, type StockMovement } from "~/domain/stock/movements.server";
import { releaseRestockAlerts } from "~/domain/stock-alerts/release.server";
import type { Db } from "~db/index";
import { books, fairStock, fairs } from "~db/schema";
import { type CloseInput, closeSchema, FAIR_MESSAGES, MAX_MOVE_QUANTITY, type MoveInput, moveSchema } from "./input";

/**
 * A fair's own stock (DESIGN §9: stock has a location, the shop or a fair; the online shop sells only the
 * shop's `books.stock`). Books go to the fair ("Llevar a la feria") and come back at the close; what did not
 * come back is a shortage. Each change is one transaction that writes its stock movements.
 *
 * Lock order, shared with orders and sales so none of them deadlock: the fair's row first (a move shares
 * it, the close updates it), then `books` in ascending id, then `fair_stock` in ascending book id. Orders
 * and sales skip the first step.
 */

type StockContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret">;

export const SEARCH_LIMIT = 20;

/** Books to pick for a fair by title, author or ISBN: the shop's stock and what is already at the fair. */
export async function searchBooksToMove(db: Db, fairId: number, query: string) {
  const search = query.trim();
  if (!search) return [];
  const digits = search.replace(/[\s-]/g, "");
  const rows = await db
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      isbn: books.isbn,
      stock: books.stock,
      atFair: sql<number>`coalesce(${fairStock.quantity}, 0)`,
    })
    .from(books)
    .leftJoin(fairStock, and(eq(fairStock.bookId, books.id), eq(fairStock.fairId, fairId)))
    .where(or(searchMatches(search), /^\d{3,13}X?$/i.test(digits) ? like(books.isbn, `${digits}%`) : undefined))
    .orderBy(desc(sql`${books.stock} > 0`), asc(books.title), asc(books.id))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({ ...row, atFair: Number(row.atFair) }));
}
export type BookToMove = Awaited<ReturnType<typeof searchBooksToMove>>[number];

/** The fair, read inside a transaction and held: `share` for a move, so a close waits for it (and vice versa). */
async function lockedFair(tx: Db, fairId: number) {
  const [fair] = await tx.select().from(fairs).where(eq(fairs.id, fairId)).for("share");
  if (!fair) throw new NotFound(FAIR_MESSAGES.notFound);
  return fair;
}

/** Lines for the same book added up, in ascending book id (the lock order). */
function merged(items: MoveInput["items"]): { bookId: number; quantity: number }[] {
  const byBook = new Map<number, number>();
  for (const item of items) byBook.set(item.bookId, (byBook.get(item.bookId) ?? 0) + item.quantity);
  return [...byBook.entries()].sort(([a], [b]) => a - b).map(([bookId, quantity]) => ({ bookId, quantity }));
}

/** The form's field for a book's quantity: where a refusal points. */
export const moveField = (bookId: number) => `quantity-${bookId}`;

/**
 * "Llevar a la feria": takes copies out of the shop's stock (never below zero) and puts them on the fair's
 * table (`quantity` and `sent_quantity` up), with a movement out of the shop and one into the fair per book,
 * in one transaction. Allowed while the fair is planned or open. Asking for more than the shop has is a 400
 * naming each book and what there is; nothing is moved then.
 */
export async function moveToFair(
  ctx: StockContext,
  admin: AdminIdentity,
  fairId: number,
  raw: unknown,
  now = new Date(),
) {
  const lines = merged(moveSchema.parse(raw).items);
  const moved = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const fair = await lockedFair(t, fairId);
    if (fair.status === "closed") throw new Conflict(FAIR_MESSAGES.moveClosed);
    const ids = lines.map((line) => line.bookId);
    const rows = await t
      .select({ id: books.id, title: books.title, stock: books.stock })
      .from(books)
      .where(inArray(books.id, ids))
      .orderBy(asc(books.id))
      .for("update");
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) throw new Invalid(FAIR_MESSAGES.unknownBook(missing));
    const short = lines.filter((line) => line.quantity > (byId.get(line.bookId)?.stock ?? 0));
    if (short.length > 0) {
      const fields: Record<string, string> = {};
      const parts = short.map((line) => {
        const book = byId.get(line.bookId);
        const there = Math.max(0, book?.stock ?? 0);
        fields[moveField(line.bookId)] = there === 0 ? "En la tienda no hay ninguno" : `En la tienda hay ${there}`;
        return `«${book?.title}»: pediste ${line.quantity} y en la tienda hay ${there}`;
      });
      throw new Invalid(`No alcanza el stock de la tienda. ${parts.join("; ")}.`, { fields });
    }
    const movements: StockMovement[] = [];
    for (const line of lines) {
      await t
        .update(books)
        .set({ stock: sql`${books.stock} - ${line.quantity}`, updatedAt: now })
        .where(eq(books.id, line.bookId));
      await t
        .insert(fairStock)
        .values({ fairId, bookId: line.bookId, quantity: line.quantity, sentQuantity: line.quantity })
        .onConflictDoUpdate({
          target: [fairStock.fairId, fairStock.bookId],
          set: {
            quantity: sql`${fairStock.quantity} + excluded.quantity`,
            sentQuantity: sql`${fairStock.sentQuantity} + excluded.sent_quantity`,
          },
        });
      const common = { bookId: line.bookId, reason: "fair_out" as const, adminId: admin.id, at: now };
      movements.push(
        { ...common, location: "shop", fairId: null, delta: -line.quantity },
        { ...common, location: "fair", fairId, delta: line.quantity },
      );
    }
    await recordMovements(t, movements);
    const copies = lines.reduce((sum, line) => sum + line.quantity, 0);
    await recordAudit(t, admin, {
      action: "fair.move",
      entity: "fair",
      entityId: fairId,
      summary: `Llevó ${copies === 1 ? "1 ejemplar" : `${copies} ejemplares`} a la feria «${fair.name}»: ${lines
        .map((line) => `«${byId.get(line.bookId)?.title}» × ${line.quantity}`)
        .join(", ")}`,
      details: { items: lines },
    });
    return { fair, lines, copies };
  });
  // The shop's stock went down: cached public pages (availability) refresh.
  await afterStockChange(ctx.db, "fair.move");
  return moved;
}

export interface ClosedLine {
  bookId: number;
  title: string;
  onTable: number;
  returned: number;
  short: number;
}

/**
 * Closes a fair: what was counted goes back to the shop's stock ('fair_back' out of the fair and into the
 * shop), the rest of what was on the table is a shortage ('fair_short'), the fair is 'closed' with its
 * time; all in one transaction. The conditional update on the status settles two closes at once (the
 * second is a 409). A count above what is on the table, or a book on the table left uncounted, is a 400
 * and nothing changes. Books back in stock fire their "Avisame cuando vuelva" alerts, as a cancelled
 * order's do.
 */
export async function closeFair(
  ctx: StockContext,
  admin: AdminIdentity,
  fairId: number,
  raw: unknown,
  now = new Date(),
) {
  const counts = new Map<number, number>();
  for (const count of closeSchema.parse(raw).counts) counts.set(count.bookId, count.returned);
  const closed = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [fair] = await t
      .update(fairs)
      .set({ status: "closed", closedAt: now, updatedAt: now })
      .where(and(eq(fairs.id, fairId), inArray(fairs.status, ["planned", "open"])))
      .returning();
    if (!fair) {
      const [exists] = await t.select({ id: fairs.id }).from(fairs).where(eq(fairs.id, fairId));
      if (!exists) throw new NotFound(FAIR_MESSAGES.notFound);
      throw new Conflict(FAIR_MESSAGES.alreadyClosed);
    }
    const heldIds = await t
      .select({ bookId: fairStock.bookId })
      .from(fairStock)
      .where(eq(fairStock.fairId, fairId))
      .orderBy(asc(fairStock.bookId));
    const ids = heldIds.map((row) => row.bookId);
    const rows =
      ids.length === 0
        ? []
        : await t
            .select({ id: books.id, title: books.title })
            .from(books)
            .where(inArray(books.id, ids))
            .orderBy(asc(books.id))
            .for("update");
    const titles = new Map(rows.map((row) => [row.id, row.title]));
    const held =
      ids.length === 0
        ? []
        : await t
            .select()
            .from(fairStock)
            .where(eq(fairStock.fairId, fairId))
            .orderBy(asc(fairStock.bookId))
            .for("update");
    const onTable = new Map(held.map((row) => [row.bookId, row.quantity]));
    const fields: Record<string, string> = {};
    const problems: string[] = [];
    for (const [bookId, returned] of counts) {
      const there = onTable.get(bookId) ?? 0;
      if (returned > there) {
        const title = titles.get(bookId) ?? `Libro ${bookId}`;
        problems.push(FAIR_MESSAGES.countedTooMany(title, returned, there));
        fields[backField(bookId)] = `En la mesa hay ${there}`;
      }
    }
    for (const row of held) {
      if (row.quantity > 0 && !counts.has(row.bookId)) {
        problems.push(FAIR_MESSAGES.notCounted(titles.get(row.bookId) ?? `Libro ${row.bookId}`));
        fields[backField(row.bookId)] = `Falta contarlo (en la mesa hay ${row.quantity})`;
      }
    }
    if (problems.length > 0) throw new Invalid(problems.join(" "), { fields });

    const lines: ClosedLine[] = [];
    const movements: StockMovement[] = [];
    for (const row of held) {
      if (row.quantity === 0) continue;
      const returned = counts.get(row.bookId) ?? 0;
      const short = row.quantity - returned;
      lines.push({ bookId: row.bookId, title: titles.get(row.bookId) ?? "", onTable: row.quantity, returned, short });
      await t
        .update(fairStock)
        .set({
          quantity: 0,
          returnedQuantity: sql`${fairStock.returnedQuantity} + ${returned}`,
          shortQuantity: sql`${fairStock.shortQuantity} + ${short}`,
        })
        .where(and(eq(fairStock.fairId, fairId), eq(fairStock.bookId, row.bookId)));
      if (returned > 0) {
        await t
          .update(books)
          .set({ stock: sql`${books.stock} + ${returned}`, updatedAt: now })
          .where(eq(books.id, row.bookId));
      }
      const common = { bookId: row.bookId, adminId: admin.id, at: now };
      movements.push(
        { ...common, location: "fair", fairId, delta: -returned, reason: "fair_back" },
        { ...common, location: "shop", fairId: null, delta: returned, reason: "fair_back" },
        { ...common, location: "fair", fairId, delta: -short, reason: "fair_short" },
      );
    }
    await recordMovements(t, movements);
    const back = lines.filter((line) => line.returned > 0).map((line) => line.bookId);
    await releaseRestockAlerts(t, back, ctx);
    const returned = lines.reduce((sum, line) => sum + line.returned, 0);
    const short = lines.reduce((sum, line) => sum + line.short, 0);
    await recordAudit(t, admin, {
      action: "fair.close",
      entity: "fair",
      entityId: fairId,
      summary: `Cerró la feria «${fair.name}»: volvieron ${returned} ${returned === 1 ? "ejemplar" : "ejemplares"} a la tienda, faltan ${short}`,
      details: { lines },
    });
    return { fair, lines, returned, short };
  });
  if (closed.returned > 0) await afterStockChange(ctx.db, "fair.close");
  return closed;
}

/** The close form's field for a book's count. */
export const backField = (bookId: number) => `back-${bookId}`;

/** A whole number of copies typed in a form: "" is null, anything else but 0–9999999 a 400 on that field. */
function copiesField(raw: FormDataEntryValue, field: string, message: string, max = 9_999_999): number | null {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return null;
  if (!/^\d{1,7}$/.test(text) || Number(text) > max) throw new Invalid(message, { field });
  return Number(text);
}

/** The input of `closeFair` from the close form: one `back-<id>` count per book on the table. */
export function closeFormInput(form: FormData): CloseInput {
  const counts: CloseInput["counts"] = [];
  for (const [name, raw] of form.entries()) {
    const bookId = Number(/^back-(\d{1,9})$/.exec(name)?.[1] ?? 0);
    if (!bookId) continue;
    const returned = copiesField(raw, name, FAIR_MESSAGES.backCount);
    if (returned === null) throw new Invalid(FAIR_MESSAGES.backCount, { field: name });
    counts.push({ bookId, returned });
  }
  return { counts };
}

/** The input of `moveToFair` from the move form: `quantity-<id>` fields, empty or 0 left out. */
export function moveFormInput(form: FormData): MoveInput {
  const items: MoveInput["items"] = [];
  for (const [name, raw] of form.entries()) {
    const bookId = Number(/^quantity-(\d{1,9})$/.exec(name)?.[1] ?? 0);
    if (!bookId) continue;
    const quantity = copiesField(raw, name, FAIR_MESSAGES.moveQuantity, MAX_MOVE_QUANTITY);
    if (quantity) items.push({ bookId, quantity });
  }
  if (items.length === 0) throw new Invalid(FAIR_MESSAGES.moveNothing);
  return { items };
}
