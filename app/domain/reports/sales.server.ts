import { sql } from "drizzle-orm";
import type { Cents } from "~/lib/money";
import type { Db } from "~db/index";
import { CHANNELS, PAYMENT_METHODS, type SaleChannel, type SalePaymentMethod } from "./channels";
import { buckets, type ReportRange } from "./range";
import { bucketKey, localDay, rowsOf, SOLD_AT, soldWithin } from "./sql.server";

/** How many sales and how much they brought in (centavos). */
export interface Tally {
  sales: number;
  cents: Cents;
}

/** One period of the sales series: its sales and what buyers paid, by payment method and by channel. */
export interface SalesBucket {
  key: string;
  /** Sales of every channel: online orders, counter and fair sales. */
  sales: number;
  revenueCents: Cents;
  methods: Record<SalePaymentMethod, Tally>;
  channels: Record<SaleChannel, Tally>;
}

export interface SalesSeries {
  buckets: SalesBucket[];
  totals: Omit<SalesBucket, "key">;
}

const tallies = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, { sales: 0, cents: 0 }])) as Record<K, Tally>;

const emptyBucket = (key: string): SalesBucket => ({
  key,
  sales: 0,
  revenueCents: 0,
  methods: tallies(PAYMENT_METHODS),
  channels: tallies(CHANNELS),
});

/**
 * Sales per day, week or month of the range: every bucket present (zero when nothing sold). Revenue is the
 * sale's total, what the buyer paid: books after discounts plus shipping (none at the counter or a fair).
 * One query.
 */
export async function salesSeries(db: Db, range: ReportRange): Promise<SalesSeries> {
  const key = bucketKey(localDay(SOLD_AT), range.grain);
  const rows = await rowsOf<{
    key: string;
    channel: SaleChannel;
    method: SalePaymentMethod;
    sales: number;
    cents: number;
  }>(
    db,
    sql`select ${key} as key, s.channel, s.payment_method as method, count(*)::int as sales,
               coalesce(sum(s.total_cents), 0)::float8 as cents
        from sale_records s
        where ${soldWithin(range)}
        group by 1, 2, 3`,
  );
  const byKey = new Map(buckets(range).map((bucket) => [bucket, emptyBucket(bucket)]));
  const totals = emptyBucket("");
  for (const row of rows) {
    const bucket = byKey.get(row.key) ?? emptyBucket(row.key);
    byKey.set(row.key, bucket);
    for (const target of [bucket, totals]) {
      target.sales += row.sales;
      target.revenueCents += row.cents;
      for (const tally of [target.methods[row.method], target.channels[row.channel]]) {
        tally.sales += row.sales;
        tally.cents += row.cents;
      }
    }
  }
  const { key: _key, ...rest } = totals;
  return { buckets: [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key)), totals: rest };
}

/** One fair's sales in the range (the channel report lists them under its table). */
export interface FairSales {
  fairId: number;
  name: string;
  sales: number;
  units: number;
  revenueCents: Cents;
}

/** The range's sales per fair, the best first. One query. */
export async function fairSales(db: Db, range: ReportRange): Promise<FairSales[]> {
  if (range.channel && range.channel !== "fair") return [];
  return rowsOf<FairSales>(
    db,
    sql`select f.id as "fairId", f.name, count(*)::int as sales,
               coalesce(sum((select sum(i.quantity) from sale_items i where i.sale_id = s.id)), 0)::int as units,
               coalesce(sum(s.total_cents), 0)::float8 as "revenueCents"
        from sale_records s join fairs f on f.id = s.fair_id
        where ${soldWithin(range)} and s.channel = 'fair'
        group by f.id, f.name
        order by "revenueCents" desc, f.name`,
  );
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
    sql`select b.id as "bookId", b.title, b.author, sum(s.quantity)::int as units,
               sum(s.line_total_cents)::float8 as "revenueCents"
        from sale_record_lines s
        join books b on b.id = s.book_id
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
    sql`select btrim(s.author) as author, sum(s.quantity)::int as units,
               sum(s.line_total_cents)::float8 as "revenueCents"
        from sale_record_lines s
        where ${soldWithin(range)} and btrim(s.author) <> ''
        group by btrim(s.author)
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
          select b.category_keys as keys, s.quantity, s.line_total_cents as cents
          from sale_record_lines s
          join books b on b.id = s.book_id
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
 * Discounts on the range's online orders: per code (uses = orders that carried it, total = its discount off
 * their subtotals, as the order recorded it), most discounted first; and the transfer discount apart. One
 * query. (Counter and fair sales carry no codes: `inPersonDiscounts`.)
 */
export async function discountsGiven(db: Db, range: ReportRange): Promise<DiscountsGiven> {
  const orderSales = sql`sale_records s join orders o on s.source = 'order' and o.id = s.id`;
  const rows = await rowsOf<{ code: string | null; uses: number; cents: number }>(
    db,
    sql`select upper(o.discount_code) as code, count(*)::int as uses, sum(o.code_discount_cents)::float8 as cents
        from ${orderSales}
        where ${soldWithin(range)} and o.discount_code is not null and o.code_discount_cents > 0
        group by upper(o.discount_code)
        union all
        select null, count(*)::int, coalesce(sum(o.transfer_discount_cents), 0)::float8
        from ${orderSales}
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

/** What was taken off counter and fair sales: the sales with a discount and its total, per channel. */
export type InPersonDiscounts = Record<"counter" | "fair", { sales: number; discountCents: Cents }>;

/**
 * Discounts on the range's counter and fair sales: the whole-sale discount (a fair's, or the seller's) plus
 * each line's own (percent of unit × quantity, rounded as the sale rounded it). A price the seller typed
 * instead of the list price is not a discount here. One query.
 */
export async function inPersonDiscounts(db: Db, range: ReportRange): Promise<InPersonDiscounts> {
  const rows = await rowsOf<{ channel: "counter" | "fair"; sales: number; cents: number }>(
    db,
    sql`select s.channel, (count(*) filter (where d.cents > 0))::int as sales, coalesce(sum(d.cents), 0)::float8 as cents
        from sale_records s
        cross join lateral (
          select s.discount_cents + coalesce(sum(round(i.unit_price_cents::numeric * i.quantity * i.discount_percent / 100)), 0)
                   as cents
          from sale_items i where i.sale_id = s.id
        ) d
        where ${soldWithin(range)} and s.source = 'sale'
        group by s.channel`,
  );
  const of = (channel: "counter" | "fair") => {
    const row = rows.find((entry) => entry.channel === channel);
    return { sales: row?.sales ?? 0, discountCents: row?.cents ?? 0 };
  };
  return { counter: of("counter"), fair: of("fair") };
}
