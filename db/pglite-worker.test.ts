import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, migrateDatabase, openPglite, openPgliteFromDump, openPgliteMemory } from "./connect";
import { isDatabaseUnavailable, isUniqueViolation, pgErrorCode } from "./errors";
import type { EmbeddedEngine } from "./pglite-worker-client";
import { books, settings, uploads } from "./schema";

/** Every worker the client starts, so a test can end one the way a crash would. */
const workers = vi.hoisted(() => [] as Worker[]);
vi.mock("node:worker_threads", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:worker_threads")>();
  class RecordedWorker extends original.Worker {
    constructor(...args: ConstructorParameters<typeof original.Worker>) {
      super(...args);
      workers.push(this);
    }
  }
  return { ...original, Worker: RecordedWorker };
});

/**
 * The server's file database runs PGlite in a worker thread (db/pglite-worker.mjs): what it answers must
 * be what PGlite in this thread answers (types, errors, transactions, notifications, dumps), and while it
 * works this thread's event loop must keep going round. PGlite only, by nature: PostgreSQL has no worker.
 */
const root = path.resolve(import.meta.dirname, "..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "rizoma-pglite-worker-"));
let database: Database;
let engine: EmbeddedEngine;

beforeAll(async () => {
  database = await openPglite(path.join(scratch, "main"));
  await migrateDatabase(database, root);
  engine = database.pglite as EmbeddedEngine;
  await engine.exec("create table accounts (id int primary key, balance int not null check (balance >= 0))");
  await engine.exec("insert into accounts values (1, 1000), (2, 1000)");
});
afterAll(async () => {
  await database?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** How many times a 10 ms interval fired while `work` ran. */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

describe("PGlite in a worker thread", () => {
  it("passes parameters and answers values with their JavaScript types", async () => {
    const when = new Date("2025-03-01T12:34:56.789Z");
    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    const { rows } = await engine.query<Record<string, unknown>>(
      `select $1::timestamptz as "when", $2::bytea as bytes, $3::int[] as list, $4::jsonb as doc,
              $5::text as nothing, 9007199254740993::bigint as big, 'sí'::text as word`,
      [when, bytes, [1, 2, 3], JSON.stringify({ ñandú: ["sí", 1] }), null],
    );
    expect(rows[0]?.when).toEqual(when);
    expect(rows[0]?.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(rows[0]?.bytes as Uint8Array).equals(bytes)).toBe(true);
    expect(rows[0]?.list).toEqual([1, 2, 3]);
    expect(rows[0]?.doc).toEqual({ ñandú: ["sí", 1] });
    expect(rows[0]?.nothing).toBeNull();
    expect(rows[0]?.big).toBe(9007199254740993n);
    expect(rows[0]?.word).toBe("sí");
  });

  it("serves Drizzle: rows, uploads' bytes as a Buffer, json and dates as the schema maps them", async () => {
    const cover = Buffer.from("not really a png, but bytes all the same");
    const [upload] = await database.db
      .insert(uploads)
      .values({ contentType: "image/png", bytes: cover, size: cover.length, sha256: "x" })
      .returning();
    const [read] = await database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, upload?.id ?? 0));
    expect(Buffer.isBuffer(read?.bytes)).toBe(true);
    expect(read?.bytes.equals(cover)).toBe(true);
    expect(read?.createdAt).toBeInstanceOf(Date);

    await database.db.insert(settings).values({ key: "worker-test", value: { n: 1, list: ["a"] } });
    const [setting] = await database.db.select().from(settings).where(eq(settings.key, "worker-test"));
    expect(setting?.value).toEqual({ n: 1, list: ["a"] });
  });

  it("hands PostgreSQL's error fields across: a unique violation is recognised as one", async () => {
    await database.db.insert(books).values({ title: "Facundo", slug: "facundo", author: "Sarmiento" });
    const error = await database.db
      .insert(books)
      .values({ title: "Facundo", slug: "facundo", author: "Sarmiento" })
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    const direct = await engine
      .query("insert into accounts values (1, 5)")
      .then(() => null)
      .catch((caught: Error & Record<string, unknown>) => caught);
    expect(direct).toMatchObject({ code: "23505", constraint: "accounts_pkey", table: "accounts", severity: "ERROR" });
    expect(direct?.message).toMatch(/duplicate key/);
    expect(direct?.detail).toMatch(/\(id\)=\(1\)/);
  });

  it("commits a transaction, and rolls back one whose callback throws, rethrowing its error", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update accounts set balance = balance - 100 where id = 1`);
      await tx.execute(sql`update accounts set balance = balance + 100 where id = 2`);
    });
    const failure = new Error("the caller changed its mind");
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update accounts set balance = 0 where id = 1`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    // A statement that fails inside: its error reaches the caller, and nothing of the transaction stays.
    const error = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update accounts set balance = balance + 1 where id = 2`);
        await tx.execute(sql`update accounts set balance = -1 where id = 1`);
      })
      .catch((caught: unknown) => caught);
    expect(pgErrorCode(error)).toBe("23514");
    const { rows } = await engine.query<{ id: number; balance: number }>("select * from accounts order by id");
    expect(rows).toEqual([
      { id: 1, balance: 900 },
      { id: 2, balance: 1100 },
    ]);
  });

  it("keeps concurrent transactions apart: every transfer completes and the total stays", async () => {
    const transfer = (from: number, to: number) =>
      database.db.transaction(async (tx) => {
        const read = await tx.execute(sql`select balance from accounts where id = ${from}`);
        const [row] = (read as unknown as { rows: { balance: number }[] }).rows;
        // Between the read and the write this thread waits: another transaction must not get in.
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx.execute(sql`update accounts set balance = ${(row?.balance ?? 0) - 10} where id = ${from}`);
        await tx.execute(sql`update accounts set balance = balance + 10 where id = ${to}`);
      });
    const reads = Array.from({ length: 20 }, () => engine.query("select sum(balance)::int as total from accounts"));
    await Promise.all([...Array.from({ length: 20 }, (_, n) => (n % 2 ? transfer(1, 2) : transfer(2, 1))), ...reads]);
    for (const read of await Promise.all(reads)) expect(read.rows).toEqual([{ total: 2000 }]);
    const { rows } = await engine.query<{ id: number; balance: number }>("select * from accounts order by id");
    expect(rows).toEqual([
      { id: 1, balance: 900 },
      { id: 2, balance: 1100 },
    ]);
  });

  it("delivers notifications to listen's callback, until unlistened", async () => {
    const payloads: string[] = [];
    const unlisten = await engine.listen("worker_test", (payload) => payloads.push(payload));
    await engine.query("select pg_notify('worker_test', 'hola')");
    await vi.waitFor(() => expect(payloads).toEqual(["hola"]));
    await unlisten();
    await engine.query("select pg_notify('worker_test', 'chau')");
    await engine.query("select 1");
    expect(payloads).toEqual(["hola"]);
  });

  it("dumps a tarball that opens as a database with the same rows", async () => {
    const tarball = await engine.dumpDataDir("gzip");
    const copy = await openPgliteFromDump(path.join(scratch, "from-dump"), tarball);
    try {
      const { rows } = await (copy.pglite as EmbeddedEngine).query("select id, balance from accounts order by id");
      expect(rows).toEqual([
        { id: 1, balance: 900 },
        { id: 2, balance: 1100 },
      ]);
    } finally {
      await copy.close();
    }
  });

  it("leaves this thread's event loop running while a long query runs (in-thread PGlite stops it)", async () => {
    const inThread = await openPgliteMemory();
    try {
      expect(await ticksDuring(() => (inThread.pglite as EmbeddedEngine).query("select pg_sleep(0.3)"))).toBe(0);
    } finally {
      await inThread.close();
    }
    // 0.5 s of PostgreSQL work: the 10 ms interval fires all along (a loaded machine may skip some).
    expect(await ticksDuring(() => engine.query("select pg_sleep(0.5)"))).toBeGreaterThanOrEqual(5);
  });

  it("hands a burst of answers over a few per turn of the event loop, in order", async () => {
    // Each caller works 2 ms on its answer (a page rendering its rows), so the worker's answers pile up.
    let turns = 0;
    let sinceTurn = 0;
    let mostInOneTurn = 0;
    let counting = true;
    const countTurns = () => {
      turns++;
      sinceTurn = 0;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 100 }, async (_, n) => {
        const { rows } = await engine.query<{ n: number }>("select $1::int as n", [n]);
        order.push(rows[0]?.n ?? -1);
        const until = performance.now() + 2;
        while (performance.now() < until);
        sinceTurn++;
        mostInOneTurn = Math.max(mostInOneTurn, sinceTurn);
      }),
    );
    counting = false;
    expect(order).toEqual(Array.from({ length: 100 }, (_, n) => n));
    // An 8 ms turn holds about 4 such callers; all 100 in one turn is what happened without the turns.
    expect(mostInOneTurn).toBeLessThanOrEqual(10);
    expect(turns).toBeGreaterThan(10);
  });

  it("collects its thread's garbage when the server asks (idle), answering the queries that come meanwhile", async () => {
    expect(database.collectGarbage).toBeTypeOf("function");
    const [, row] = await Promise.all([
      database.collectGarbage?.(),
      engine.query<{ total: number }>("select sum(balance)::int as total from accounts"),
    ]);
    expect(row.rows[0]?.total).toBe(2000);
  });

  it("closes with the data written out: opened again, the rows are there", async () => {
    const dataDir = path.join(scratch, "reopen");
    const first = await openPglite(dataDir);
    await (first.pglite as EmbeddedEngine).exec("create table kept (n int); insert into kept values (7)");
    await first.close();
    const second = await openPglite(dataDir);
    try {
      expect((await (second.pglite as EmbeddedEngine).query("select n from kept")).rows).toEqual([{ n: 7 }]);
    } finally {
      await second.close();
    }
  });

  it("when the worker dies, queries in flight and later ones fail as 'database unavailable'", async () => {
    const crashing = await openPglite(path.join(scratch, "crash"));
    const worker = workers.at(-1) as Worker;
    const inFlight = crashing.db.execute(sql`select pg_sleep(5)`).catch((caught: unknown) => caught);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await worker.terminate();
    const error = await inFlight;
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(pgErrorCode(error)).toBe("57P01");
    const later = await crashing.ping().catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(later)).toBe(true);
    await crashing.close();
  });
});
