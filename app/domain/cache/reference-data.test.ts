import { afterAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../tests/support/test-database";
import { publicPagesChanged, publicPagesMaybeChanged, receivePublicPagesNotice } from "./public-pages.server";
import { referenceData } from "./reference-data.server";

const database = await testDatabase();
const db = database.db;
afterAll(() => database.close());

/** A loader that counts its reads and answers the read's number. */
function counted() {
  let reads = 0;
  return {
    load: async () => ++reads,
    get reads() {
      return reads;
    },
  };
}

const foreignNotice = (reason: string) => JSON.stringify({ origin: "another-instance", reason });

describe("reference data", () => {
  it("is read once, then from memory until public pages change here, on another instance or maybe", async () => {
    const source = counted();
    const read = () => referenceData(db, "counted", source.load);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(await read()).toBe(1);

    await publicPagesChanged(db, "book.update");
    expect(await read()).toBe(2);
    receivePublicPagesNotice(foreignNotice("settings.contact"));
    expect(await read()).toBe(3);
    publicPagesMaybeChanged("listen.reconnected");
    expect(await read()).toBe(4);
    expect(source.reads).toBe(4);
  });

  it("survives stock moves unless it depends on stock", async () => {
    const plain = counted();
    const stock = counted();
    const read = () =>
      Promise.all([referenceData(db, "plain", plain.load), referenceData(db, "stock", stock.load, { stock: true })]);
    expect(await read()).toEqual([1, 1]);
    await publicPagesChanged(db, "stock.order-paid");
    expect(await read()).toEqual([1, 2]);
    await publicPagesChanged(db, "carousel.reorder");
    expect(await read()).toEqual([2, 3]);
  });

  it("never keeps a read that was under way when a change came", async () => {
    let release: (value: string) => void = () => {};
    const before = referenceData(db, "racing", () => new Promise<string>((resolve) => (release = resolve)));
    await publicPagesChanged(db, "settings.store");
    release("read before the change");
    // Whoever asked before the change gets that read; the next request reads again.
    expect(await before).toBe("read before the change");
    expect(await referenceData(db, "racing", async () => "read after the change")).toBe("read after the change");
  });

  it("is kept per database, and a failed read is not kept", async () => {
    const other = await testDatabase();
    try {
      expect(await referenceData(db, "per-db", async () => "first")).toBe("first");
      expect(await referenceData(other.db, "per-db", async () => "second")).toBe("second");
      expect(await referenceData(db, "per-db", async () => "not read")).toBe("first");
    } finally {
      await other.close();
    }
    await expect(referenceData(db, "failing", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await referenceData(db, "failing", async () => "up again")).toBe("up again");
  });

  it("is frozen, so no request changes what the others get", async () => {
    const shared = await referenceData(db, "frozen", async () => ({ list: [{ name: "Poesía" }] }));
    expect(() => shared.list.push({ name: "Otra" })).toThrow(TypeError);
    expect(() => {
      (shared.list[0] as { name: string }).name = "Otra";
    }).toThrow(TypeError);
  });
});
