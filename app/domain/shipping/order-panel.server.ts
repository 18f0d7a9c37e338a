import { and, asc, count, eq, inArray, isNotNull, ne, or } from "drizzle-orm";
import { getSection } from "~/domain/settings/settings.server";
import { currentCarriers } from "~/integrations/carriers/index.server";
import type { Db } from "~db/index";
import { type OrderCarrierChoice, orders, shipments } from "~db/schema";
import { AT_CARRIER } from "./claim.server";
import { CARRIER_NAMES, carrierTrackingUrl, SHIPMENT_STATUS_LABELS, type ShipmentStatus } from "./names";
import type { ShippingContext } from "./sending.server";
import { shipmentPlan } from "./shipments.server";

/**
 * What the admin's order page shows in its "Envío" section (JSON-safe): the parcel that will be created
 * (carrier, service, branch) while there is none, or the parcel itself with its tracking.
 */

export interface ShipmentView {
  carrierName: string;
  kind: "home" | "branch";
  service: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  status: ShipmentStatus;
  statusLabel: string;
  lastError: string | null;
  events: { at: string; description: string; place: string | null }[];
  /** The label's PDF route, once the carrier has the parcel. */
  labelUrl: string | null;
  /** "Reintentar": failed, or stuck 'creating' past its lease (the instance died mid-call). */
  canRetry: boolean;
}

export interface OrderShippingPanel {
  /** "Crear envío" is offered: paid, sent by post, no parcel yet. */
  canCreate: boolean;
  plan: {
    carrierName: string;
    /** The buyer's service, or "a domicilio" with the default carrier's first home service. */
    service: string;
    kind: "home" | "branch";
    branch: OrderCarrierChoice["branch"];
    /** False: the carrier is not in force now (the page says what to configure). */
    configured: boolean;
  };
  shipment: ShipmentView | null;
}

type OrderRow = Pick<
  typeof orders.$inferSelect,
  "id" | "number" | "status" | "deliveryMethod" | "carrier" | "carrierChoice"
>;

/** Null for an order that is not sent by post (pickup, CABA): the page has no "Envío" section then. */
export async function orderShippingPanel(
  ctx: Pick<ShippingContext, "db" | "carriers">,
  order: OrderRow,
  now = new Date(),
): Promise<OrderShippingPanel | null> {
  if (order.deliveryMethod !== "shipping") return null;
  const { defaultCarrier } = await getSection(ctx.db, "carriers");
  const plan = shipmentPlan(order, defaultCarrier);
  const { carriers } = await currentCarriers(ctx.carriers);
  const row = await liveShipment(ctx.db, order.id);
  const shipment = row ? shipmentView(row, order.number, now) : null;
  return {
    canCreate: order.status === "paid" && !shipment,
    plan: {
      carrierName: CARRIER_NAMES[plan.carrier],
      service: plan.service ?? `${CARRIER_NAMES[plan.carrier]} a domicilio`,
      kind: plan.kind,
      branch: plan.branch,
      configured: carriers.some((carrier) => carrier.id === plan.carrier),
    },
    shipment,
  };
}

async function liveShipment(db: Db, orderId: number) {
  const [row] = await db
    .select({
      carrier: shipments.carrier,
      kind: shipments.kind,
      service: shipments.service,
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      lastError: shipments.lastError,
      events: shipments.events,
      lockedUntil: shipments.lockedUntil,
    })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, "cancelled")));
  return row ?? null;
}

function shipmentView(
  row: NonNullable<Awaited<ReturnType<typeof liveShipment>>>,
  number: string,
  now: Date,
): ShipmentView {
  const atCarrier = (AT_CARRIER as readonly string[]).includes(row.status) && !!row.trackingNumber;
  return {
    carrierName: CARRIER_NAMES[row.carrier],
    kind: row.kind,
    service: row.service,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingNumber ? carrierTrackingUrl(row.carrier, row.trackingNumber) : null,
    status: row.status,
    statusLabel: SHIPMENT_STATUS_LABELS[row.status],
    lastError: row.lastError,
    events: row.events.map(({ at, description, place }) => ({ at, description, place })),
    labelUrl: atCarrier ? `/admin/pedidos/${encodeURIComponent(number)}/etiqueta` : null,
    canRetry:
      row.status === "failed" ||
      (row.status === "creating" && !!row.lockedUntil && row.lockedUntil.getTime() < now.getTime()),
  };
}

/**
 * Parcels that need the admin (the dashboard's warning): creations the carrier refused or did not answer,
 * and parcels whose tracking keeps failing (the job records why on each). Oldest first, with the order
 * number to open; a box's parcel is named by its reference.
 */
export async function shipmentsNeedingAttention(
  db: Db,
  limit = 5,
): Promise<{ total: number; items: { reference: string; orderNumber: string | null; problem: string }[] }> {
  const needing = or(
    eq(shipments.status, "failed"),
    and(inArray(shipments.status, ["created", "in_transit"]), isNotNull(shipments.lastError)),
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(shipments).where(needing);
  const rows = await db
    .select({ reference: shipments.reference, orderNumber: orders.number, problem: shipments.lastError })
    .from(shipments)
    .leftJoin(orders, eq(orders.id, shipments.orderId))
    .where(needing)
    .orderBy(asc(shipments.updatedAt))
    .limit(limit);
  return {
    total,
    items: rows.map((row) => ({ reference: row.reference, orderNumber: row.orderNumber, problem: row.problem ?? "" })),
  };
}
