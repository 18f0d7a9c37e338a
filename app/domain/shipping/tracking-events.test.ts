import { describe, expect, it } from "vitest";
import type { ShipmentEvent } from "~db/schema";
import {
  deliveredEvent,
  MAX_STORED_EVENTS,
  mergeTrackingEvents,
  outForDelivery,
  shipmentStatusOf,
} from "./tracking-events";

const step = (at: string, status: ShipmentEvent["status"], description: string, place: string | null = null) => ({
  at,
  status,
  description,
  place,
});

const shopCreated = step("2026-11-20T10:00:00.000Z", "created", "Envío creado por la tienda");
const registered = step("2026-11-20T07:05:00-03:00", "created", "Envío registrado");
const onTheWay = step("2026-11-20T15:00:00-03:00", "in_transit", "En viaje", "CABA");
const atBranch = step("2026-11-21T09:00:00-03:00", "at_branch", "En sucursal de destino", "Mendoza");

describe("mergeTrackingEvents", () => {
  it("takes the carrier's list, oldest first, the carrier's registration replacing the shop's own", () => {
    expect(mergeTrackingEvents([shopCreated], [atBranch, registered, onTheWay])).toEqual([
      registered,
      onTheWay,
      atBranch,
    ]);
  });

  it("keeps the shop's registration while the carrier reports none", () => {
    expect(mergeTrackingEvents([shopCreated], [])).toEqual([shopCreated]);
    expect(mergeTrackingEvents([shopCreated], [onTheWay])).toEqual([shopCreated, onTheWay]);
  });

  it("keeps steps the carrier stopped reporting, without doubling the ones it repeats", () => {
    const before = [registered, onTheWay];
    // The same moment written with another offset is the same step.
    const repeated = { ...onTheWay, at: "2026-11-20T18:00:00.000Z" };
    expect(mergeTrackingEvents(before, [repeated, atBranch])).toEqual([registered, repeated, atBranch]);
    expect(mergeTrackingEvents([registered, onTheWay, atBranch], [registered, onTheWay, atBranch])).toHaveLength(3);
  });

  it("drops steps whose date cannot be read, and fills a missing place with null", () => {
    const noPlace = { at: "2026-11-22T10:00:00-03:00", status: "out_for_delivery", description: "En distribución" };
    const merged = mergeTrackingEvents([], [step("ayer", "in_transit", "?"), noPlace as ShipmentEvent]);
    expect(merged).toEqual([{ ...noPlace, place: null }]);
  });

  it("keeps the newest steps when a parcel has too many", () => {
    const many = Array.from({ length: MAX_STORED_EVENTS + 5 }, (_, i) =>
      step(new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(), "in_transit", `Paso ${i}`),
    );
    const merged = mergeTrackingEvents([], many);
    expect(merged).toHaveLength(MAX_STORED_EVENTS);
    expect(merged[0]?.description).toBe("Paso 5");
    expect(merged.at(-1)?.description).toBe(`Paso ${MAX_STORED_EVENTS + 4}`);
  });
});

describe("a shipment's state from its events", () => {
  const delivered = step("2026-11-22T13:00:00-03:00", "delivered", "Entregado");
  it("is created, then in transit after any further step, then delivered", () => {
    expect(shipmentStatusOf([])).toBe("created");
    expect(shipmentStatusOf([registered])).toBe("created");
    expect(shipmentStatusOf([registered, step("2026-11-21T10:00:00Z", "failed", "Domicilio cerrado")])).toBe(
      "in_transit",
    );
    expect(shipmentStatusOf([registered, onTheWay, delivered])).toBe("delivered");
    expect(deliveredEvent([registered, onTheWay, delivered])).toEqual(delivered);
    expect(deliveredEvent([registered, onTheWay])).toBeNull();
  });

  it("knows when the parcel's latest step is out for delivery", () => {
    const out = step("2026-11-22T09:00:00-03:00", "out_for_delivery", "En distribución");
    expect(outForDelivery([onTheWay, out])).toBe(true);
    expect(outForDelivery([out, atBranch])).toBe(false);
    expect(outForDelivery([])).toBe(false);
  });
});
