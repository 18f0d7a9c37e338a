import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf";
import { sandboxCarriers } from "./sandbox.server";
import type { Carrier, Parcel, ShipmentRequest } from "./types";

const parcel: Parcel = { weightGrams: 800, heightCm: 6, widthCm: 20, lengthCm: 28, declaredValueCents: 2_000_000 };
const quote = (carrier: Carrier, destinationZip: string, weightGrams = parcel.weightGrams) =>
  carrier.quote({ originZip: "1414", destinationZip, parcel: { ...parcel, weightGrams } });
const price = async (carrier: Carrier, zip: string, kind: "home" | "branch", weight?: number) =>
  (await quote(carrier, zip, weight)).find((rate) => rate.kind === kind)?.priceCents ?? 0;

const request: ShipmentRequest = {
  reference: "RZ-000123",
  kind: "home",
  serviceCode: "SB-D",
  sender: {
    name: "Rizoma Libros",
    email: "hola@rizoma.com.ar",
    phone: "1145678900",
    address: { street: "Gorriti 4850", city: "CABA", zip: "1414", province: "C" },
  },
  recipient: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "1155554444" },
  address: { street: "Av. Colón 1200", city: "Córdoba", zip: "5000", province: "X" },
  branchId: null,
  parcel,
};

function clock(start = Date.parse("2026-11-26T12:00:00Z")) {
  let at = start;
  return { now: () => new Date(at), move: (minutes: number) => (at += minutes * 60_000) };
}

describe("the demo's sandbox carriers", () => {
  it("offers both carriers, home and branch, with es-AR service names", async () => {
    const [correo, andreani] = sandboxCarriers({ now: () => new Date() });
    expect([correo?.id, andreani?.id]).toEqual(["correo_argentino", "andreani"]);
    const rates = await quote(correo as Carrier, "1414");
    expect(rates.map((rate) => rate.service)).toEqual([
      "Correo Argentino Clásico a domicilio",
      "Correo Argentino Clásico a sucursal",
    ]);
    expect((await quote(andreani as Carrier, "1414")).map((rate) => rate.service)).toEqual([
      "Andreani Estándar a domicilio",
      "Andreani Estándar a sucursal",
    ]);
  });

  it("prices deterministically: CABA cheapest, Patagonia dearest, heavier dearer, the branch below the door", async () => {
    const [correo] = sandboxCarriers({ now: () => new Date() }) as [Carrier];
    const [again] = sandboxCarriers({ now: () => new Date() }) as [Carrier];
    expect(await quote(correo, "5000")).toEqual(await quote(again, "5000"));
    const caba = await price(correo, "1414", "home");
    const cordoba = await price(correo, "5000", "home");
    const ushuaia = await price(correo, "9410", "home");
    expect(caba).toBeLessThan(cordoba);
    expect(cordoba).toBeLessThan(ushuaia);
    expect(await price(correo, "1414", "home", 2_400)).toBeGreaterThan(caba);
    expect(await price(correo, "1414", "branch")).toBeLessThan(caba);
    expect(caba % 100).toBe(0);
  });

  it("lists two or three plausible branches near the postal code", async () => {
    const [correo, andreani] = sandboxCarriers({ now: () => new Date() }) as [Carrier, Carrier];
    for (const zip of ["1414", "1425", "5000"]) {
      const branches = await correo.branches(zip);
      expect(branches.length).toBeGreaterThanOrEqual(2);
      expect(branches.length).toBeLessThanOrEqual(3);
      expect(branches[0]?.zip).toBe(zip);
    }
    expect((await andreani.branches("1414"))[0]).toMatchObject({
      city: "Ciudad Autónoma de Buenos Aires",
      province: "C",
    });
    expect(await correo.branches("0000")).toEqual([]);
  });

  it("draws a label that says it has no validity, with sender, recipient, reference and tracking", async () => {
    const time = clock();
    const [correo] = sandboxCarriers({ now: time.now }) as [Carrier];
    const created = await correo.createShipment(request);
    const text = (await pdfText(created.labelPdf)).replace(/\s+/g, " ");
    for (const words of ["SANDBOX — sin validez", "RZ-000123", created.trackingNumber, "Ana Pérez", "Rizoma Libros"]) {
      expect(text).toContain(words);
    }
    expect(new TextDecoder().decode(await correo.label(created.trackingNumber)).startsWith("%PDF-")).toBe(true);
  });

  it("moves a parcel with the time since it was created, even for a restarted process", async () => {
    const time = clock();
    const [correo] = sandboxCarriers({ now: time.now }) as [Carrier];
    const { trackingNumber } = await correo.createShipment(request);
    const steps = async () => {
      const [restarted] = sandboxCarriers({ now: time.now }) as [Carrier];
      return (await restarted.track(trackingNumber)).map((event) => event.status);
    };
    expect(await steps()).toEqual(["created"]);
    time.move(3);
    expect(await steps()).toEqual(["created", "in_transit"]);
    time.move(3);
    expect(await steps()).toEqual(["created", "in_transit", "out_for_delivery"]);
    time.move(5);
    const events = await correo.track(trackingNumber);
    expect(events.map((event) => event.status)).toEqual(["created", "in_transit", "out_for_delivery", "delivered"]);
    expect(events.at(-1)?.at).toBe("2026-11-26T12:10:00.000Z");
  });

  it("waits at the branch for a branch parcel; refuses numbers it never gave", async () => {
    const time = clock();
    const [, andreani] = sandboxCarriers({ now: time.now }) as [Carrier, Carrier];
    const { trackingNumber } = await andreani.createShipment({
      ...request,
      kind: "branch",
      address: null,
      branchId: "x",
    });
    time.move(6);
    expect((await andreani.track(trackingNumber)).map((event) => event.status)).toEqual([
      "created",
      "in_transit",
      "at_branch",
    ]);
    await expect(andreani.track("SBCAD000000000000000")).rejects.toThrow("No existe el envío");
    await expect(andreani.track("1234")).rejects.toThrow("No existe el envío");
  });

  it("gives different numbers to shipments made in the same millisecond", async () => {
    const [correo] = sandboxCarriers({ now: () => new Date(0) }) as [Carrier];
    const numbers = new Set<string>();
    for (let i = 0; i < 20; i++) numbers.add((await correo.createShipment(request)).trackingNumber);
    expect(numbers.size).toBe(20);
  });
});
