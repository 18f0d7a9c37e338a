import { and, asc, count, eq, notExists } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, DomainError, Invalid, NotFound } from "~/domain/errors";
import { shipOrderByCarrier } from "~/domain/orders/lifecycle.server";
import { getSections } from "~/domain/settings/settings.server";
import type { Db } from "~db/index";
import { books, type OrderCarrierChoice, orderItems, orders, shipments } from "~db/schema";
import { claimShipment, failShipment, holdsSource, markCreated, type Shipment, savedNowhere } from "./claim.server";
import { CARRIER_NAMES, type CarrierKey, carrierTrackingUrl } from "./names";
import { parcelFor } from "./package";
import { atCarrier, carrierFor, homeService, type ShippingContext, shopSender, zip4 } from "./sending.server";

/**
 * "Crear envío": an order's parcel at its carrier (issue 21). The order must be paid and sent by post. Its
 * carrier is the one the buyer chose at checkout (door or branch, with its service), or, for an order
 * paid with the province table, the settings' default carrier to the door. The claim (claim.server.ts)
 * makes one caller the creator; the carrier is called outside any transaction; its answer ships the
 * order (the buyer's "en camino" e-mail with the tracking link) and fills the shipment row in one
 * transaction. A refusal or silence leaves the row 'failed' with the reason, and the order paid.
 */

type OrderRow = typeof orders.$inferSelect;

/** How an order's parcel goes: the buyer's choice, or the default carrier's home service (quoted then). */
export interface ShipmentPlan {
  carrier: CarrierKey;
  kind: "home" | "branch";
  /** The service's name and code; null until the default carrier is quoted. */
  service: string | null;
  serviceCode: string | null;
  branch: OrderCarrierChoice["branch"];
}

export function shipmentPlan(
  order: Pick<OrderRow, "carrier" | "carrierChoice">,
  defaultCarrier: CarrierKey,
): ShipmentPlan {
  const choice = order.carrierChoice;
  if (order.carrier && choice) {
    return {
      carrier: order.carrier,
      kind: choice.kind,
      service: choice.service,
      serviceCode: choice.serviceCode,
      branch: choice.kind === "branch" ? choice.branch : null,
    };
  }
  return { carrier: defaultCarrier, kind: "home", service: null, serviceCode: null, branch: null };
}

const ORDER_MESSAGES = {
  creating: "El envío de este pedido ya se está creando",
  exists: "Este pedido ya tiene envío",
};

async function orderByNumber(db: Db, number: string): Promise<OrderRow> {
  const wanted = number.trim().toUpperCase();
  if (!/^RZ-\d{6,9}$/.test(wanted)) throw new NotFound("Pedido no encontrado");
  const [order] = await db.select().from(orders).where(eq(orders.number, wanted));
  if (!order) throw new NotFound("Pedido no encontrado");
  return order;
}

/** Refuses what cannot be sent by a carrier: not paid, or not delivered by post. */
function assertShippable(order: OrderRow) {
  if (order.status !== "paid") throw new Conflict("Solo se crean envíos de pedidos pagados");
  if (order.deliveryMethod !== "shipping") throw new Invalid("Este pedido no se envía por correo");
}

export async function createOrderShipment(
  ctx: ShippingContext,
  admin: AdminIdentity,
  number: string,
): Promise<Shipment> {
  const order = await orderByNumber(ctx.db, number);
  assertShippable(order);
  const settings = await getSections(ctx.db, ["carriers", "contact", "fiscal", "bank"]);
  const plan = shipmentPlan(order, settings.carriers.defaultCarrier);
  const carrier = await carrierFor(ctx, plan.carrier);
  const claimed = await claimShipment(
    ctx.db,
    {
      orderId: order.id,
      carrier: plan.carrier,
      kind: plan.kind,
      service: plan.service ?? `${carrier.name} a domicilio`,
      serviceCode: plan.serviceCode ?? "",
      branchId: plan.branch?.id ?? null,
      reference: order.number,
    },
    ORDER_MESSAGES,
  );

  const items = await ctx.db
    .select({ weightGrams: books.weightGrams, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(books, eq(books.id, orderItems.bookId))
    .where(eq(orderItems.orderId, order.id));
  const parcel = parcelFor(items, settings.carriers, Math.max(0, order.totalCents - order.shippingCents));
  const destinationZip = zip4(order.zipCode);
  const created = await atCarrier(ctx.db, claimed.id, carrier, async () => {
    const service =
      plan.service && plan.serviceCode
        ? { service: plan.service, serviceCode: plan.serviceCode }
        : await homeService(carrier, settings.carriers.originZip, destinationZip, parcel);
    const answer = await carrier.createShipment({
      reference: order.number,
      kind: plan.kind,
      serviceCode: service.serviceCode,
      sender: shopSender(settings),
      recipient: { firstName: order.firstName, lastName: order.lastName, email: order.email, phone: order.phone },
      address:
        plan.kind === "home"
          ? { street: order.address ?? "", city: order.city ?? "", zip: destinationZip, province: order.province ?? "" }
          : null,
      branchId: plan.kind === "branch" ? (plan.branch?.id ?? null) : null,
      parcel,
    });
    return { ...service, ...answer };
  });

  let shipped: Awaited<ReturnType<typeof shipOrderByCarrier>>;
  try {
    shipped = await shipOrderByCarrier(ctx, { kind: "admin", admin }, order.id, {
      carrierName: carrier.name,
      trackingNumber: created.trackingNumber,
      trackingUrl: carrierTrackingUrl(plan.carrier, created.trackingNumber),
      effects: async (tx) => {
        if (!(await markCreated(tx, claimed.id, created))) throw new Conflict(ORDER_MESSAGES.exists);
        await recordAudit(tx, admin, {
          action: "shipment.create",
          entity: "order",
          entityId: order.id,
          summary: `Creó el envío del pedido ${order.number} con ${carrier.name} (seguimiento ${created.trackingNumber})`,
        });
      },
    });
  } catch (error) {
    // The parcel exists at the carrier but not here: the admin must know its number before retrying.
    await failShipment(ctx.db, claimed.id, savedNowhere(carrier.name, created.trackingNumber));
    throw error;
  }
  if (!shipped) {
    // Cancelled or shipped by hand while the carrier answered: the parcel exists there, not here.
    await ctx.db
      .update(shipments)
      .set({
        status: "cancelled",
        trackingNumber: created.trackingNumber,
        label: Buffer.from(created.labelPdf),
        lastError: `El pedido dejó de estar pagado mientras se creaba el envío: anulá el envío ${created.trackingNumber} en ${carrier.name}`,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(shipments.id, claimed.id));
    throw new Conflict(
      `El pedido dejó de estar pagado mientras se creaba el envío: anulá el envío ${created.trackingNumber} en ${carrier.name}`,
    );
  }
  const [row] = await ctx.db.select().from(shipments).where(eq(shipments.id, claimed.id));
  if (!row) throw new NotFound("Envío no encontrado");
  return row;
}

/** Paid orders sent by post without a parcel in the making or made ('failed' ones are tried again). */
function waiting(db: Db) {
  const held = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orders.id), holdsSource()));
  return and(eq(orders.status, "paid"), eq(orders.deliveryMethod, "shipping"), notExists(held));
}

/** How many paid orders wait for "Crear envíos" (the orders list's button). */
export async function ordersWaitingForShipment(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(waiting(db));
  return row?.n ?? 0;
}

/** At most this many parcels per click: each is a carrier call, and the admin waits for the page. */
export const BULK_LIMIT = 50;

export interface BulkResult {
  created: { number: string; shipmentId: number; carrier: string; trackingNumber: string }[];
  failed: { number: string; error: string }[];
  /** Orders still waiting after this round (more than BULK_LIMIT, or created by someone else meanwhile). */
  remaining: number;
}

/**
 * "Crear envíos": every paid order waiting for its parcel, oldest first, one after another. Each goes
 * through the same claim as "Crear envío", so two admins clicking together never create an order twice:
 * the one who loses an order reads why among the failures.
 */
export async function createPendingShipments(ctx: ShippingContext, admin: AdminIdentity): Promise<BulkResult> {
  const due = await ctx.db
    .select({ number: orders.number })
    .from(orders)
    .where(waiting(ctx.db))
    .orderBy(asc(orders.id))
    .limit(BULK_LIMIT);
  const result: BulkResult = { created: [], failed: [], remaining: 0 };
  for (const { number } of due) {
    try {
      const shipment = await createOrderShipment(ctx, admin, number);
      result.created.push({
        number,
        shipmentId: shipment.id,
        carrier: CARRIER_NAMES[shipment.carrier],
        trackingNumber: shipment.trackingNumber ?? "",
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.failed.push({ number, error: error.message });
    }
  }
  result.remaining = await ordersWaitingForShipment(ctx.db);
  return result;
}
