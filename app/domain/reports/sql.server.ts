import { type SQL, sql } from "drizzle-orm";
import { addDays, startOfDay } from "~/lib/dates";
import type { Db } from "~db/index";
import type { Grain, ReportRange } from "./range";

/**
 * The SQL every report shares, so "a sale" and "its day" mean one thing on the whole page (see
 * docs/decisions/0039-reports.md). Reports read the views of migration 0022 (DESIGN §9 "a sale is a sale"):
 * `sale_records` (online orders, counter and fair sales) and `sale_record_lines` (their lines), both aliased
 * `s`, so one predicate serves either:
 * - a sale is a record whose normalised status is 'paid' (an order paid, shipped or delivered; a counter or
 *   fair sale paid): never pending_payment, never cancelled (a withdrawal cancels its order, so a withdrawn
 *   sale drops out of every figure instead of being subtracted);
 * - its moment is the view's `sold_at` (an order's payment, or its creation if it reached a paid status
 *   without one; a face-to-face sale's moment), read as a Buenos Aires calendar day;
 * - a range may ask for one channel (online, counter, fair).
 * Sums come back as float8 and counts as int, so both drivers give numbers.
 */
export const SALE = sql`s.status = 'paid'`;
export const SOLD_AT = sql`s.sold_at`;
export const SHOP_ZONE = sql.raw(`'America/Argentina/Buenos_Aires'`);

/** The Buenos Aires calendar day of a timestamp expression. */
export const localDay = (at: SQL) => sql`((${at}) at time zone ${SHOP_ZONE})::date`;

/** `at` falls on a Buenos Aires day of [from, to] (half-open instants, so an index on `at` can serve it). */
export function within(at: SQL, range: Pick<ReportRange, "from" | "to">): SQL {
  const start = startOfDay(range.from).toISOString();
  const end = startOfDay(addDays(range.to, 1)).toISOString();
  return sql`${at} >= ${start}::timestamptz and ${at} < ${end}::timestamptz`;
}

/** Only the range's channel, when it asks for one. */
export const inChannel = (range: Pick<ReportRange, "channel">): SQL =>
  range.channel ? sql`s.channel = ${range.channel}` : sql`true`;

/** A sale inside the range (and of its channel, when it asks for one). */
export const soldWithin = (range: Pick<ReportRange, "from" | "to" | "channel">) =>
  sql`${SALE} and ${within(SOLD_AT, range)} and ${inChannel(range)}`;

/** The key of a day's bucket at a grain: "2026-11-03", the week's Monday "2026-11-02", or "2026-11". */
export function bucketKey(day: SQL, grain: Grain): SQL {
  if (grain === "mes") return sql`to_char(${day}, 'YYYY-MM')`;
  if (grain === "semana") return sql`to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')`;
  return sql`to_char(${day}, 'YYYY-MM-DD')`;
}

/** A raw query's rows, the same on PGlite and on PostgreSQL. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
