import { and, asc, count, eq, isNotNull, notExists } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { manageUrl } from "~/domain/box/self-service.server";
import { provinceCode } from "~/domain/box/shipping";
import { Conflict, DomainError } from "~/domain/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { getSections } from "~/domain/settings/settings.server";
import { monthYear, todayInBuenosAires } from "~/lib/dates";
import type { Db } from "~db/index";
import { boxSubscriptions, shipments } from "~db/schema";
import { AT_CARRIER, claimShipment, failShipment, holdsSource, markCreated, savedNowhere } from "./claim.server";
import { boxShipped } from "./mail.server";
import { CARRIER_NAMES, carrierTrackingUrl } from "./names";
import { parcelFor } from "./package";
import { atCarrier, carrierFor, homeService, type ShippingContext, shopSender, zip4 } from "./sending.server";

/**
 * The month's Caja Rizoma parcels (issue 21): one per active subscription delivered to the door, with the
 * settings' default carrier and its first home service, reference "CAJA-yyyy-mm-<subscription>". The
 * unique index (subscription, month) and the claim make each box go out once, whoever clicks; the
 * subscriber gets the tracking link by e-mail in the transaction that records the parcel.
 */

/** The Buenos Aires month now, "yyyy-mm": the boxes "Crear envíos de la caja" sends. */
export const currentPeriod = (now = new Date()) => todayInBuenosAires(now).slice(0, 7);

/** "noviembre de 2026" for "2026-11". */
export const periodLabel = (period: string) => monthYear(`${period}-15T12:00:00-03:00`);

/** Every box is two books. */
const BOOKS_PER_BOX = 2;
const BOX_LIMIT = 50;

function waiting(db: Db, period: string) {
  const held = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.boxSubscriptionId, boxSubscriptions.id), eq(shipments.boxPeriod, period), holdsSource()));
  return and(
    eq(boxSubscriptions.status, "active"),
    eq(boxSubscriptions.deliveryMethod, "delivery"),
    isNotNull(boxSubscriptions.address),
    notExists(held),
  );
}

export interface BoxShipmentsResult {
  created: { subscriptionId: number; name: string; shipmentId: number; trackingNumber: string }[];
  failed: { subscriptionId: number; name: string; error: string }[];
  remaining: number;
}

type Subscription = typeof boxSubscriptions.$inferSelect;

export async function createBoxShipments(
  ctx: ShippingContext,
  admin: AdminIdentity,
  period: string,
): Promise<BoxShipmentsResult> {
  const settings = await getSections(ctx.db, ["carriers", "contact", "fiscal", "bank"]);
  const carrier = await carrierFor(ctx, settings.carriers.defaultCarrier);
  const due = await ctx.db
    .select()
    .from(boxSubscriptions)
    .where(waiting(ctx.db, period))
    .orderBy(asc(boxSubscriptions.id))
    .limit(BOX_LIMIT);
  const result: BoxShipmentsResult = { created: [], failed: [], remaining: 0 };
  for (const subscription of due) {
    const name = `${subscription.firstName} ${subscription.lastName}`;
    try {
      const shipment = await createBoxShipment(ctx, admin, { period, subscription, settings, carrier });
      result.created.push({ subscriptionId: subscription.id, name, ...shipment });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.failed.push({ subscriptionId: subscription.id, name, error: error.message });
    }
  }
  result.remaining = await boxesWaiting(ctx.db, period);
  return result;
}

async function createBoxShipment(
  ctx: ShippingContext,
  admin: AdminIdentity,
  box: {
    period: string;
    subscription: Subscription;
    settings: Awaited<ReturnType<typeof getSections<"carriers" | "contact" | "fiscal" | "bank">>>;
    carrier: Awaited<ReturnType<typeof carrierFor>>;
  },
): Promise<{ shipmentId: number; trackingNumber: string }> {
  const { period, subscription, settings, carrier } = box;
  const reference = `CAJA-${period}-${subscription.id}`;
  const destinationZip = zip4(subscription.zipCode);
  if (!destinationZip) throw new Conflict("La suscripción no tiene código postal: completalo en su domicilio");
  const claimed = await claimShipment(
    ctx.db,
    {
      boxSubscriptionId: subscription.id,
      boxPeriod: period,
      carrier: carrier.id,
      kind: "home",
      service: `${carrier.name} a domicilio`,
      serviceCode: "",
      branchId: null,
      reference,
    },
    { creating: "El envío de esta caja ya se está creando", exists: "Esta caja ya tiene envío este mes" },
  );
  const parcel = parcelFor(
    [{ weightGrams: null, quantity: BOOKS_PER_BOX }],
    settings.carriers,
    Math.round(subscription.priceCents / subscription.frequencyMonths),
  );
  const created = await atCarrier(ctx.db, claimed.id, carrier, async () => {
    const service = await homeService(carrier, settings.carriers.originZip, destinationZip, parcel);
    const answer = await carrier.createShipment({
      reference,
      kind: "home",
      serviceCode: service.serviceCode,
      sender: shopSender(settings),
      recipient: {
        firstName: subscription.firstName,
        lastName: subscription.lastName,
        email: subscription.email,
        phone: subscription.whatsapp,
      },
      address: {
        street: subscription.address ?? "",
        city: subscription.city ?? "",
        zip: destinationZip,
        province: provinceCode(subscription.state ?? "") ?? "",
      },
      branchId: null,
      parcel,
    });
    return { ...service, ...answer };
  });
  const link = await manageUrl(ctx, subscription.id);
  await recorded(ctx, claimed.id, carrier.name, created.trackingNumber, async (tx) => {
    const db = tx;
    if (!(await markCreated(db, claimed.id, created))) throw new Conflict("Esta caja ya tiene envío este mes");
    await recordAudit(db, admin, {
      action: "shipment.create",
      entity: "box_subscription",
      entityId: subscription.id,
      summary: `Creó el envío de la caja de ${periodLabel(period)} de ${subscription.firstName} ${subscription.lastName} con ${carrier.name} (seguimiento ${created.trackingNumber})`,
    });
    await enqueueMail(db, {
      to: subscription.email,
      siteUrl: ctx.siteUrl,
      mail: boxShipped({
        siteUrl: ctx.siteUrl,
        name: subscription.firstName,
        month: periodLabel(period),
        carrierName: CARRIER_NAMES[carrier.id],
        trackingNumber: created.trackingNumber,
        trackingUrl: carrierTrackingUrl(carrier.id, created.trackingNumber),
        manageUrl: link,
      }),
    });
  });
  return { shipmentId: claimed.id, trackingNumber: created.trackingNumber };
}

/** The carrier's parcel written here in one transaction; if that fails, the row says which parcel to cancel. */
async function recorded(
  ctx: ShippingContext,
  id: number,
  carrierName: string,
  trackingNumber: string,
  work: (tx: Db) => Promise<void>,
): Promise<void> {
  try {
    await ctx.db.transaction((tx) => work(tx as unknown as Db));
  } catch (error) {
    await failShipment(ctx.db, id, savedNowhere(carrierName, trackingNumber));
    throw error;
  }
}

async function boxesWaiting(db: Db, period: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(boxSubscriptions).where(waiting(db, period));
  return row?.n ?? 0;
}

/** What /admin/caja shows for a month: boxes waiting, boxes at the carrier, and the failures to retry. */
export async function boxShipmentsSummary(db: Db, period: string) {
  const rows = await db
    .select({
      status: shipments.status,
      lastError: shipments.lastError,
      firstName: boxSubscriptions.firstName,
      lastName: boxSubscriptions.lastName,
    })
    .from(shipments)
    .innerJoin(boxSubscriptions, eq(boxSubscriptions.id, shipments.boxSubscriptionId))
    .where(eq(shipments.boxPeriod, period))
    .orderBy(asc(shipments.id));
  return {
    period,
    label: periodLabel(period),
    waiting: await boxesWaiting(db, period),
    sent: rows.filter((row) => (AT_CARRIER as readonly string[]).includes(row.status)).length,
    failed: rows
      .filter((row) => row.status === "failed")
      .map((row) => ({ name: `${row.firstName} ${row.lastName}`, error: row.lastError ?? "" })),
  };
}
