import { type SQL, sql } from "drizzle-orm";
import { addDays, startOfDay } from "~/lib/dates";
import type { Db } from "~db/index";
import type { Grain, ReportRange } from "./range";

/**
 * The SQL every report shares, so "a sale" and "its day" mean one thing on the whole page (see
 * docs/decisions/0039-reports.md):
 * - a sale is an order paid, shipped or delivered: never pending_payment, never cancelled (a withdrawal
 *   cancels its order, so a withdrawn sale drops out of every figure instead of being subtracted);
 * - its moment is when it was paid (`paid_at`), or its creation for an order that reached a paid status
 *   without one, read as a Buenos Aires calendar day.
 * Queries alias orders as `o`. Sums come back as float8 and counts as int, so both drivers give numbers.
 */
export const SALE = sql`o.status in ('paid', 'shipped', 'delivered')`;
export const SOLD_AT = sql`coalesce(o.paid_at, o.created_at)`;
export const SHOP_ZONE = sql.raw(`'America/Argentina/Buenos_Aires'`);

/** The Buenos Aires calendar day of a timestamp expression. */
export const localDay = (at: SQL) => sql`((${at}) at time zone ${SHOP_ZONE})::date`;

/** `at` falls on a Buenos Aires day of [from, to] (half-open instants, so an index on `at` can serve it). */
export function within(at: SQL, range: Pick<ReportRange, "from" | "to">): SQL {
  const start = startOfDay(range.from).toISOString();
  const end = startOfDay(addDays(range.to, 1)).toISOString();
  return sql`${at} >= ${start}::timestamptz and ${at} < ${end}::timestamptz`;
}

/** A sale inside the range. */
export const soldWithin = (range: Pick<ReportRange, "from" | "to">) => sql`${SALE} and ${within(SOLD_AT, range)}`;

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
