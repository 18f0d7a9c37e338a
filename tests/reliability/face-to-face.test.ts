import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPglite, openPostgres } from "../../db/connect";
import { type AppServer, adminCookie, appEnv, removeDataDir, startApp } from "../support/app-server";
import { saleBooks, setStock } from "../support/shop";
import { onPostgres } from "../support/test-database";
import { until } from "../support/until";

/**
 * Selling face to face under faults (issue 35), through the app's own HTTP API, as the sale page's offline
 * queue sends it:
 * - the same sale (one clientId) sent 20 times at once — from two instances on PostgreSQL — is one sale, one
 *   stock movement per book and one invoice;
 * - a phone syncing 30 queued sales, its server killed (-9) after 10 answers: the phone sends again what
 *   was not answered (and, as a phone would after a reload, what was), and afterwards every sale is there
 *   exactly once, with its lines, and the stock adds up.
 */
const admin = { email: "mostrador-fallas@rizoma.com.ar", password: "clave-de-prueba-del-mostrador" };
const postgres = inject("postgresAdminUrl") !== "";
const engine = () => (onPostgres() ? "postgresql" : "pglite");
const report = (line: string) => console.log(`face to face (${engine()}): ${line}`);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function start(env: Record<string, string>): Promise<AppServer> {
  const app = await startApp(env);
  cleanups.push(() => app.kill());
  return app;
}

async function postSale(app: AppServer, cookie: string, body: unknown) {
  const response = await fetch(`${app.baseUrl}/api/admin/ventas`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.baseUrl, cookie },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the sale's JSON.
  return { status: response.status, json: (await response.json()) as any };
}

async function openDatabase(env: Record<string, string>) {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, { max: 2 }) : openPglite(env.DATA_DIR ?? "");
}

type Database = Awaited<ReturnType<typeof openDatabase>>;
async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe("face-to-face sales through faults", () => {
  const instances = postgres ? 2 : 1;

  it(`one clientId sent 20 times at once${instances === 2 ? " from two instances" : ""}: one sale, one movement, one invoice`, async () => {
    const env = await appEnv({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    cleanups.push(async () => removeDataDir(env.DATA_DIR ?? ""));
    const a = await start(env);
    const b = instances === 2 ? await start({ ...env, DATA_DIR: `${env.DATA_DIR}-b` }) : a;
    if (b !== a) cleanups.push(async () => removeDataDir(b.dataDir));
    const cookie = await adminCookie(a, admin);
    const shelf = await saleBooks(a, 2);
    for (const book of shelf) await setStock(a, cookie, book.id, 50);
    const sale = {
      clientId: randomUUID(),
      items: shelf.map((book, index) => ({ id: book.id, quantity: index + 1 })),
      payment: "cash",
      offline: true,
      soldAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => postSale(index % 2 === 0 ? a : b, cookie, sale)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(19).fill(200), 201]);
    const numbers = new Set(answers.map((answer) => answer.json.sale.number));
    expect(numbers.size).toBe(1);
    const [number] = [...numbers];

    // The shop's database, read after the app settled (PGlite: after the instance stops, it holds DATA_DIR).
    const invoiced = await until(
      async () => {
        const listed = await fetch(`${a.baseUrl}/api/admin/ventas`, { headers: { cookie } });
        const { sales } = (await listed.json()) as { sales: { number: string; invoice: { status: string } | null }[] };
        const found = sales.find((row) => row.number === number);
        return found?.invoice?.status === "issued" && found;
      },
      "the sale's invoice to be issued by the demo's ARCA sandbox",
      30_000,
    );
    expect(invoiced.invoice?.status).toBe("issued");
    await Promise.all([a.stop(), b.stop()]);
    const database = await openDatabase(env);
    try {
      const [counts] = await rows<{ sales: number; movements: number; invoices: number; lines: number }>(
        database,
        sql`select
          (select count(*)::int from sales where client_id = ${sale.clientId}) as sales,
          (select count(*)::int from sale_items i join sales s on s.id = i.sale_id where s.client_id = ${sale.clientId}) as lines,
          (select count(*)::int from stock_movements m join sales s on s.id = m.sale_id where s.client_id = ${sale.clientId}) as movements,
          (select count(*)::int from invoices v join sales s on s.id = v.sale_id where s.client_id = ${sale.clientId}) as invoices`,
      );
      expect(counts).toEqual({ sales: 1, lines: 2, movements: 2, invoices: 1 });
      const stock = await rows<{ id: number; stock: number }>(
        database,
        sql`select id, stock from books where id in (${sql.join(
          shelf.map((book) => sql`${book.id}`),
          sql`, `,
        )}) order by id`,
      );
      expect(stock.map((row) => row.stock).sort()).toEqual([48, 49]);
    } finally {
      await database.close();
    }
    report(
      `20 requests with one clientId (${instances} instance${instances === 2 ? "s" : ""}): statuses ${statuses.filter((s) => s === 201).length}×201 + ${statuses.filter((s) => s === 200).length}×200, 1 sale, 2 lines, 2 movements, 1 invoice (issued)`,
    );
  });

  it("kill -9 while a phone syncs 30 sales: after it resends, each sale exists once and the stock adds up", async () => {
    const env = await appEnv({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    cleanups.push(async () => removeDataDir(env.DATA_DIR ?? ""));
    const first = await start(env);
    let cookie = await adminCookie(first, admin);
    const shelf = await saleBooks(first, 2);
    const INITIAL = 500;
    for (const book of shelf) await setStock(first, cookie, book.id, INITIAL);
    const queue = Array.from({ length: 30 }, (_, i) => ({
      clientId: randomUUID(),
      items: shelf
        .filter((_book, b) => (i % 3 === 2 ? true : i % 3 === b))
        .map((book) => ({ id: book.id, quantity: 1 + ((i + book.id) % 3) })),
      payment: i % 2 === 0 ? "cash" : "card",
      offline: true,
      soldAt: new Date(Date.now() - (30 - i) * 60_000).toISOString(),
    }));
    // The phone syncs one at a time, in order; the process dies (-9) while the 11th is on its way.
    const answered = new Set<string>();
    let inFlight: "committed" | "cut" | null = null;
    for (const [index, sale] of queue.entries()) {
      if (index === 10) {
        const sending = postSale(first, cookie, sale).then(
          (answer) => (answer.status === 201 ? "committed" : "cut"),
          () => "cut" as const,
        );
        await first.kill();
        inFlight = await sending;
        break;
      }
      const answer = await postSale(first, cookie, sale);
      expect(answer.status).toBe(201);
      answered.add(sale.clientId);
    }
    expect(answered.size).toBe(10);

    // A fresh process on the same data; the phone signs in again and resends its whole queue, in order.
    const second = await start(env);
    cookie = await adminCookie(second, admin);
    const statuses: number[] = [];
    for (const sale of queue) statuses.push((await postSale(second, cookie, sale)).status);
    // What was answered before the kill is answered again (200); the rest is new (201). The request in flight
    // at the kill either committed (then 200) or left nothing (then 201): never half a sale.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect([200, 201]).toContain(statuses[10]);
    expect(statuses.slice(11)).toEqual(Array(19).fill(201));
    await second.stop();

    const database = await openDatabase(env);
    try {
      const clientIds = queue.map((sale) => sale.clientId);
      const stored = await rows<{ client_id: string; lines: number }>(
        database,
        sql`select s.client_id, count(i.id)::int as lines from sales s left join sale_items i on i.sale_id = s.id
            where s.client_id in (${sql.join(
              clientIds.map((id) => sql`${id}`),
              sql`, `,
            )}) group by s.client_id`,
      );
      expect(stored).toHaveLength(30);
      for (const row of stored) {
        const sale = queue.find((queued) => queued.clientId === row.client_id);
        expect(row.lines).toBe(sale?.items.length);
      }
      for (const book of shelf) {
        const sold = queue.flatMap((sale) => sale.items).filter((item) => item.id === book.id);
        const expected = INITIAL - sold.reduce((sum, item) => sum + item.quantity, 0);
        const [row] = await rows<{ stock: number; moved: number }>(
          database,
          sql`select b.stock, coalesce((select sum(delta)::int from stock_movements m where m.book_id = b.id and m.reason = 'sale'), 0) as moved
              from books b where b.id = ${book.id}`,
        );
        expect(row?.stock).toBe(expected);
        expect(row?.moved).toBe(expected - INITIAL);
      }
    } finally {
      await database.close();
    }
    report(
      `30 queued sales, killed (-9) with the 11th in flight (${inFlight === "committed" ? "answered before dying" : "cut"}; resent: ${statuses[10]}), all resent: 30 sales each once with their lines, stock and movements add up`,
    );
  });
});
