import { sql } from "drizzle-orm";
import type { Cents } from "~/lib/money";
import type { Db } from "~db/index";
import { months, type ReportRange } from "./range";
import { localDay, rowsOf, within } from "./sql.server";

/** One month of the Caja Rizoma: its charges and how many subscriptions started, paused and ended. */
export interface BoxMonth {
  month: string;
  payments: number;
  revenueCents: Cents;
  gained: number;
  paused: number;
  cancelled: number;
}

/**
 * The Caja Rizoma per month of the range (only the range's days count in its first and last month):
 * - revenue: `box_payments`, which hold only charges Mercado Pago approved, by the day they were paid;
 * - gained: a subscription that became active for the first time (from pending or from nothing); a paused
 *   one coming back is not a new subscriber;
 * - paused / cancelled: changes to those states (`box_subscription_events`).
 * Every month present, zero when nothing happened. Two queries.
 */
export async function boxMonths(db: Db, range: ReportRange): Promise<BoxMonth[]> {
  const [payments, events] = await Promise.all([
    rowsOf<{ month: string; payments: number; cents: number }>(
      db,
      sql`select to_char(${localDay(sql`p.paid_at`)}, 'YYYY-MM') as month, count(*)::int as payments,
                 sum(p.amount_cents)::float8 as cents
          from box_payments p
          where ${within(sql`p.paid_at`, range)}
          group by 1`,
    ),
    rowsOf<{ month: string; gained: number; paused: number; cancelled: number }>(
      db,
      sql`select to_char(${localDay(sql`e.at`)}, 'YYYY-MM') as month,
                 count(*) filter (where e.to_status = 'active' and coalesce(e.from_status, 'pending') = 'pending')::int
                   as gained,
                 count(*) filter (where e.to_status = 'paused' and e.from_status is distinct from 'paused')::int
                   as paused,
                 count(*) filter (where e.to_status = 'cancelled' and e.from_status is distinct from 'cancelled')::int
                   as cancelled
          from box_subscription_events e
          where ${within(sql`e.at`, range)}
          group by 1`,
    ),
  ]);
  const byMonth = new Map(
    months(range.from, range.to).map((month) => [
      month,
      { month, payments: 0, revenueCents: 0, gained: 0, paused: 0, cancelled: 0 } as BoxMonth,
    ]),
  );
  for (const row of payments) {
    const entry = byMonth.get(row.month);
    if (entry) Object.assign(entry, { payments: row.payments, revenueCents: row.cents });
  }
  for (const row of events) {
    const entry = byMonth.get(row.month);
    if (entry) Object.assign(entry, { gained: row.gained, paused: row.paused, cancelled: row.cancelled });
  }
  return [...byMonth.values()];
}
