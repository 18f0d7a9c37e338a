import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { NotFound } from "~/domain/errors";
import type { Db } from "~db/index";
import { books } from "~db/schema";
import { type BookRow, type CatalogBook, type CatalogView, catalogColumns, toCatalogBook } from "./book-view.server";
import { inCategory } from "./categories.server";
import {
  authorContains,
  COUNT_CAP,
  countUpTo,
  rankedPage,
  type SearchPlan,
  searchWithCorrection,
  topMatches,
} from "./search.server";

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
  /**
   * A search's count stopped early: there are more than `total` (COUNT_CAP) books, and at least one
   * after this page; `totalPages` is then only the next page.
   */
  capped?: true;
}

export function pagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

/** More than COUNT_CAP books: the next page is there, the last one is not known. */
function cappedPagination(page: number, limit: number): Pagination {
  return { page, limit, total: COUNT_CAP, totalPages: page + 1, hasNext: true, hasPrev: page > 1, capped: true };
}

/** Only published books are ever shown to visitors. */
const visible = eq(books.published, true);

/**
 * Newest first, for a filter that has its own index (the book page's "more by this author"): `id + 0`
 * keeps the planner from walking the primary key backwards hoping to meet matches soon. With an author of
 * 2 books among 100,000 it would read them all (250 ms); through the author index it reads the author's
 * books and sorts those.
 */
const newestFirstByFilter = sql`${books.id} + 0 desc`;

async function pageOf(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  page: number,
  limit: number,
  knownTotal?: number,
): Promise<{ rows: BookRow[]; total: number }> {
  // Two queries, not `count(*) over()`: a window count makes the database build and sort every matching
  // row (descriptions included) before it can take one page; apart, the page can walk an index and stop.
  const offset = (page - 1) * limit;
  const rows = await db
    .select(catalogColumns)
    .from(books)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  // A first page that is not full already says how many there are; the caller may know it too.
  if (offset === 0 && rows.length < limit) return { rows, total: rows.length };
  if (knownTotal !== undefined) return { rows, total: knownTotal };
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(books)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** GET /api/books: newest first, optionally one category. */
export async function listBooks(
  db: Db,
  view: CatalogView,
  query: { page: number; limit: number; category?: string },
): Promise<{ books: CatalogBook[]; pagination: Pagination }> {
  const where = and(visible, query.category ? inCategory(query.category) : undefined);
  const { rows, total } = await pageOf(db, where, [desc(books.id)], query.page, query.limit);
  return { books: rows.map((row) => toCatalogBook(row, view)), pagination: pagination(query.page, query.limit, total) };
}

/**
 * The home carousel's books: featured, available and with a cover, by `featuredOrder`. When none is
 * featured, the newest 2 available books with a cover (the spec's fallback).
 */
export async function featuredBooks(db: Db, view: CatalogView): Promise<CatalogBook[]> {
  const showable = and(visible, eq(books.available, true), isNotNull(books.coverUrl));
  // One statement: the featured books, or (when there is none) the newest two.
  const noneFeatured = sql`not exists (select 1 from ${books} f where f.featured and f.published and f.available
    and f.cover_url is not null)`;
  const rows = await unionAll(
    db
      .select(catalogColumns)
      .from(books)
      .where(and(showable, eq(books.featured, true)))
      .orderBy(asc(books.featuredOrder), asc(books.id)),
    db.select(catalogColumns).from(books).where(and(showable, noneFeatured)).orderBy(desc(books.id)).limit(2),
  );
  // A union's order is not its parts' order: sort again (only one of the two parts has rows).
  const last = Number.POSITIVE_INFINITY;
  rows.sort((a, b) =>
    a.featured ? (a.featuredOrder ?? last) - (b.featuredOrder ?? last) || a.id - b.id : b.id - a.id,
  );
  return rows.map((row) => toCatalogBook(row, view));
}

/** The newest books of one category (the home's category cards, the shop's partner strip): no count, so it can stop early. */
export async function newestInCategory(
  db: Db,
  view: CatalogView,
  category: string,
  limit: number,
): Promise<CatalogBook[]> {
  const rows = await db
    .select(catalogColumns)
    .from(books)
    .where(and(visible, inCategory(category)))
    .orderBy(desc(books.id))
    .limit(limit);
  return rows.map((row) => toCatalogBook(row, view));
}

/** The home's new-arrivals grid: available books, newest first. */
export async function newArrivals(db: Db, view: CatalogView, limit = 6): Promise<CatalogBook[]> {
  const rows = await db
    .select(catalogColumns)
    .from(books)
    .where(and(visible, eq(books.available, true)))
    .orderBy(desc(books.id))
    .limit(limit);
  return rows.map((row) => toCatalogBook(row, view));
}

/** Ranked search over title, author and category (or the newest books when there is no query). */
export async function searchBooks(db: Db, query: { search: string; limit: number }): Promise<BookRow[]> {
  if (!query.search) {
    return db.select(catalogColumns).from(books).where(visible).orderBy(desc(books.id)).limit(query.limit);
  }
  return topMatches(db, query.search, visible, query.limit);
}

export async function getVisibleBook(db: Db, id: number): Promise<BookRow> {
  const [row] = await db
    .select(catalogColumns)
    .from(books)
    .where(and(visible, eq(books.id, id)));
  if (!row) throw new NotFound("Producto no encontrado");
  return row;
}

export function booksByIds(db: Db, ids: number[]): Promise<BookRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(catalogColumns).from(books).where(inArray(books.id, ids));
}

export type ShopSort = "titulo" | "autor" | "precio" | "novedades";

export interface ShopQuery {
  search: string;
  category?: string;
  /** Part of the author's name: every word of it, in any order, accents and case aside. */
  author?: string;
  genre?: string;
  minCents?: number;
  maxCents?: number;
  sort?: ShopSort;
  dir?: "asc" | "desc";
  page: number;
  limit: number;
  /** How many books match, when the caller knows (the unfiltered shop: every published book). */
  total?: number;
}

/**
 * What a visitor pays now, in centavos: the pre-order price while the pre-order lasts (release date
 * after today in Buenos Aires), else the promotional price when lower, else the price.
 */
const effectivePrice = sql`case
  when ${books.preorderReleaseDate} > (now() at time zone 'America/Argentina/Buenos_Aires')::date
    and ${books.preorderPriceCents} is not null then ${books.preorderPriceCents}
  else least(coalesce(${books.promotionalPriceCents}, ${books.priceCents}), ${books.priceCents})
end`;

const sortColumns: Record<ShopSort, SQL> = {
  titulo: sql`f_unaccent(lower(${books.title}))`,
  autor: sql`f_unaccent(lower(${books.author}))`,
  precio: effectivePrice,
  novedades: sql`${books.id}`,
};

/** /tienda: every filter is applied here, by the database (DESIGN §5.3). */
export async function shopBooks(
  db: Db,
  view: CatalogView,
  query: ShopQuery,
): Promise<{ books: CatalogBook[]; pagination: Pagination; correctedSearch: string | null }> {
  const price = effectivePrice;
  const filters = and(
    visible,
    query.category ? inCategory(query.category) : undefined,
    query.author ? authorContains(query.author) : undefined,
    query.genre ? eq(books.genre, query.genre) : undefined,
    query.minCents !== undefined ? gte(price, query.minCents) : undefined,
    query.maxCents !== undefined ? lte(price, query.maxCents) : undefined,
  );
  const dir = query.dir ?? (query.sort === "novedades" || !query.sort ? "desc" : "asc");
  const sorted = query.sort ? [sql`${sortColumns[query.sort]} ${sql.raw(dir)} nulls last`, desc(books.id)] : null;
  if (!query.search) {
    // Newest first by the primary key: for part of an author's name the planner walks it backwards when the
    // name is common ("quiroga", 6% of 100,000 books: 1 ms) and reads the author's trigram index for a rare
    // one (4 books: 0.2 ms). The count then reads the matches through that index (6,000 books: 30 ms on
    // PGlite); counting up to COUNT_CAP newest first, as search does, costs more here (85 ms): the author is
    // not in an index the walk could read alone, so each book's name is normalised again.
    const orderBy = sorted ?? [desc(books.id)];
    const { rows, total } = await pageOf(db, filters, orderBy, query.page, query.limit, query.total);
    return {
      books: rows.map((row) => toCatalogBook(row, view)),
      pagination: pagination(query.page, query.limit, total),
      correctedSearch: null,
    };
  }
  const { rows, total, capped, plan } = await searchWithCorrection(db, query.search, (search) =>
    searchPage(db, filters, search, sorted, query.page, query.limit),
  );
  return {
    books: rows.map((row) => toCatalogBook(row, view)),
    pagination: capped ? cappedPagination(query.page, query.limit) : pagination(query.page, query.limit, total),
    correctedSearch: plan.corrected ? plan.query : null,
  };
}

/**
 * One page of a search, best first (or in the visitor's `sorted` order), and how many books match,
 * counted only up to COUNT_CAP + 1 (or the end of this page and one more, past it): `capped` when there
 * are more. A page that is not full needs no count; a page past the end gets an exact one (the shop
 * then shows the last page).
 */
async function searchPage(
  db: Db,
  filters: SQL | undefined,
  search: SearchPlan,
  sorted: SQL[] | null,
  page: number,
  limit: number,
): Promise<{ rows: BookRow[]; total: number; capped: boolean }> {
  const offset = (page - 1) * limit;
  const where = and(filters, search.condition);
  const rows = sorted
    ? await db
        .select(catalogColumns)
        .from(books)
        .where(where)
        .orderBy(...sorted)
        .limit(limit)
        .offset(offset)
    : await rankedPage(db, search.query, filters, offset, limit);
  if (offset === 0 && rows.length < limit) return { rows, total: rows.length, capped: false };
  const cap = Math.max(COUNT_CAP, offset + limit) + 1;
  const total = await countUpTo(db, where, cap);
  return { rows, total, capped: total >= cap };
}

/** Distinct authors of visible books, for the shop's author suggestions (GET /api/autores). */
export async function listAuthors(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ author: books.author })
    .from(books)
    .where(and(visible, sql`${books.author} <> ''`))
    .orderBy(asc(books.author));
  return rows.map((r) => r.author);
}

/** "More by this author / in this category" on /libro/{id}: other visible books, newest first. */
export async function relatedBooks(
  db: Db,
  view: CatalogView,
  book: Pick<BookRow, "id" | "author" | "genre">,
  limit = 6,
): Promise<{ byAuthor: CatalogBook[]; sameGenre: CatalogBook[] }> {
  const others = and(visible, sql`${books.id} <> ${book.id}`);
  const sameAuthor = sql`f_unaccent(lower(${books.author})) = f_unaccent(lower(${book.author}))`;
  const byAuthor = db
    .select({ ...getTableColumns(books), shelf: sql<Shelf>`'author'`.as("shelf") })
    .from(books)
    .where(and(others, sameAuthor))
    .orderBy(newestFirstByFilter)
    .limit(limit);
  const sameGenre = db
    .select({ ...getTableColumns(books), shelf: sql<Shelf>`'genre'`.as("shelf") })
    .from(books)
    .where(and(others, eq(books.genre, book.genre ?? ""), sql`not (${sameAuthor})`))
    .orderBy(desc(books.available), desc(books.id))
    .limit(limit);
  // Both shelves in one statement; a union keeps neither part's order, so each is sorted again.
  let rows: (BookRow & { shelf: Shelf })[] = [];
  if (book.author && book.genre) rows = await unionAll(byAuthor, sameGenre);
  else if (book.author) rows = await byAuthor;
  else if (book.genre) rows = await sameGenre;
  const shelf = (name: Shelf) => rows.filter((row) => row.shelf === name);
  const newest = (a: BookRow, b: BookRow) => b.id - a.id;
  return {
    byAuthor: shelf("author")
      .sort(newest)
      .map((row) => toCatalogBook(row, view)),
    sameGenre: shelf("genre")
      .sort((a, b) => Number(b.available) - Number(a.available) || newest(a, b))
      .map((row) => toCatalogBook(row, view)),
  };
}

type Shelf = "author" | "genre";
