import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~db/index";
import { shipments } from "~db/schema";
import { CARRIER_NAMES, type CarrierKey, carrierTrackingUrl, SHIPMENT_STEP_LABELS, type ShipmentStep } from "./names";

/** One step of the parcel's way as the buyer reads it: the shop's name for it and the carrier's own words. */
export interface ShipmentTimelineStep {
  status: ShipmentStep;
  /** SHIPMENT_STEP_LABELS: "En camino", "Entregado"… */
  label: string;
  /** What the carrier wrote, when it says more than the label; null otherwise. */
  description: string | null;
  place: string | null;
  /** ISO instant. */
  at: string;
}

/** An order's parcel on the buyer's pages (the order page and Mi cuenta). No label bytes. */
export interface BuyerShipment {
  carrier: CarrierKey;
  carrierName: string;
  /** The carrier's service ("Correo Argentino Clásico"). */
  service: string;
  kind: "home" | "branch";
  trackingNumber: string;
  /** The carrier's public tracking page for it. */
  trackingUrl: string;
  delivered: boolean;
  /** ISO instant of the carrier's "delivered", when it came. */
  deliveredAt: string | null;
  /** Oldest first, like the order's own timeline. */
  steps: ShipmentTimelineStep[];
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase("es-AR") === b.trim().toLocaleLowerCase("es-AR");

/**
 * The order's shipment as its buyer follows it, or null while there is none to follow (no carrier
 * shipment, or one still being created, failed or cancelled: the buyer sees those only once the
 * carrier has a tracking number).
 */
export async function orderShipment(db: Db, orderId: number): Promise<BuyerShipment | null> {
  const [row] = await db
    .select({
      carrier: shipments.carrier,
      service: shipments.service,
      kind: shipments.kind,
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      events: shipments.events,
      deliveredAt: shipments.deliveredAt,
    })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), inArray(shipments.status, ["created", "in_transit", "delivered"])))
    .orderBy(desc(shipments.id))
    .limit(1);
  if (!row?.trackingNumber) return null;
  const steps = row.events
    .filter((event) => Number.isFinite(Date.parse(event.at)))
    .map((event): ShipmentTimelineStep => {
      const label = SHIPMENT_STEP_LABELS[event.status] ?? SHIPMENT_STEP_LABELS.in_transit;
      const description = event.description?.trim() || null;
      return {
        status: event.status,
        label,
        description: description && !same(description, label) ? description : null,
        place: event.place?.trim() || null,
        at: new Date(event.at).toISOString(),
      };
    });
  return {
    carrier: row.carrier,
    carrierName: CARRIER_NAMES[row.carrier],
    service: row.service,
    kind: row.kind,
    trackingNumber: row.trackingNumber,
    trackingUrl: carrierTrackingUrl(row.carrier, row.trackingNumber),
    delivered: row.status === "delivered",
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    steps,
  };
}
