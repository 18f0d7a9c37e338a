import type { ShipmentEvent } from "~db/schema";

/**
 * What the tracking job makes of a carrier's events: pure, so the job, the buyer's timeline and their
 * tests share one reading. Events are kept oldest first (the order the carriers answer and the buyer's
 * timeline shows).
 */

/** At most this many events are stored per shipment (a parcel stuck in a loop must not grow its row forever). */
export const MAX_STORED_EVENTS = 100;

const instant = (event: ShipmentEvent) => Date.parse(event.at);

/** Two reports of the same step: the same moment (offsets aside), the same status and the same words. */
const key = (event: ShipmentEvent) => `${instant(event)}|${event.status}|${event.description.trim()}`;

/**
 * The shipment's events after a poll. `fresh` is the carrier's full list now, and it wins: every event
 * in it is kept (events without a readable date are dropped: they cannot be placed on the timeline). An
 * event stored before and missing from `fresh` is kept too (carriers trim old steps from their answers),
 * except the "created" step the shop writes when it creates the shipment, which the carrier's own
 * "created" step replaces. The result is sorted oldest first (a stable sort: equal moments keep the
 * carrier's order) and holds at most MAX_STORED_EVENTS, the newest.
 */
export function mergeTrackingEvents(old: readonly ShipmentEvent[], fresh: readonly ShipmentEvent[]): ShipmentEvent[] {
  const readable = (event: ShipmentEvent) => Number.isFinite(instant(event));
  const carrier = fresh.filter(readable).map((event) => ({ ...event, place: event.place ?? null }));
  const reported = new Set(carrier.map(key));
  const carrierCreated = carrier.some((event) => event.status === "created");
  const kept = old.filter(
    (event) => readable(event) && !reported.has(key(event)) && !(carrierCreated && event.status === "created"),
  );
  const merged = [...kept, ...carrier].sort((a, b) => instant(a) - instant(b));
  return merged.slice(-MAX_STORED_EVENTS);
}

/** The moment the parcel was delivered: its first "delivered" step, or null while it was not. */
export function deliveredEvent(events: readonly ShipmentEvent[]): ShipmentEvent | null {
  return events.find((event) => event.status === "delivered") ?? null;
}

/**
 * The shipment's state from its events: 'delivered' once a delivered step came, 'in_transit' once any
 * step beyond the carrier's registration did (a failed delivery attempt too: the carrier tries again or
 * returns it, and the job keeps following), else 'created'.
 */
export function shipmentStatusOf(events: readonly ShipmentEvent[]): "created" | "in_transit" | "delivered" {
  if (deliveredEvent(events)) return "delivered";
  return events.some((event) => event.status !== "created") ? "in_transit" : "created";
}

/** Whether the parcel's latest step is "out for delivery" (the job then looks again sooner). */
export const outForDelivery = (events: readonly ShipmentEvent[]) => events.at(-1)?.status === "out_for_delivery";
