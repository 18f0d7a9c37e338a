import { type SQL, sql } from "drizzle-orm";
import { csvDocument } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { escapeLike } from "~/lib/like";
import { type Cents, centsToPesos, formatMoneyCsv } from "~/lib/money";
import type { Db } from "~db/index";
import {
  boxSubscriptions,
  customers,
  newsletterSubscribers,
  orders,
  prizeClaims,
  sales,
  specialOrders,
  stockAlerts,
  wishlistItems,
} from "~db/schema";
import type { CustomerSort } from "./filters";

/**
 * The admin's customers (issue 20, /admin/clientes). A customer is an email (DESIGN §8): there is no table
 * of them, so the list is the union of every address the shop holds — orders, box subscriptions, special
 * orders, prize claims, newsletter sign-ups, accounts (`customers`), stock alerts, "Quiero leerlo" and the
 * counter and fair sales where the buyer gave an e-mail (DESIGN §9: a sale is a sale) —
 * aggregated per email in one statement. Cart reminders are left out: a remembered cart is not something
 * the person did with the shop yet, and its row disappears once the reminder is sent or an order follows.
 *
 * What each figure means (the list, its CSV, the JSON and the detail page say the same):
 * - `orders` counts every order of the email, whatever its state (a cancelled one is still history);
 * - `inPersonSales` counts the counter and fair sales made with the email, whatever their state;
 * - `totalSpentCents` sums only orders that were paid (paid, shipped, delivered) and sales that were paid: a
 *   pending transfer or QR, a cancelled (or withdrawn) order is money the shop does not have;
 * - `lastOrderAt` is the newest order of any state; `lastActivityAt` the newest row in any source (the
 *   list's default order);
 * - `subscriber`: a Caja Rizoma subscription that is active or paused (it will send boxes again);
 * - `newsletter`: an active newsletter sign-up; `account`: the person signed in once (a `customers` row);
 * - `name`: the name the person saved in their account, else the newest name they gave in an order, a
 *   subscription or a special order, else the newest from a prize claim or the newsletter.
 */

export const PAGE_SIZE = 50;

/** Figures of a paid order: the money that came in. */
const PAID_STATUSES = sql`('paid', 'shipped', 'delivered')`;

/** At most this many words of a search count (a pasted paragraph is not a reason to scan with 40 patterns). */
const MAX_WORDS = 6;

export interface CustomerRow {
  email: string;
  name: string | null;
  orders: number;
  /** Counter and fair sales with this email. */
  inPersonSales: number;
  totalSpentCents: Cents;
  lastOrderAt: Date | null;
  lastActivityAt: Date;
  subscriber: boolean;
  newsletter: boolean;
  account: boolean;
}

export interface CustomerQuery {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: CustomerSort;
}

const ORDER_BY: Record<CustomerSort, SQL> = {
  actividad: sql`last_activity_at desc, email`,
  gastado: sql`total_spent_cents desc, last_activity_at desc, email`,
  pedidos: sql`orders desc, last_activity_at desc, email`,
  email: sql`email`,
};

/** Every word of the search is in the email or in one of the names the person gave (case and accents aside). */
function searchCondition(q: string | undefined): SQL {
  const words = (q ?? "").replace(/\s+/g, " ").trim().slice(0, 100).split(" ").filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map((word) => sql`search_text like '%' || f_unaccent(lower(${escapeLike(word)})) || '%'`),
    sql` and `,
  );
}

/** Drivers differ: PGlite and pg may hand timestamps as Date or text, a bigint as text or bigint. */
const instant = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

interface Selection {
  q?: string;
  /** Only this email (the detail page): the same figures as its line in the list. */
  email?: string;
  sort?: CustomerSort;
  limit?: number;
  offset?: number;
}

/** The customers matching a selection, in its order, and how many match in all. One statement. */
async function customerRows(db: Db, selection: Selection): Promise<{ rows: CustomerRow[]; total: number }> {
  const only = (column: SQL) => (selection.email === undefined ? sql`true` : sql`${column} = ${selection.email}`);
  const page = selection.limit === undefined ? sql`` : sql`limit ${selection.limit} offset ${selection.offset ?? 0}`;
  const order = ORDER_BY[selection.sort ?? "actividad"];
  const result = await db.execute(sql`
    with known (email, name, rank, at) as (
      select email, first_name || ' ' || last_name, 1, created_at from ${orders} where ${only(sql`email`)}
      union all
      select email, first_name || ' ' || last_name, 1, created_at from ${boxSubscriptions} where ${only(sql`email`)}
      union all
      select email, name, 1, created_at from ${specialOrders} where ${only(sql`email`)}
      union all
      select email, name, 2, claimed_at from ${prizeClaims} where ${only(sql`email`)}
      union all
      select email, name, 2, subscribed_at from ${newsletterSubscribers} where ${only(sql`email`)}
      union all
      select email, nullif(btrim(concat_ws(' ', first_name, last_name)), ''), 0,
             greatest(created_at, updated_at, last_sign_in_at)
      from ${customers} where ${only(sql`email`)}
      union all
      select email, null, 3, created_at from ${stockAlerts} where ${only(sql`email`)}
      union all
      select email, null, 3, created_at from ${wishlistItems} where ${only(sql`email`)}
      union all
      -- A sale's legal name is an invoice's receiver (maybe a company), not what to call the person.
      select customer_email, null, 3, sold_at from ${sales}
      where customer_email is not null and ${only(sql`customer_email`)}
    ),
    people as (
      select email,
             (array_agg(btrim(name) order by rank, at desc) filter (where btrim(name) <> ''))[1] as name,
             max(at) as last_activity_at,
             f_unaccent(lower(email || ' ' || coalesce(string_agg(name, ' '), ''))) as search_text
      from known
      group by email
    ),
    matching as (
      select p.email, p.name, p.last_activity_at,
             coalesce(o.orders, 0) as orders,
             coalesce(v.sales, 0) as in_person_sales,
             coalesce(o.spent, 0) + coalesce(v.spent, 0) as total_spent_cents,
             o.last_order_at,
             exists (select 1 from ${boxSubscriptions} b where b.email = p.email and b.status in ('active', 'paused'))
               as subscriber,
             exists (select 1 from ${newsletterSubscribers} n where n.email = p.email and n.status = 'active')
               as newsletter,
             exists (select 1 from ${customers} c where c.email = p.email) as account
      from people p
      left join (
        select email, count(*) as orders,
               coalesce(sum(total_cents) filter (where status in ${PAID_STATUSES}), 0) as spent,
               max(created_at) as last_order_at
        from ${orders} where ${only(sql`email`)}
        group by email
      ) o on o.email = p.email
      left join (
        select customer_email as email, count(*) as sales,
               coalesce(sum(total_cents) filter (where status = 'paid'), 0) as spent
        from ${sales} where customer_email is not null and ${only(sql`customer_email`)}
        group by customer_email
      ) v on v.email = p.email
      where ${searchCondition(selection.q)}
    ),
    shown as (
      select *, row_number() over (order by ${order}) as position
      from matching order by ${order} ${page}
    )
    select (select count(*) from matching)::int as total,
           s.email, s.name, s.orders::int as orders, s.in_person_sales::int as in_person_sales,
           s.total_spent_cents::text as spent,
           s.last_order_at, s.last_activity_at, s.subscriber, s.newsletter, s.account
    from (select 1) one
    left join shown s on true
    order by s.position
  `);
  // The count rides on every row, and on one row of nulls when nothing is shown (a page past the end).
  const raw = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const total = Number(raw[0]?.total ?? 0);
  const rows = raw
    .filter((row) => row.email !== null && row.email !== undefined)
    .map((row) => ({
      email: String(row.email),
      name: row.name === null ? null : String(row.name),
      orders: Number(row.orders),
      inPersonSales: Number(row.in_person_sales),
      totalSpentCents: Number(row.spent),
      lastOrderAt: row.last_order_at === null ? null : instant(row.last_order_at),
      lastActivityAt: instant(row.last_activity_at),
      subscriber: row.subscriber === true,
      newsletter: row.newsletter === true,
      account: row.account === true,
    }));
  return { rows, total };
}

/** A page of the customer list (50 by default), searched by email or name, newest activity first by default. */
export async function listCustomers(db: Db, query: CustomerQuery = {}) {
  const pageSize = Math.min(200, Math.max(1, Math.trunc(query.pageSize ?? PAGE_SIZE)));
  const page = Math.min(10_000, Math.max(1, Math.trunc(query.page ?? 1) || 1));
  const { rows, total } = await customerRows(db, {
    q: query.q,
    sort: query.sort,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { customers: rows, total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** One email's line of the list (its figures and flags), or null when the shop knows nothing of it. */
export async function customerSummary(db: Db, email: string): Promise<CustomerRow | null> {
  const { rows } = await customerRows(db, { email });
  return rows[0] ?? null;
}

const yesNo = (value: boolean) => (value ? "sí" : "no");

/**
 * Every customer matching the search, most recent activity first, as the admin's CSV (app/lib/csv.ts:
 * BOM, `;`, formulas made inert): amounts "12345,50", the last order as its Buenos Aires day.
 */
export async function customersCsv(db: Db, query: { q?: string } = {}): Promise<string> {
  const { rows } = await customerRows(db, { q: query.q });
  return csvDocument(
    ["Email", "Nombre", "Pedidos", "Total gastado", "Último pedido", "Suscriptor caja", "Newsletter", "Cuenta"],
    rows.map((row) => [
      row.email,
      row.name ?? "",
      String(row.orders),
      formatMoneyCsv(row.totalSpentCents),
      row.lastOrderAt ? todayInBuenosAires(row.lastOrderAt) : "",
      yesNo(row.subscriber),
      yesNo(row.newsletter),
      yesNo(row.account),
    ]),
  );
}

/** A customer as the admin API answers it: pesos and ISO instants. */
export function customerJson(row: CustomerRow) {
  return {
    email: row.email,
    name: row.name,
    orders: row.orders,
    inPersonSales: row.inPersonSales,
    totalSpent: centsToPesos(row.totalSpentCents),
    lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
    lastActivityAt: row.lastActivityAt.toISOString(),
    subscriber: row.subscriber,
    newsletter: row.newsletter,
    account: row.account,
  };
}
