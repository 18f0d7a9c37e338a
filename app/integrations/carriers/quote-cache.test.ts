import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeCorreoArgentino, startFakeCorreoArgentino } from "../../../tests/support/fake-correo-argentino";
import { memoryCarrier } from "../../../tests/support/memory-carrier";
import { createCarriers } from "./index.server";
import { bandedParcel, cachedCarrier } from "./quote-cache";
import type { Parcel, QuoteRequest } from "./types";

const parcel: Parcel = { weightGrams: 510, heightCm: 6, widthCm: 20, lengthCm: 28, declaredValueCents: 2_000_000 };
const request = (destinationZip: string, weightGrams = parcel.weightGrams): QuoteRequest => ({
  originZip: "1414",
  destinationZip,
  parcel: { ...parcel, weightGrams },
});

describe("the quote cache", () => {
  it("asks the carrier for the upper edge of the band, so the price holds for the whole band", () => {
    expect(bandedParcel(parcel)).toEqual({
      weightGrams: 1_000,
      heightCm: 10,
      widthCm: 20,
      lengthCm: 30,
      declaredValueCents: 2_000_000,
    });
    expect(bandedParcel({ ...parcel, weightGrams: 1 }).weightGrams).toBe(500);
  });

  it("answers a second quote in the same band from memory, and asks again for another band", async () => {
    const carrier = memoryCarrier();
    const cached = cachedCarrier(carrier);
    await cached.quote(request("1414", 510));
    await cached.quote(request("1414", 990));
    expect(carrier.calls.filter((call) => call.method === "quote")).toHaveLength(1);
    expect((carrier.calls[0]?.args[0] as QuoteRequest | undefined)?.parcel.weightGrams).toBe(1_000);
    await cached.quote(request("1414", 1_010));
    await cached.quote(request("5000", 510));
    expect(carrier.calls.filter((call) => call.method === "quote")).toHaveLength(3);
  });

  it("keeps no failure, shares one call among identical questions, and forgets after its time", async () => {
    let now = 0;
    const carrier = memoryCarrier();
    const cached = cachedCarrier(carrier, { now: () => now, quoteTtlMs: 1_000 });
    carrier.failNext(1);
    await expect(cached.quote(request("1414"))).rejects.toThrow();
    carrier.delayMs = 20;
    await Promise.all([cached.quote(request("1414")), cached.quote(request("1414")), cached.quote(request("1414"))]);
    expect(carrier.calls.filter((call) => call.method === "quote")).toHaveLength(2);
    now = 1_001;
    await cached.quote(request("1414"));
    expect(carrier.calls.filter((call) => call.method === "quote")).toHaveLength(3);
  });

  it("keeps branch lists per postal code, and never caches shipments or tracking", async () => {
    const carrier = memoryCarrier();
    const cached = cachedCarrier(carrier);
    await cached.branches("1414");
    await cached.branches("1414");
    await cached.branches("1428");
    expect(carrier.calls.filter((call) => call.method === "branches")).toHaveLength(2);
    const { trackingNumber } = await cached.createShipment({} as never);
    await cached.track(trackingNumber);
    await cached.track(trackingNumber);
    expect(carrier.calls.filter((call) => call.method === "track")).toHaveLength(2);
  });

  it("is bounded: the oldest answers leave first", async () => {
    const carrier = memoryCarrier();
    const cached = cachedCarrier(carrier, { maxEntries: 2 });
    for (const zip of ["1000", "2000", "3000", "1000"]) await cached.quote(request(zip));
    expect(carrier.calls.filter((call) => call.method === "quote")).toHaveLength(4);
  });
});

describe("createCarriers", () => {
  let fake: FakeCorreoArgentino;
  beforeAll(async () => {
    fake = await startFakeCorreoArgentino();
  });
  afterAll(() => fake.close());

  it("puts the cache in front of a live carrier: the second quote makes no request", async () => {
    const carriers = createCarriers({
      config: {
        correoArgentino: { apiBase: fake.url, user: fake.user, password: fake.password, customerId: fake.customerId },
        andreani: null,
        timeoutMs: 2_000,
      },
      isDemo: async () => true,
    });
    const { mode, carriers: list } = await carriers.current();
    expect(mode).toBe("live");
    expect(list.map((carrier) => carrier.id)).toEqual(["correo_argentino"]);
    const [correo] = list;
    await correo?.quote(request("1414", 480));
    await correo?.quote(request("1414", 300));
    expect(fake.requestsTo("/rates")).toHaveLength(1);
    await correo?.quote(request("1414", 1_400));
    expect(fake.requestsTo("/rates")).toHaveLength(2);
  });

  it("without credentials: the sandbox while the shop is a demo, none after", async () => {
    let demo = true;
    const carriers = createCarriers({
      config: { correoArgentino: null, andreani: null, timeoutMs: 2_000 },
      isDemo: async () => demo,
    });
    const sandbox = await carriers.current();
    expect(sandbox.mode).toBe("sandbox");
    expect(sandbox.carriers.map((carrier) => carrier.id)).toEqual(["correo_argentino", "andreani"]);
    demo = false;
    expect(await carriers.current()).toEqual({ mode: "off", carriers: [] });
  });
});
