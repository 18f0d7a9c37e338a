import { sql } from "drizzle-orm";
import { todayInBuenosAires } from "~/lib/dates";
import type { Cents } from "~/lib/money";
import type { Db } from "~db/index";
import type { SaleChannel } from "./channels";
import { lastDayOf } from "./range";
import { rowsOf, soldWithin } from "./sql.server";

/** This Buenos Aires month's sales per channel (the dashboard's "Ventas de este mes"), as the reports count them. */
export async function salesThisMonth(
  db: Db,
  now = new Date(),
): Promise<Record<SaleChannel, { sales: number; cents: Cents }> & { totalCents: Cents }> {
  const month = todayInBuenosAires(now).slice(0, 7);
  const rows = await rowsOf<{ channel: SaleChannel; sales: number; cents: number }>(
    db,
    sql`select s.channel, count(*)::int as sales, coalesce(sum(s.total_cents), 0)::float8 as cents
        from sale_records s
        where ${soldWithin({ from: `${month}-01`, to: lastDayOf(month) })}
        group by s.channel`,
  );
  const of = (channel: SaleChannel) => {
    const row = rows.find((entry) => entry.channel === channel);
    return { sales: row?.sales ?? 0, cents: row?.cents ?? 0 };
  };
  return {
    online: of("online"),
    counter: of("counter"),
    fair: of("fair"),
    totalCents: rows.reduce((sum, row) => sum + row.cents, 0),
  };
}
