import { and, asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { Invalid } from "~/domain/errors";
import type { Db } from "~db/index";
import { books, categories, priceUpdateItems, priceUpdates } from "~db/schema";
import { inCategory } from "./categories.server";
import {
  booksText,
  describeUpdate,
  PROMOTION_REMOVED,
  type PriceUpdateChange,
  type PriceUpdateScope,
  priceChangeSchema,
  priceScopeSchema,
  repriceBook,
} from "./price-rules";

/**
 * Bulk price updates (issue 22, docs/decisions/0038-bulk-prices.md). The preview and the apply run the
 * same rules (price-rules.ts) on the books' prices; the apply reads them again under row locks and never
 * trusts a preview. Applies and undos take one advisory lock, so they happen one after the other on every
 * instance; books are locked too, so an admin's edit of one book waits for them (and they for it).
 */
export const PRICE_UPDATES_LOCK = sql`select pg_advisory_xact_lock(hashtext('rizoma:price-updates'))`;

export const NOTHING_TO_UPDATE = "No hay libros con precio en esa selección";
export const NOTHING_CHANGES = "Con esos valores ningún precio cambia";

/** One book of a preview (centavos). `note` says what else happens ("Se quita la promoción"). */
export interface PricePreviewRow {
  bookId: number;
  title: string;
  author: string;
  oldPrice: number;
  newPrice: number;
  oldPromotional: number | null;
  newPromotional: number | null;
  oldPreorder: number | null;
  newPreorder: number | null;
  note: string | null;
  changed: boolean;
}

export interface PricePreview {
  scope: PriceUpdateScope;
  change: PriceUpdateChange;
  description: string;
  /** Books with notes first (what the admin must look at), then by title. */
  rows: PricePreviewRow[];
  totals: {
    books: number;
    changed: number;
    promotionsRemoved: number;
    /** Sum of the list prices before and after, of every book in the selection (centavos). */
    oldTotal: number;
    newTotal: number;
    difference: number;
  };
}

type ScopedBook = Pick<
  typeof books.$inferSelect,
  "id" | "title" | "author" | "promotionalPriceCents" | "preorderPriceCents"
> & { priceCents: number };

const scopedColumns = {
  id: books.id,
  title: books.title,
  author: books.author,
  priceCents: sql<number>`${books.priceCents}`,
  promotionalPriceCents: books.promotionalPriceCents,
  preorderPriceCents: books.preorderPriceCents,
};

const normalised = (value: SQL | string) => sql`f_unaccent(lower(${value}))`;

/**
 * The books a scope covers that have a price (a book without one, "Consultar precio", is never touched),
 * and the category's name for the descriptions. An unknown category is refused.
 */
async function scopeWhere(db: Db, scope: PriceUpdateScope): Promise<{ where: SQL; categoryName?: string }> {
  const priced = isNotNull(books.priceCents);
  switch (scope.kind) {
    case "all":
      return { where: priced };
    case "category": {
      const [category] = await db
        .select({ name: categories.name })
        .from(categories)
        .where(eq(categories.key, scope.value ?? ""));
      if (!category) throw new Invalid("Esa categoría no existe", { field: "category" });
      return { where: and(priced, inCategory(scope.value ?? "")) as SQL, categoryName: category.name };
    }
    case "publisher":
      return {
        where: and(
          priced,
          sql`${normalised(sql`coalesce(${books.publisher}, '')`)} = ${normalised(scope.value ?? "")}`,
        ) as SQL,
      };
    case "author":
      return { where: and(priced, sql`${normalised(sql`${books.author}`)} = ${normalised(scope.value ?? "")}`) as SQL };
  }
}

function toRow(book: ScopedBook, change: PriceUpdateChange): PricePreviewRow {
  const next = repriceBook(book, change);
  return {
    bookId: book.id,
    title: book.title,
    author: book.author,
    oldPrice: book.priceCents,
    newPrice: next.priceCents,
    oldPromotional: book.promotionalPriceCents,
    newPromotional: next.promotionalPriceCents,
    oldPreorder: book.preorderPriceCents,
    newPreorder: next.preorderPriceCents,
    note: next.notes.length ? next.notes.join(". ") : null,
    changed: next.changed,
  };
}

function preview(
  scope: PriceUpdateScope,
  change: PriceUpdateChange,
  found: ScopedBook[],
  categoryName?: string,
): PricePreview {
  if (found.length === 0) throw new Invalid(NOTHING_TO_UPDATE);
  const rows = found.map((book) => toRow(book, change));
  const oldTotal = rows.reduce((sum, row) => sum + row.oldPrice, 0);
  const newTotal = rows.reduce((sum, row) => sum + row.newPrice, 0);
  rows.sort((a, b) => Number(b.note !== null) - Number(a.note !== null) || a.title.localeCompare(b.title, "es"));
  return {
    scope,
    change,
    description: describeUpdate(scope, change, categoryName),
    rows,
    totals: {
      books: rows.length,
      changed: rows.filter((row) => row.changed).length,
      promotionsRemoved: rows.filter((row) => row.note?.includes(PROMOTION_REMOVED)).length,
      oldTotal,
      newTotal,
      difference: newTotal - oldTotal,
    },
  };
}

/** What an update would do, book by book; throws Invalid (Spanish) for bad input or an empty selection. */
export async function previewPriceUpdate(db: Db, rawScope: unknown, rawChange: unknown): Promise<PricePreview> {
  const scope = priceScopeSchema.parse(rawScope);
  const change = priceChangeSchema.parse(rawChange);
  const { where, categoryName } = await scopeWhere(db, scope);
  const found = await db.select(scopedColumns).from(books).where(where);
  return preview(scope, change, found, categoryName);
}

export interface AppliedPriceUpdate {
  id: number;
  description: string;
  bookCount: number;
  promotionsRemoved: number;
}

/** Rows per INSERT: 8 parameters each, well under PostgreSQL's 65,535. */
const ITEMS_PER_INSERT = 1000;

/**
 * Applies an update in one transaction: locks the books of the selection (by id, the order every bulk
 * writer uses), recomputes from their current prices, records the update and each changed book's old and
 * new prices, writes the books and the audit line; then refreshes the public pages.
 */
export async function applyPriceUpdate(
  db: Db,
  admin: AdminIdentity,
  rawScope: unknown,
  rawChange: unknown,
): Promise<AppliedPriceUpdate> {
  const scope = priceScopeSchema.parse(rawScope);
  const change = priceChangeSchema.parse(rawChange);
  const result = await db.transaction(async (tx) => {
    const tdb = tx as unknown as Db;
    await tx.execute(PRICE_UPDATES_LOCK);
    const { where, categoryName } = await scopeWhere(tdb, scope);
    const found = await tx.select(scopedColumns).from(books).where(where).orderBy(asc(books.id)).for("update");
    const { rows, description, totals } = preview(scope, change, found, categoryName);
    const changed = rows.filter((row) => row.changed);
    if (changed.length === 0) throw new Invalid(NOTHING_CHANGES);
    const [update] = await tx
      .insert(priceUpdates)
      .values({ adminEmail: admin.email, scope, change, bookCount: changed.length })
      .returning({ id: priceUpdates.id });
    if (!update) throw new Error("price update insert returned nothing");
    for (let start = 0; start < changed.length; start += ITEMS_PER_INSERT) {
      await tx.insert(priceUpdateItems).values(
        changed.slice(start, start + ITEMS_PER_INSERT).map((row) => ({
          updateId: update.id,
          bookId: row.bookId,
          oldPriceCents: row.oldPrice,
          newPriceCents: row.newPrice,
          oldPromotionalPriceCents: row.oldPromotional,
          newPromotionalPriceCents: row.newPromotional,
          oldPreorderPriceCents: row.oldPreorder,
          newPreorderPriceCents: row.newPreorder,
        })),
      );
    }
    // The items just written are the new prices: one statement writes every book.
    await tx.execute(sql`
      update books set
        price_cents = i.new_price_cents,
        promotional_price_cents = i.new_promotional_price_cents,
        preorder_price_cents = i.new_preorder_price_cents,
        updated_at = now()
      from price_update_items i
      where i.update_id = ${update.id} and i.book_id = books.id`);
    await recordAudit(tdb, admin, {
      action: "prices.update",
      entity: "price_update",
      entityId: update.id,
      summary: `Actualizó precios: ${description}, ${booksText(changed.length)}`,
      details: { scope, change, books: changed.length, promotionsRemoved: totals.promotionsRemoved },
    });
    return { id: update.id, description, bookCount: changed.length, promotionsRemoved: totals.promotionsRemoved };
  });
  await publicPagesChanged(db, "prices.update");
  return result;
}

/** What the form offers: the shop's categories, and the publishers and authors of books with a price. */
export async function priceScopeOptions(
  db: Db,
): Promise<{ categories: { key: string; name: string }[]; publishers: string[]; authors: string[] }> {
  const [categoryRows, publisherRows, authorRows] = await Promise.all([
    db
      .select({ key: categories.key, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.key)),
    db
      .selectDistinct({ name: books.publisher })
      .from(books)
      .where(and(isNotNull(books.priceCents), sql`coalesce(${books.publisher}, '') <> ''`))
      .orderBy(asc(books.publisher)),
    db
      .selectDistinct({ name: books.author })
      .from(books)
      .where(and(isNotNull(books.priceCents), sql`${books.author} <> ''`))
      .orderBy(asc(books.author)),
  ]);
  return {
    categories: categoryRows,
    publishers: publisherRows.map((row) => row.name ?? ""),
    authors: authorRows.map((row) => row.name),
  };
}
