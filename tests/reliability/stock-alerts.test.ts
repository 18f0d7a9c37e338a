import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../app/domain/settings/schema";
import { type Database, openPglite, openPostgres } from "../../db/connect";
import { books, mailOutbox, stockAlerts } from "../../db/schema";
import { type AppServer, adminCookie, appEnv, callApp, removeDataDir, startApp } from "../support/app-server";
import { saleBooks } from "../support/shop";
import { onPostgres } from "../support/test-database";

/**
 * "Avisame cuando vuelva" under faults (issue 20): exactly one e-mail per subscriber when stock comes
 * back, however many stock changes race on however many instances (two on PostgreSQL; PGlite is owned by
 * one process), and a kill -9 in the middle of a stock change leaves the stock and the e-mails together:
 * both written or neither.
 */
const admin = { email: "avisos-fallas@rizoma.com.ar", password: "clave-de-prueba-avisos" };
const postgres = inject("postgresAdminUrl") !== "";
const engine = () => (onPostgres() ? "postgresql" : "pglite");
const report = (line: string) => console.log(`stock alerts (${engine()}): ${line}`);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function freshEnv(): Promise<Record<string, string>> {
  const env = await appEnv({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  cleanups.push(async () => removeDataDir(env.DATA_DIR ?? ""));
  return env;
}

async function start(env: Record<string, string>): Promise<AppServer> {
  const app = await startApp(env);
  cleanups.push(() => app.kill());
  return app;
}

/** The app's own database, opened from the test (PGlite: only once the app is stopped). */
async function openAppDatabase(env: Record<string, string>): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL, { max: 2 })
    : await openPglite(env.DATA_DIR ?? "");
  return database;
}

/** Every visitor here comes from 127.0.0.1: the per-IP limit of alerts is raised for the test. */
async function allowManyAlerts(app: AppServer, cookie: string) {
  const rateLimits = { ...DEFAULT_SETTINGS.rateLimits, stockAlertsPerIpPerHour: 1000 };
  const saved = await callApp(app, "/api/admin/settings/rateLimits", { method: "PUT", body: rateLimits, cookie });
  expect(saved.status, saved.text).toBe(200);
}

const putStock = (app: AppServer, cookie: string, id: number, stock: number) =>
  callApp(app, `/api/admin/books/${id}`, { method: "PUT", body: { stock }, cookie });

async function subscribe(app: AppServer, bookId: number, email: string) {
  const answer = await callApp(app, "/api/stock-alerts", { body: { bookId, email } });
  expect(answer.status, answer.text).toBe(200);
}

/** Restock e-mails queued per address for `bookId`'s title, and the alerts still waiting. */
async function outcome(db: Database["db"], bookId: number, title: string) {
  const mails = await db
    .select({ to: mailOutbox.toAddress, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, "stock-alert-restock"), sql`${mailOutbox.subject} like ${`%${title}%`}`))
    .groupBy(mailOutbox.toAddress);
  const waiting = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.bookId, bookId), isNull(stockAlerts.notifiedAt)));
  const [book] = await db.select({ stock: books.stock }).from(books).where(eq(books.id, bookId));
  return { mails: new Map(mails.map((row) => [row.to, row.n])), waiting: waiting.length, stock: book?.stock ?? -1 };
}

describe("stock alerts through faults", () => {
  const COUNT = 40;
  const instances = postgres ? 2 : 1;
  it(`${COUNT} subscribers, stock changes racing on ${instances === 2 ? "two instances" : "one instance"}: exactly one e-mail each`, async () => {
    const env = await freshEnv();
    const a = await start(env);
    const b = instances === 2 ? await start({ ...env, DATA_DIR: `${env.DATA_DIR}-b` }) : a;
    if (b !== a) cleanups.push(async () => removeDataDir(b.dataDir));
    const apps = [a, b];
    const cookie = await adminCookie(a, admin);
    await allowManyAlerts(a, cookie);
    const [book] = await saleBooks(a, 1);
    if (!book) throw new Error("no book");
    expect((await putStock(a, cookie, book.id, 0)).status).toBe(200);

    const emails = Array.from({ length: COUNT }, (_, i) => `espera-${i}@example.com`);
    // Each address asks twice at once, on both instances: one waiting alert per address.
    await Promise.all(
      emails.flatMap((email, i) => [
        subscribe(apps[i % 2] as AppServer, book.id, email),
        subscribe(apps[(i + 1) % 2] as AppServer, book.id, email),
      ]),
    );

    // Six stock changes from 0 at once, alternating instances; then out of stock and back again.
    const started = Date.now();
    const puts = await Promise.all(
      [5, 3, 7, 2, 9, 4].map((stock, i) => putStock(apps[i % 2] as AppServer, cookie, book.id, stock)),
    );
    expect(puts.map((put) => put.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const racedIn = Date.now() - started;
    expect((await putStock(b, cookie, book.id, 0)).status).toBe(200);
    expect((await putStock(a, cookie, book.id, 6)).status).toBe(200);

    if (b !== a) await b.stop();
    await a.stop();
    const database = await openAppDatabase(env);
    try {
      const { mails, waiting } = await outcome(database.db, book.id, book.title);
      expect(waiting).toBe(0);
      expect([...mails.keys()].sort()).toEqual([...emails].sort());
      expect([...mails.values()].every((n) => n === 1)).toBe(true);
      report(
        `${COUNT} addresses subscribed twice each at once over ${instances} instance(s); 6 stock changes from 0 at once ` +
          `(${racedIn} ms), then 0 and 6 again: ${mails.size} restock e-mails, one per address, none waiting`,
      );
    } finally {
      await database.close();
    }
  });

  it("kill -9 during a stock change: the stock and the e-mails are written together or not at all", async () => {
    const env = await freshEnv();
    let app = await start(env);
    let cookie = await adminCookie(app, admin);
    await allowManyAlerts(app, cookie);
    // One book per try; each try kills the server a little later into the same kind of stock change.
    const delays = [10, 40, 100, 250];
    const tries = await saleBooks(app, delays.length);
    const SUBSCRIBERS = 20;
    for (const book of tries) {
      expect((await putStock(app, cookie, book.id, 0)).status).toBe(200);
      const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `corte-${book.id}-${i}@example.com`);
      await Promise.all(emails.map((email) => subscribe(app, book.id, email)));
    }

    const seen: string[] = [];
    for (const [i, book] of tries.entries()) {
      const inFlight = putStock(app, cookie, book.id, 5).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, delays[i]));
      await app.kill();
      await inFlight;

      const database = await openAppDatabase(env);
      const after = await outcome(database.db, book.id, book.title);
      await database.close();
      if (after.stock > 0) {
        expect(after.waiting).toBe(0);
        expect(after.mails.size).toBe(SUBSCRIBERS);
      } else {
        expect(after.stock).toBe(0);
        expect(after.waiting).toBe(SUBSCRIBERS);
        expect(after.mails.size).toBe(0);
      }
      seen.push(`${delays[i]} ms: stock ${after.stock}, ${after.mails.size} e-mails, ${after.waiting} waiting`);
      app = await start(env);
      cookie = await adminCookie(app, admin);
    }

    // Restarted on the same data, the admin sets every stock (again): one e-mail per subscriber, never two.
    for (const book of tries) expect((await putStock(app, cookie, book.id, 5)).status).toBe(200);
    await app.stop();
    const database = await openAppDatabase(env);
    try {
      for (const book of tries) {
        const final = await outcome(database.db, book.id, book.title);
        expect(final.waiting).toBe(0);
        expect(final.mails.size).toBe(SUBSCRIBERS);
        expect([...final.mails.values()].every((n) => n === 1)).toBe(true);
      }
      report(
        `kill -9 into a stock change, ${tries.length} tries (${seen.join("; ")}): each time the stock and its ` +
          `e-mails on the disk together; after restarts and new stock changes: ${SUBSCRIBERS} e-mails per book, one each`,
      );
    } finally {
      await database.close();
    }
  });
});
