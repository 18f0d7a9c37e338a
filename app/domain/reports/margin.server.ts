import { sql } from "drizzle-orm";
import type { Cents } from "~/lib/money";
import type { Db } from "~db/index";
import { months, type ReportRange } from "./range";
import { localDay, rowsOf, SOLD_AT, soldWithin } from "./sql.server";

/** One month's gross margin against expenses (centavos). */
export interface MarginMonth {
  month: string;
  /** The month's sales without IVA, every channel: the lines' `net_cents` (after discounts, without shipping). */
  netSalesCents: Cents;
  /** The month's expenses (`expenses`, by their date). */
  expensesCents: Cents;
  /** netSales - expenses: there is no cost of goods in the data, so this is not a true gross margin. */
  marginCents: Cents;
}

/**
 * Sales net of IVA minus expenses, per month of the range (only the range's days count at its edges).
 * Net sales come from the lines' fiscal amounts stored at sale time (DESIGN §8), never recomputed, of every
 * channel even when the page shows one: the expenses are the whole shop's.
 * Shipping charged and the Caja Rizoma are left out: shipping pays the carrier, and the box has its own
 * report. Two queries.
 */
export async function marginMonths(db: Db, range: ReportRange): Promise<MarginMonth[]> {
  const [sales, spent] = await Promise.all([
    rowsOf<{ month: string; cents: number }>(
      db,
      sql`select to_char(${localDay(SOLD_AT)}, 'YYYY-MM') as month, sum(s.net_cents)::float8 as cents
          from sale_record_lines s
          where ${soldWithin({ from: range.from, to: range.to })}
          group by 1`,
    ),
    rowsOf<{ month: string; cents: number }>(
      db,
      sql`select to_char(x.date, 'YYYY-MM') as month, sum(x.amount_cents)::float8 as cents
          from expenses x
          where x.date between ${range.from}::date and ${range.to}::date
          group by 1`,
    ),
  ]);
  const salesBy = new Map(sales.map((row) => [row.month, row.cents]));
  const spentBy = new Map(spent.map((row) => [row.month, row.cents]));
  return months(range.from, range.to).map((month) => {
    const netSalesCents = salesBy.get(month) ?? 0;
    const expensesCents = spentBy.get(month) ?? 0;
    return { month, netSalesCents, expensesCents, marginCents: netSalesCents - expensesCents };
  });
}
