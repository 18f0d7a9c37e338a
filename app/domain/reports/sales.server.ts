import { sql } from "drizzle-orm";
import type { Cents } from "~/lib/money";
import type { Db } from "~db/index";
import { buckets, type ReportRange } from "./range";
import { bucketKey, localDay, rowsOf, SOLD_AT, soldWithin } from "./sql.server";

/** One period of the sales series: orders and what buyers paid (centavos), by payment method. */
export interface SalesBucket {
  key: string;
  orders: number;
  revenueCents: Cents;
  transferOrders: number;
  transferCents: Cents;
  mercadoPagoOrders: number;
  mercadoPagoCents: Cents;
}

export interface SalesSeries {
  buckets: SalesBucket[];
  totals: Omit<SalesBucket, "key">;
}

const emptyBucket = (key: string): SalesBucket => ({
  key,
  orders: 0,
  revenueCents: 0,
  transferOrders: 0,
  transferCents: 0,
  mercadoPagoOrders: 0,
  mercadoPagoCents: 0,
});

/**
 * Sales per day, week or month of the range: every bucket present (zero when nothing sold). Revenue is the
 * order's total, what the buyer paid: books after discounts plus shipping. One query.
 */
export async function salesSeries(db: Db, range: ReportRange): Promise<SalesSeries> {
  const key = bucketKey(localDay(SOLD_AT), range.grain);
  const rows = await rowsOf<{
    key: string;
    method: "transfer" | "mercadopago";
    orders: number;
    cents: number;
  }>(
    db,
    sql`select ${key} as key, o.payment_method as method, count(*)::int as orders,
               coalesce(sum(o.total_cents), 0)::float8 as cents
        from orders o
        where ${soldWithin(range)}
        group by 1, 2`,
  );
  const byKey = new Map(buckets(range).map((bucket) => [bucket, emptyBucket(bucket)]));
  const totals = emptyBucket("");
  for (const row of rows) {
    const bucket = byKey.get(row.key) ?? emptyBucket(row.key);
    byKey.set(row.key, bucket);
    for (const target of [bucket, totals]) {
      target.orders += row.orders;
      target.revenueCents += row.cents;
      if (row.method === "transfer") {
        target.transferOrders += row.orders;
        target.transferCents += row.cents;
      } else {
        target.mercadoPagoOrders += row.orders;
        target.mercadoPagoCents += row.cents;
      }
    }
  }
  const { key: _key, ...rest } = totals;
  return { buckets: [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key)), totals: rest };
}

export interface TopBook {
  bookId: number;
  title: string;
  author: string;
  units: number;
  revenueCents: Cents;
}

export interface TopAuthor {
  author: string;
  units: number;
  revenueCents: Cents;
}

export const TOP_LIMIT = 10;

/**
 * The range's best-selling books by units (then revenue): revenue is the lines' totals after their share
 * of the order's discounts (`line_total_cents`), without shipping. Title and author as the book has them now.
 */
export async function topBooks(db: Db, range: ReportRange, limit = TOP_LIMIT): Promise<TopBook[]> {
  return rowsOf<TopBook>(
    db,
    sql`select b.id as "bookId", b.title, b.author, sum(i.quantity)::int as units,
               sum(i.line_total_cents)::float8 as "revenueCents"
        from order_items i
        join orders o on o.id = i.order_id
        join books b on b.id = i.book_id
        where ${soldWithin(range)}
        group by b.id, b.title, b.author
        order by units desc, "revenueCents" desc, b.title
        limit ${limit}`,
  );
}

/**
 * The range's best-selling authors, by the author each line recorded when it was sold (spaces trimmed);
 * lines without an author are left out.
 */
export async function topAuthors(db: Db, range: ReportRange, limit = TOP_LIMIT): Promise<TopAuthor[]> {
  return rowsOf<TopAuthor>(
    db,
    sql`select btrim(i.author) as author, sum(i.quantity)::int as units,
               sum(i.line_total_cents)::float8 as "revenueCents"
        from order_items i
        join orders o on o.id = i.order_id
        where ${soldWithin(range)} and btrim(i.author) <> ''
        group by btrim(i.author)
        order by units desc, "revenueCents" desc, author
        limit ${limit}`,
  );
}

export interface CategoryShare {
  /** The category's key, or null for books in none of the shop's categories. */
  key: string | null;
  name: string;
  units: number;
  revenueCents: Cents;
  /** Percent of the range's line revenue (one decimal). Can add up past 100: a book may be in two. */
  percent: number;
}

/**
 * Revenue per main category (books.category_keys, kept by triggers). A book in two categories counts in
 * both, so the shares can add up to more than 100 %; books in none are "Sin categoría". Categories without
 * sales are listed with zero, in the shop's order. One query.
 */
export async function categoryShares(db: Db, range: ReportRange): Promise<CategoryShare[]> {
  const rows = await rowsOf<{ key: string | null; name: string; units: number; cents: number; total: number }>(
    db,
    sql`with lines as (
          select b.category_keys as keys, i.quantity, i.line_total_cents as cents
          from order_items i
          join orders o on o.id = i.order_id
          join books b on b.id = i.book_id
          where ${soldWithin(range)}
        ),
        per_key as (
          select k.key, sum(l.quantity)::int as units, sum(l.cents)::float8 as cents
          from lines l cross join lateral unnest(l.keys) as k(key)
          group by k.key
        )
        select c.key, c.name, coalesce(p.units, 0) as units, coalesce(p.cents, 0) as cents, c.position,
               (select coalesce(sum(cents), 0)::float8 from lines) as total
        from categories c left join per_key p on p.key = c.key
        union all
        select null, 'Sin categoría', coalesce(sum(quantity), 0)::int, coalesce(sum(cents), 0)::float8, 1000000,
               (select coalesce(sum(cents), 0)::float8 from lines)
        from lines where cardinality(keys) = 0
        order by position, name`,
  );
  return rows
    .filter((row) => row.key !== null || row.units > 0)
    .map((row) => ({
      key: row.key,
      name: row.name,
      units: row.units,
      revenueCents: row.cents,
      percent: row.total > 0 ? Math.round((row.cents / row.total) * 1000) / 10 : 0,
    }));
}

export interface DiscountUse {
  code: string;
  uses: number;
  discountCents: Cents;
}

export interface DiscountsGiven {
  codes: DiscountUse[];
  /** The bank-transfer discount (a setting), which is not a code: its orders and total. */
  transfer: { orders: number; discountCents: Cents };
}

/**
 * Discounts on the range's sales: per code (uses = orders that carried it, total = its discount off their
 * subtotals, as the order recorded it), most discounted first; and the transfer discount apart. One query.
 */
export async function discountsGiven(db: Db, range: ReportRange): Promise<DiscountsGiven> {
  const rows = await rowsOf<{ code: string | null; uses: number; cents: number }>(
    db,
    sql`select upper(o.discount_code) as code, count(*)::int as uses, sum(o.code_discount_cents)::float8 as cents
        from orders o
        where ${soldWithin(range)} and o.discount_code is not null and o.code_discount_cents > 0
        group by upper(o.discount_code)
        union all
        select null, count(*)::int, coalesce(sum(o.transfer_discount_cents), 0)::float8
        from orders o
        where ${soldWithin(range)} and o.transfer_discount_cents > 0
        order by 3 desc, 1`,
  );
  const transfer = rows.find((row) => row.code === null);
  return {
    codes: rows
      .filter((row): row is typeof row & { code: string } => row.code !== null)
      .map((row) => ({ code: row.code, uses: row.uses, discountCents: row.cents })),
    transfer: { orders: transfer?.uses ?? 0, discountCents: transfer?.cents ?? 0 },
  };
}
