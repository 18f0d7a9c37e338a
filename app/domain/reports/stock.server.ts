import { sql } from "drizzle-orm";
import type { Cents } from "~/lib/money";
import type { Db } from "~db/index";
import type { ReportRange } from "./range";
import { localDay, rowsOf, SALE, SOLD_AT, soldWithin } from "./sql.server";

/** What the books on the shelves are worth today (centavos). */
export interface StockValue {
  /** Books with copies (in the shop or at a fair), and their units. */
  titles: number;
  units: number;
  /** Σ stock × list price. */
  listCents: Cents;
  /** Σ stock × the price a buyer pays today: the promotional price where set, else the list price. */
  sellingCents: Cents;
  /** Books with stock but no price (they add nothing to the values). */
  withoutPrice: number;
}

/**
 * Every book with stock counts, published or not: the copies are on the shelves either way, in the shop or
 * on a fair's table (`fair_stock`, still the shop's books). One query.
 */
export async function stockValue(db: Db): Promise<StockValue> {
  const [row] = await rowsOf<StockValue>(
    db,
    sql`with held as (
          select b.price_cents, b.promotional_price_cents,
                 b.stock + coalesce((select sum(f.quantity) from fair_stock f where f.book_id = b.id), 0) as units
          from books b
        )
        select count(*)::int as titles, coalesce(sum(units), 0)::int as units,
               coalesce(sum(units::float8 * price_cents), 0)::float8 as "listCents",
               coalesce(sum(units::float8 * coalesce(promotional_price_cents, price_cents)), 0)::float8
                 as "sellingCents",
               (count(*) filter (where price_cents is null))::int as "withoutPrice"
        from held where units > 0`,
  );
  return row ?? { titles: 0, units: 0, listCents: 0, sellingCents: 0, withoutPrice: 0 };
}

export interface SlowMover {
  bookId: number;
  title: string;
  author: string;
  stock: number;
  /** stock × list price (0 without a price). */
  valueCents: Cents;
  /** The Buenos Aires day it was last sold (any time), or null if never. */
  lastSoldOn: string | null;
  /** The day it entered the catalogue. */
  addedOn: string;
}

export const SLOW_MOVERS_LIMIT = 50;

/**
 * Books with stock that sold nothing in the range (in any channel: a book that moves only at fairs is not
 * asleep), longest in the catalogue first, with the day they last sold (ever). `total` counts them all;
 * `books` holds the first `limit`. One query.
 */
export async function slowMovers(
  db: Db,
  range: ReportRange,
  limit = SLOW_MOVERS_LIMIT,
): Promise<{ total: number; books: SlowMover[] }> {
  const rows = await rowsOf<SlowMover & { total: number }>(
    db,
    sql`with sold as (
          select s.book_id, bool_or(${soldWithin({ from: range.from, to: range.to })}) as in_range,
                 max(${localDay(SOLD_AT)}) filter (where ${SALE}) as last_day
          from sale_record_lines s
          group by s.book_id
        )
        select b.id as "bookId", b.title, b.author, b.stock,
               (b.stock::float8 * coalesce(b.price_cents, 0))::float8 as "valueCents",
               to_char(s.last_day, 'YYYY-MM-DD') as "lastSoldOn",
               to_char(${localDay(sql`b.created_at`)}, 'YYYY-MM-DD') as "addedOn",
               (count(*) over ())::int as total
        from books b left join sold s on s.book_id = b.id
        where b.stock > 0 and not coalesce(s.in_range, false)
        order by b.created_at, b.id
        limit ${limit}`,
  );
  return { total: rows[0]?.total ?? 0, books: rows.map(({ total: _total, ...book }) => book) };
}
