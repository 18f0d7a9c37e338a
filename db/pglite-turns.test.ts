import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareEventLoop } from "./pglite-turns";

/**
 * A burst of queries on the embedded database must leave the event loop free to go round (to accept
 * connections and read requests) while it runs, without changing what the queries do or their order.
 */
const QUERIES = 200;
const work = (n: number) => `select ${n}::int as n, count(*)::int as c from generate_series(1, 3000)`;

/** Starts the burst; returns how many queries had finished when the loop first got to run an immediate. */
async function burst(client: PGlite): Promise<{ finishedWhenLoopRan: number; order: number[] }> {
  const order: number[] = [];
  let finishedWhenLoopRan = -1;
  setImmediate(() => {
    finishedWhenLoopRan = order.length;
  });
  await Promise.all(
    Array.from({ length: QUERIES }, async (_, n) => {
      const { rows } = await client.query<{ n: number; c: number }>(work(n));
      expect(rows[0]).toEqual({ n, c: 3000 });
      order.push(n);
    }),
  );
  // Still -1: the loop did not go round before the last query finished.
  return { finishedWhenLoopRan: finishedWhenLoopRan === -1 ? order.length : finishedWhenLoopRan, order };
}

describe("the embedded database shares the event loop", () => {
  let plain: PGlite;
  let shared: PGlite;
  beforeAll(async () => {
    [plain, shared] = await Promise.all([PGlite.create(), PGlite.create()]);
    shareEventLoop(shared, 2);
    await shared.exec("create table counter (n int); insert into counter values (0)");
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), shared?.close()]);
  });

  it("without it, a burst of queries runs to the end before the loop gets a turn (the problem)", async () => {
    const { finishedWhenLoopRan } = await burst(plain);
    expect(finishedWhenLoopRan).toBe(QUERIES);
  });

  it("with it, the loop runs while most of the burst still waits, and the queries keep their order", async () => {
    const { finishedWhenLoopRan, order } = await burst(shared);
    expect(finishedWhenLoopRan).toBeGreaterThanOrEqual(0);
    expect(finishedWhenLoopRan).toBeLessThan(QUERIES / 2);
    expect(order).toEqual(Array.from({ length: QUERIES }, (_, n) => n));
  });

  it("a transaction paused between its queries still commits as one, and other queries wait for it", async () => {
    let loopRan = false;
    setImmediate(() => {
      loopRan = true;
    });
    const seen: number[] = [];
    const transaction = shared.transaction(async (tx) => {
      for (let i = 0; i < 100; i++) {
        await tx.query("update counter set n = n + 1");
        await tx.query(work(i));
      }
    });
    const reads = Array.from({ length: 20 }, async () => {
      const { rows } = await shared.query<{ n: number }>("select n from counter");
      seen.push(rows[0]?.n ?? -1);
    });
    await Promise.all([transaction, ...reads]);
    expect(loopRan).toBe(true);
    // Readers saw the counter before the transaction or after it, never halfway.
    for (const n of seen) expect([0, 100]).toContain(n);
    expect((await shared.query<{ n: number }>("select n from counter")).rows[0]?.n).toBe(100);
  });
});
