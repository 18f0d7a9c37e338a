import { sql } from "drizzle-orm";
import { getSection } from "~/domain/settings/settings.server";
import { waitingAlertCounts } from "~/domain/stock-alerts/counts.server";
import { csvDocument } from "~/lib/csv";
import { addDays, todayInBuenosAires } from "~/lib/dates";
import type { Db } from "~db/index";
import { rowsOf, SALE, SOLD_AT, within } from "./sql.server";

/**
 * The reorder list (/admin/reportes/reposicion): published books with stock at or under a threshold (the
 * `reorder` setting, or the page's ?umbral=), with the "Avisame" alerts waiting on them and their recent
 * sales, to order from the distributor. See docs/decisions/0039-reports.md.
 */
export interface ReorderBook {
  bookId: number;
  isbn: string | null;
  title: string;
  author: string;
  publisher: string | null;
  stock: number;
  /** Alerts still waiting on the book, "Avisame cuando vuelva" and "cuando salga" together. */
  waiting: number;
  /** Units sold in the last 30 and 90 Buenos Aires days, today included, online, at the counter and at fairs. */
  sold30: number;
  sold90: number;
  suggested: number;
}

/**
 * How many copies to ask for: enough for everyone waiting plus a month of sales (the last 90 days' pace,
 * rounded up), minus what is on the shelf; never below zero.
 */
export function suggestedQuantity(book: Pick<ReorderBook, "stock" | "waiting" | "sold90">): number {
  return Math.max(0, book.waiting + Math.ceil(book.sold90 / 3) - book.stock);
}

export interface ReorderQuery {
  threshold: number;
  /** Only this publisher's books (exact name, as the books have it); null: all. */
  publisher: string | null;
}

/**
 * The list's query from the page's URL: ?umbral= (a whole number 0..1000) overrides the setting for one
 * view, anything else reads the setting; ?editorial= picks a publisher (empty: all).
 */
export async function reorderQuery(
  db: Db,
  params: URLSearchParams,
): Promise<ReorderQuery & { setting: number; overridden: boolean }> {
  const setting = (await getSection(db, "reorder")).threshold;
  const asked = params.get("umbral")?.trim() ?? "";
  const override = /^\d{1,4}$/.test(asked) && Number(asked) <= 1000 ? Number(asked) : null;
  const publisher = params.get("editorial")?.trim() || null;
  return { threshold: override ?? setting, publisher, setting, overridden: override !== null && override !== setting };
}

/**
 * The list, most awaited first, then best selling (90 days, then 30), then by title. Three queries: the
 * books with their sales, their waiting alerts, and the publishers present (for the filter).
 */
export async function reorderList(
  db: Db,
  query: ReorderQuery,
  today = todayInBuenosAires(),
): Promise<{ books: ReorderBook[]; publishers: string[] }> {
  const last30 = within(SOLD_AT, { from: addDays(today, -29), to: today });
  const last90 = within(SOLD_AT, { from: addDays(today, -89), to: today });
  const onlyPublisher = query.publisher === null ? sql`true` : sql`b.publisher = ${query.publisher}`;
  const [rows, publishers] = await Promise.all([
    rowsOf<Omit<ReorderBook, "waiting" | "suggested">>(
      db,
      sql`select b.id as "bookId", b.isbn, b.title, b.author, b.publisher, b.stock,
                 coalesce(s.sold30, 0)::int as sold30, coalesce(s.sold90, 0)::int as sold90
          from books b
          left join (
            select s.book_id,
                   sum(s.quantity) filter (where ${last30}) as sold30,
                   sum(s.quantity) as sold90
            from sale_record_lines s
            where ${SALE} and ${last90}
            group by s.book_id
          ) s on s.book_id = b.id
          where b.published and b.stock <= ${query.threshold} and ${onlyPublisher}`,
    ),
    rowsOf<{ publisher: string }>(
      db,
      sql`select distinct b.publisher from books b
          where b.published and b.stock <= ${query.threshold} and coalesce(btrim(b.publisher), '') <> ''
          order by 1`,
    ),
  ]);
  const counts = await waitingAlertCounts(
    db,
    rows.map((row) => row.bookId),
  );
  const books = rows.map((row) => {
    const count = counts.get(row.bookId);
    const waiting = (count?.restock ?? 0) + (count?.release ?? 0);
    return { ...row, waiting, suggested: suggestedQuantity({ ...row, waiting }) };
  });
  books.sort(
    (a, b) =>
      b.waiting - a.waiting ||
      b.sold90 - a.sold90 ||
      b.sold30 - a.sold30 ||
      a.title.localeCompare(b.title, "es") ||
      a.bookId - b.bookId,
  );
  return { books, publishers: publishers.map((row) => row.publisher) };
}

/** The distributor's CSV: the list's books with the quantity to order. */
export function reorderCsv(books: ReorderBook[]): string {
  return csvDocument(
    ["ISBN", "Título", "Autor", "Editorial", "Stock", "Avisos en espera", "Vendidos 90 días", "Cantidad sugerida"],
    books.map((book) => [
      book.isbn ?? "",
      book.title,
      book.author,
      book.publisher ?? "",
      String(book.stock),
      String(book.waiting),
      String(book.sold90),
      String(book.suggested),
    ]),
  );
}
