import { afterAll, describe, expect, it } from "vitest";
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
});
