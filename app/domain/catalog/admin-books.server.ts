import { and, count, desc, eq, like, or, type SQL, sql } from "drizzle-orm";
import { LOW_STOCK } from "~/domain/admin/dashboard.server";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { NotFound } from "~/domain/errors";
import { getSection } from "~/domain/settings/settings.server";
import { type AlertSite, releaseRestockAlerts } from "~/domain/stock-alerts/release.server";
import { lockTaxTable, requireTaxCategory } from "~/domain/taxes/table.server";
import { todayInBuenosAires } from "~/lib/dates";
import { centsToPesos, fromPesos } from "~/lib/money";
import { slugify } from "~/lib/slug";
import type { Db } from "~db/index";
import { books, orderItems } from "~db/schema";
import { ADMIN_BOOK_FILTERS, type AdminBookFilter } from "./admin-book-filters";
import { type BookInput, bookChanges, bookSchema } from "./book-input";
import { type BookRow, type CatalogBook, toCatalogBook } from "./book-view.server";
import { type Pagination, pagination } from "./books.server";
import { isLanguageCode } from "./languages";
import { searchMatches } from "./search.server";

/** The admin's view of a book: the catalogue shape plus what only the admin edits. */
export interface AdminBook extends Omit<CatalogBook, "netPrice"> {
  published: boolean;
  promotionalPrice: number | null;
  listPrice: number | null;
  isbn: string | null;
  sku: string | null;
  pages: number | null;
  publicationYear: number | null;
  /** ISO 639-1 (see languages.ts). */
  language: string | null;
  weightGrams: number | null;
  externalUrl: string | null;
  /** The fiscal category (a key of the settings' tax table). */
  taxCategory: string;
  updatedAt: string;
}

function withoutNet({ netPrice: _netPrice, ...book }: CatalogBook): Omit<CatalogBook, "netPrice"> {
  return book;
}

export function toAdminBook(row: BookRow): AdminBook {
  return {
    // The admin's list is not a price shown to a buyer: no net (and no tax table to read for it).
    ...withoutNet(toCatalogBook(row, { storeUrl: null, taxes: [] })),
    published: row.published,
    promotionalPrice: centsToPesos(row.promotionalPriceCents),
    listPrice: centsToPesos(row.priceCents),
    isbn: row.isbn,
    sku: row.sku,
    pages: row.pages,
    publicationYear: row.publicationYear,
    language: row.language,
    weightGrams: row.weightGrams,
    externalUrl: row.externalUrl,
    taxCategory: row.taxCategory,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export { ADMIN_BOOK_FILTERS, type AdminBookFilter };
export const ADMIN_PAGE_SIZE = 25;

export async function listAdminBooks(
  db: Db,
  query: { search?: string; filter?: AdminBookFilter; page?: number; limit?: number },
): Promise<{ books: AdminBook[]; pagination: Pagination }> {
  const today = todayInBuenosAires();
  const preorder = sql`coalesce(${books.preorderReleaseDate} > ${today}::date, false)`;
  const filters: Record<AdminBookFilter, SQL | undefined> = {
    todos: undefined,
    "sin-stock": sql`${books.stock} <= 0 and not ${preorder}`,
    "poco-stock": sql`${books.stock} between 1 and ${LOW_STOCK} and not ${preorder}`,
    preventa: preorder,
    "no-disponibles": eq(books.available, false),
    ocultos: eq(books.published, false),
    // "Completar datos": an ISBN to look up and something an ISBN lookup can fill (isbn-lookup.server.ts).
    incompletos: sql`${books.isbn} is not null and (${books.description} = '' or ${books.coverUrl} is null or ${books.pages} is null or ${books.publisher} is null or ${books.publicationYear} is null or ${books.language} is null)`,
  };
  const search = query.search?.trim();
  const where = and(
    filters[query.filter ?? "todos"],
    search ? or(searchMatches(search), like(books.isbn, `${search.replace(/\D/g, "") || "-"}%`)) : undefined,
  );
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(books)
      .where(where)
      .orderBy(desc(books.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(books).where(where),
  ]);
  return { books: rows.map(toAdminBook), pagination: pagination(page, limit, total?.n ?? 0) };
}

export async function getAdminBook(db: Db, id: number): Promise<AdminBook> {
  const [row] = await db.select().from(books).where(eq(books.id, id));
  if (!row) throw new NotFound("Libro no encontrado");
  return toAdminBook(row);
}

/** A valid book → its table columns (createBook, updateBook and the catalogue import write through it). */
export function toColumns(input: BookInput) {
  return {
    title: input.title,
    author: input.author,
    description: input.description,
    genre: input.genre,
    category: input.category,
    publisher: input.publisher,
    priceCents: fromPesos(input.price),
    promotionalPriceCents: fromPesos(input.promotionalPrice),
    stock: input.stock,
    available: input.available,
    published: input.published,
    freeShipping: input.freeShipping,
    taxCategory: input.taxCategory,
    coverUrl: input.coverUrl,
    isbn: input.isbn,
    sku: input.sku,
    pages: input.pages,
    publicationYear: input.publicationYear,
    language: input.language,
    weightGrams: input.weightGrams,
    audiobookUrl: input.audiobookUrl,
    externalUrl: input.externalUrl,
    preorderReleaseDate: input.preorderReleaseDate,
    preorderPriceCents: fromPesos(input.preorderPrice),
    preorderLimit: input.preorderLimit,
    preorderCount: input.preorderCount,
  };
}

export function rowToInput(row: BookRow): BookInput {
  return {
    title: row.title,
    author: row.author,
    description: row.description,
    genre: row.genre,
    category: row.category,
    publisher: row.publisher,
    price: centsToPesos(row.priceCents),
    promotionalPrice: centsToPesos(row.promotionalPriceCents),
    stock: row.stock,
    available: row.available,
    published: row.published,
    freeShipping: row.freeShipping,
    taxCategory: row.taxCategory,
    coverUrl: row.coverUrl,
    isbn: row.isbn,
    sku: row.sku,
    pages: row.pages,
    publicationYear: row.publicationYear,
    language: row.language && isLanguageCode(row.language) ? row.language : null,
    weightGrams: row.weightGrams,
    audiobookUrl: row.audiobookUrl,
    externalUrl: row.externalUrl,
    preorderReleaseDate: row.preorderReleaseDate,
    preorderPrice: centsToPesos(row.preorderPriceCents),
    preorderLimit: row.preorderLimit,
    preorderCount: row.preorderCount,
  };
}

/** The category must be a row of the tax table (read under its lock: see table.server). */
async function checkTaxCategory(db: Db, key: string): Promise<void> {
  await lockTaxTable(db);
  requireTaxCategory((await getSection(db, "taxes")).categories, key);
}

/** A slug nobody has yet: "facundo-domingo-faustino-sarmiento", then "-2", "-3"... */
export async function freeSlug(db: Db, title: string, author: string, exceptId?: number): Promise<string> {
  const base = slugBase(title, author);
  const taken = await db
    .select({ slug: books.slug, id: books.id })
    .from(books)
    .where(or(eq(books.slug, base), like(books.slug, `${base}-%`)));
  return firstFreeSlug(base, new Set(taken.filter((row) => row.id !== exceptId).map((row) => row.slug)));
}

/** The slug a book's title and author ask for, before any "-2" (freeSlug and the batched import share it). */
export const slugBase = (title: string, author: string) => slugify(`${title} ${author}`).slice(0, 120) || "libro";

/** `base` if nobody uses it, else the first of "base-2", "base-3"... not in `used`. */
export function firstFreeSlug(base: string, used: ReadonlySet<string>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export const images = (coverUrl: string | null) => (coverUrl ? [{ id: 1, src: coverUrl }] : []);

export async function createBook(db: Db, admin: AdminIdentity, raw: unknown): Promise<AdminBook> {
  const input = bookSchema.parse(raw);
  const result = await db.transaction(async (tx) => {
    await checkTaxCategory(tx as unknown as Db, input.taxCategory);
    const slug = await freeSlug(tx as unknown as Db, input.title, input.author);
    const [row] = await tx
      .insert(books)
      .values({ ...toColumns(input), slug, images: images(input.coverUrl) })
      .returning();
    if (!row) throw new Error("book insert returned nothing");
    await recordAudit(tx as unknown as Db, admin, {
      action: "book.create",
      entity: "book",
      entityId: row.id,
      summary: `Creó el libro «${row.title}»`,
    });
    return toAdminBook(row);
  });
  await publicPagesChanged(db, "book.create");
  return result;
}

/**
 * PUT: the fields sent replace the stored ones; the merged book must still be valid. A book that can be
 * bought from stock after the change fires its waiting restock alerts in the same transaction (`site`).
 * `onlyEmpty` ("Completar datos"): a sent field is written only if the locked row still has it empty, so
 * a value the admin saved meanwhile is never overwritten; `onWritten` is told the fields it did write
 * (none: the book is left untouched, not even audited).
 */
export async function updateBook(
  db: Db,
  admin: AdminIdentity,
  id: number,
  raw: unknown,
  site: AlertSite,
  options: { onlyEmpty?: boolean; onWritten?: (fields: string[]) => void } = {},
): Promise<AdminBook> {
  const parsed = bookChanges.parse(raw);
  const sent = new Set(Object.keys(raw as object));
  let changes = Object.fromEntries(Object.entries(parsed).filter(([key]) => sent.has(key)));
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(books).where(eq(books.id, id)).for("update");
    if (!current) throw new NotFound("Libro no encontrado");
    if (options.onlyEmpty) {
      const stored = rowToInput(current) as Record<string, unknown>;
      const empty = (key: string) => stored[key] === null || stored[key] === "";
      changes = Object.fromEntries(Object.entries(changes).filter(([key]) => empty(key)));
      if (Object.keys(changes).length === 0) return null;
    }
    const input = bookSchema.parse({ ...rowToInput(current), ...changes });
    // A book keeps a category it already had even if the table changed since; a new choice must be in it.
    if (input.taxCategory !== current.taxCategory) await checkTaxCategory(tx as unknown as Db, input.taxCategory);
    const slug =
      input.title !== current.title || input.author !== current.author
        ? await freeSlug(tx as unknown as Db, input.title, input.author, id)
        : current.slug;
    const coverChanged = input.coverUrl !== current.coverUrl;
    const [row] = await tx
      .update(books)
      .set({
        ...toColumns(input),
        slug,
        ...(coverChanged ? { images: images(input.coverUrl) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(books.id, id))
      .returning();
    if (!row) throw new NotFound("Libro no encontrado");
    await releaseRestockAlerts(tx as unknown as Db, [id], site);
    await recordAudit(tx as unknown as Db, admin, {
      action: "book.update",
      entity: "book",
      entityId: id,
      summary: `Editó el libro «${row.title}»`,
      details: { fields: Object.keys(changes) },
    });
    options.onWritten?.(Object.keys(changes));
    return toAdminBook(row);
  });
  if (!result) {
    options.onWritten?.([]);
    return getAdminBook(db, id);
  }
  await publicPagesChanged(db, "book.update");
  return result;
}

export const UNPUBLISHED_INSTEAD =
  "El libro tiene pedidos: lo despublicamos en lugar de borrarlo (deja de verse en la tienda y los pedidos lo conservan).";

/**
 * Deletes a book. A book some order references is never deleted (order_items keeps it, FK restrict):
 * it is unpublished instead, and the answer says so.
 */
export async function deleteBook(
  db: Db,
  admin: AdminIdentity,
  id: number,
): Promise<{ title: string; unpublished: boolean; message: string }> {
  const result = await db.transaction(async (tx) => {
    const [ordered] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.bookId, id)).limit(1);
    if (ordered) {
      const [row] = await tx
        .update(books)
        .set({ published: false, updatedAt: new Date() })
        .where(eq(books.id, id))
        .returning({ title: books.title });
      if (!row) throw new NotFound("Libro no encontrado");
      await recordAudit(tx as unknown as Db, admin, {
        action: "book.unpublish",
        entity: "book",
        entityId: id,
        summary: `Despublicó el libro «${row.title}» (tiene pedidos, no se puede borrar)`,
      });
      return { title: row.title, unpublished: true, message: UNPUBLISHED_INSTEAD };
    }
    const [row] = await tx.delete(books).where(eq(books.id, id)).returning({ title: books.title });
    if (!row) throw new NotFound("Libro no encontrado");
    await recordAudit(tx as unknown as Db, admin, {
      action: "book.delete",
      entity: "book",
      entityId: id,
      summary: `Eliminó el libro «${row.title}»`,
    });
    return { title: row.title, unpublished: false, message: "Libro eliminado correctamente" };
  });
  await publicPagesChanged(db, "book.delete");
  return result;
}
