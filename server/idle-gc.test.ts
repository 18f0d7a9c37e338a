import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { idleCollector, memoryReducingCollection } from "./idle-gc";

const MB = 1024 * 1024;

describe("idleCollector", () => {
  let heap: number;
  let collections: number;
  const collect = async () => {
    collections += 1;
    heap = 60 * MB;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    heap = 100 * MB;
    collections = 0;
  });
  afterEach(() => vi.useRealTimers());

  const make = () =>
    idleCollector({ collect, idleMs: 5_000, minGrowthBytes: 64 * MB, heapTotal: () => heap, now: () => Date.now() });

  it("collects once the server has been idle for a while after a load grew the heap", async () => {
    const collector = make();
    collector.requestStarted();
    heap = 230 * MB;
    collector.requestEnded();
    await vi.advanceTimersByTimeAsync(4_900);
    expect(collections).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(collections).toBe(1);
    // Idle and nothing grew since: no second collection.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collections).toBe(1);
    collector.stop();
  });

  it("never collects while a request is in flight, and waits again after each new request", async () => {
    const collector = make();
    collector.requestStarted();
    heap = 230 * MB;
    collector.requestStarted();
    collector.requestEnded();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(collections).toBe(0);
    collector.requestEnded();
    await vi.advanceTimersByTimeAsync(3_000);
    collector.requestStarted();
    collector.requestEnded();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(collections).toBe(0);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(collections).toBe(1);
    collector.stop();
  });

  it("leaves a heap that did not grow enough alone", async () => {
    const collector = make();
    collector.requestStarted();
    heap = 150 * MB;
    collector.requestEnded();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collections).toBe(0);
    collector.stop();
  });

  it("survives a collection that fails, and tries again after more requests", async () => {
    let fail = true;
    const collector = idleCollector({
      collect: async () => {
        if (fail) throw new Error("el hilo terminó");
        collections += 1;
      },
      idleMs: 5_000,
      minGrowthBytes: 64 * MB,
      heapTotal: () => heap,
      now: () => Date.now(),
    });
    collector.requestStarted();
    heap = 230 * MB;
    collector.requestEnded();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(collections).toBe(0);
    fail = false;
    collector.requestStarted();
    collector.requestEnded();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(collections).toBe(1);
    collector.stop();
  });

  it("does nothing after stop", async () => {
    const collector = make();
    collector.requestStarted();
    heap = 230 * MB;
    collector.requestEnded();
    collector.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collections).toBe(0);
  });
});

describe("memoryReducingCollection", () => {
  it("frees a load's garbage and shrinks the heap it left", async () => {
    let garbage: { n: number; text: string }[] | null = [];
    for (let n = 0; n < 1_500_000; n += 1) garbage.push({ n, text: `libro ${n}` });
    const before = process.memoryUsage().heapTotal;
    garbage = null;
    await memoryReducingCollection()();
    const after = process.memoryUsage().heapTotal;
    expect(before - after).toBeGreaterThan(50 * MB);
  });
});
