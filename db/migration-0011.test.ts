import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, openPgliteMemory } from "~db/connect";

/**
 * Migration 0011 moves the markers the withdrawal and baja code kept in other columns (a refund claim in
 * `refund_method` + `updated_at`, "books returned" as an order history line, Mercado Pago's taking of a
 * cancellation as a 'cancelled → cancelled, mercadopago' history line) into their own columns. A shop
 * upgraded with rows in every state must keep meaning the same.
 */
const root = path.resolve(import.meta.dirname, "..");
const before = await mkdtemp(path.join(os.tmpdir(), "rizoma-0011-"));
afterAll(() => rm(before, { recursive: true, force: true }));

/** A project root whose migrations stop at 0010. */
async function rootBefore0011(): Promise<string> {
  const folder = path.join(before, "db", "migrations");
  await cp(path.join(root, "db", "migrations"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 10);
  await writeFile(journalPath, JSON.stringify(journal));
  return before;
}

describe("migration 0011 (withdrawal and baja markers)", () => {
  it("backfills refund claims, books returned and Mercado Pago's cancellations from the old markers", async () => {
    const database = await openPgliteMemory();
    const run = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    try {
      await migrateDatabase(database, await rootBefore0011());
      const subscription = async (status: string, preapproval: string | null, updatedAt: string) => {
        const [row] = await run<{ id: number }>(sql`
          insert into box_subscriptions (plan_id, price_cents, frequency_months, status, first_name, last_name,
            email, whatsapp, delivery_method, provider_preapproval_id, updated_at)
          values ((select id from box_plans order by position limit 1), 100, 1, ${status}, 'Ana', 'Pérez',
            'ana@example.com', '11', 'pickup', ${preapproval}, ${updatedAt}::timestamptz)
          returning id`);
        return Number(row?.id);
      };
      const event = (id: number, from: string | null, to: string, source: string, at: string) =>
        run(sql`insert into box_subscription_events (subscription_id, from_status, to_status, source, at)
          values (${id}, ${from}, ${to}, ${source}, ${at}::timestamptz)`);
      const recent = new Date(Date.now() - 86_400_000).toISOString();
      const old = "2025-01-10T12:00:00Z";
      const confirmed = await subscription("cancelled", "pre-1", recent);
      await event(confirmed, "active", "cancelled", "subscriber", recent);
      await event(confirmed, "cancelled", "cancelled", "mercadopago", "2025-06-01T00:00:00Z");
      const unconfirmed = await subscription("cancelled", "pre-2", recent);
      await event(unconfirmed, "active", "cancelled", "subscriber", recent);
      const byMercadoPago = await subscription("cancelled", "pre-3", old);
      await event(byMercadoPago, "active", "cancelled", "mercadopago", old);
      const longAgo = await subscription("cancelled", "pre-4", old);
      await event(longAgo, "active", "cancelled", "subscriber", old);
      const never = await subscription("cancelled", null, old);
      const active = await subscription("active", "pre-5", old);

      const order = async () => {
        const [row] = await run<{ id: number }>(sql`
          insert into orders (payment_method, first_name, last_name, email, phone, delivery_method,
            subtotal_cents, total_cents)
          values ('mercadopago', 'Ana', 'Pérez', 'ana@example.com', '11', 'pickup', 100, 100)
          returning id`);
        return Number(row?.id);
      };
      const withdrawal = async (orderId: number, status: string, method: string | null, updatedAt: string) => {
        const [row] = await run<{ id: number }>(sql`
          insert into withdrawals (order_id, code, email, status, refund_method, refund_idempotency_key, updated_at)
          values (${orderId}, ${`ARR-${orderId}`}, 'ana@example.com', ${status}, ${method}, ${`key-${orderId}`},
            ${updatedAt}::timestamptz)
          returning id`);
        return Number(row?.id);
      };
      const claimedOrder = await order();
      const claimed = await withdrawal(claimedOrder, "cancelled", "mercadopago", recent);
      const refunded = await withdrawal(await order(), "refunded", "transfer", old);
      const returnedOrder = await order();
      const returned = await withdrawal(returnedOrder, "cancelled", null, old);
      await run(sql`insert into order_events (order_id, from_status, to_status, source, note, at)
        values (${returnedOrder}, 'cancelled', 'cancelled', 'admin', 'Los libros volvieron a la librería', ${old}::timestamptz)`);

      await migrateDatabase(database, root);

      const marks = new Map(
        (
          await run<{ id: number; at: string | Date | null }>(
            sql`select id, provider_cancelled_at as at from box_subscriptions`,
          )
        ).map((row) => [Number(row.id), row.at === null ? null : new Date(row.at).toISOString()]),
      );
      expect(marks.get(confirmed)).toBe("2025-06-01T00:00:00.000Z");
      // The one the old retry still chased stays unmarked, so the new retry chases it.
      expect(marks.get(unconfirmed)).toBeNull();
      expect(marks.get(byMercadoPago)).toBe(new Date(old).toISOString());
      expect(marks.get(longAgo)).toBe(new Date(old).toISOString());
      expect(marks.get(never)).toBe(new Date(old).toISOString());
      expect(marks.get(active)).toBeNull();

      const rows = new Map(
        (
          await run<{
            id: number;
            refund_method: string | null;
            refund_claimed_at: unknown;
            books_returned_at: unknown;
          }>(sql`select id, refund_method, refund_claimed_at, books_returned_at from withdrawals`)
        ).map((row) => [Number(row.id), row]),
      );
      const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
      expect(rows.get(claimed)?.refund_method).toBeNull();
      expect(iso(rows.get(claimed)?.refund_claimed_at)).toBe(new Date(recent).toISOString());
      expect(rows.get(refunded)).toMatchObject({ refund_method: "transfer", refund_claimed_at: null });
      expect(iso(rows.get(returned)?.books_returned_at)).toBe(new Date(old).toISOString());
      expect(rows.get(claimed)?.books_returned_at).toBeNull();
    } finally {
      await database.close();
    }
  });
});
