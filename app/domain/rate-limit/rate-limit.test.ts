import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rateLimits } from "~db/schema";
import { testDatabase } from "../../../tests/support/test-database";
import { hit, resetHits, undoHit } from "./rate-limit.server";

const database = await testDatabase();
afterAll(() => database.close());
const limit = { max: 5, windowSeconds: 900 };

describe("rate limits", () => {
  it("never lets more than the limit through, even when the hits arrive at once", async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => hit(database.db, "test", "burst", limit)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(5);
    expect(Math.max(...hits.map((h) => h.total))).toBe(20);
  });

  it("counts each key on its own, and forgets a key on reset", async () => {
    for (let i = 0; i < 5; i++) await hit(database.db, "test", "a", limit);
    expect((await hit(database.db, "test", "a", limit)).allowed).toBe(false);
    expect((await hit(database.db, "test", "b", limit)).allowed).toBe(true);
    await resetHits(database.db, "test", "a");
    expect((await hit(database.db, "test", "a", limit)).total).toBe(1);
  });

  it("takes one hit back", async () => {
    const first = await hit(database.db, "test", "undo", limit);
    await undoHit(database.db, "test", "undo", first.bucketStart);
    expect((await hit(database.db, "test", "undo", limit)).total).toBe(1);
  });

  it("says when a refused key may try again: when enough of its oldest hits leave the window", async () => {
    // Three hits ten minutes ago and two now fill "5 in 15 minutes"; the next is refused until the old
    // three leave the window, in about five minutes (not the whole fifteen).
    await database.db
      .insert(rateLimits)
      .values({ bucket: "test", key: "old", windowStart: sql`now() - interval '600 seconds'`, hits: 3 });
    for (let i = 0; i < 2; i++) expect((await hit(database.db, "test", "old", limit)).allowed).toBe(true);
    const refused = await hit(database.db, "test", "old", limit);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(240);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(300);
  });

  it("makes a key that hit the limit just now wait about the whole window", async () => {
    for (let i = 0; i < 5; i++) await hit(database.db, "test", "now", limit);
    const refused = await hit(database.db, "test", "now", limit);
    expect(refused.allowed).toBe(false);
    // All five are in the current minute's bucket, which leaves the window 14-15 minutes from now.
    expect(refused.retryAfterSeconds).toBeGreaterThan(14 * 60 - 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect((await hit(database.db, "test", "fresh", limit)).retryAfterSeconds).toBe(0);
  });
});
