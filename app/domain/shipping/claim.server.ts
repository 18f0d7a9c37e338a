import { and, eq, inArray, lt, ne, or, type SQL } from "drizzle-orm";
import { Conflict } from "~/domain/errors";
import type { Db } from "~db/index";
import { shipments } from "~db/schema";

/**
 * Claiming the right to create one parcel at a carrier (the order's, or a box's for a month), settled by
 * the database so a double click, two admins or two server instances call the carrier once:
 * - a new parcel is an INSERT 'creating' that the partial unique indexes (one non-cancelled shipment per
 *   order, per box subscription and month) let through once;
 * - a 'failed' row ("Reintentar") or a 'creating' row whose lease passed (the instance died mid-call) is
 *   taken back by a conditional UPDATE, which again only one caller wins.
 * The lease is longer than a carrier call can take (timeout × retries), so a live call is never taken over.
 */

export const CLAIM_LEASE_MS = 3 * 60_000;

export type Shipment = typeof shipments.$inferSelect;

/** What the claim writes: the parcel's source and the carrier, service and branch it goes with. */
export type ClaimValues = Pick<
  typeof shipments.$inferInsert,
  | "orderId"
  | "boxSubscriptionId"
  | "boxPeriod"
  | "carrier"
  | "kind"
  | "service"
  | "serviceCode"
  | "branchId"
  | "reference"
>;

/** The Spanish refusals for a parcel someone else holds (the order's words, or the box's). */
export interface ClaimMessages {
  creating: string;
  exists: string;
}

export async function claimShipment(db: Db, values: ClaimValues, messages: ClaimMessages): Promise<Shipment> {
  const source: SQL | undefined =
    values.orderId != null
      ? eq(shipments.orderId, values.orderId)
      : and(
          eq(shipments.boxSubscriptionId, values.boxSubscriptionId ?? 0),
          eq(shipments.boxPeriod, values.boxPeriod ?? ""),
        );
  // Two rounds: the live row seen after a lost INSERT may be cancelled before we read it.
  for (let round = 0; round < 2; round += 1) {
    const now = new Date();
    const lockedUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
    const [inserted] = await db
      .insert(shipments)
      .values({ ...values, status: "creating", lockedUntil, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [retaken] = await db
      .update(shipments)
      .set({ ...values, status: "creating", lockedUntil, lastError: null, updatedAt: now })
      .where(
        and(
          source,
          or(eq(shipments.status, "failed"), and(eq(shipments.status, "creating"), lt(shipments.lockedUntil, now))),
        ),
      )
      .returning();
    if (retaken) return retaken;
    const [live] = await db
      .select({ status: shipments.status })
      .from(shipments)
      .where(and(source, ne(shipments.status, "cancelled")));
    if (live) throw new Conflict(live.status === "creating" ? messages.creating : messages.exists);
  }
  throw new Conflict(messages.creating);
}

/** A claimed parcel the carrier refused or never answered for: 'failed' with the reason the admin reads. */
export async function failShipment(db: Db, id: number, lastError: string): Promise<void> {
  await db
    .update(shipments)
    .set({ status: "failed", lastError, lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(shipments.id, id), eq(shipments.status, "creating")));
}

/** A parcel the carrier made whose record failed here: the admin must cancel it there before retrying. */
export const savedNowhere = (carrierName: string, trackingNumber: string) =>
  `${carrierName} creó el envío ${trackingNumber}, pero no se pudo guardar: anulalo en ${carrierName} antes de reintentar`;

/**
 * The carrier's answer written to the claimed row, inside the caller's transaction: 'created' with its
 * tracking number, label and first event, polled soon by the tracking job. False when the row is no longer
 * this caller's (cancelled meanwhile): the caller rolls back.
 */
export async function markCreated(
  db: Db,
  id: number,
  created: { service: string; serviceCode: string; trackingNumber: string; labelPdf: Uint8Array },
): Promise<boolean> {
  const now = new Date();
  const [row] = await db
    .update(shipments)
    .set({
      status: "created",
      service: created.service,
      serviceCode: created.serviceCode,
      trackingNumber: created.trackingNumber,
      label: Buffer.from(created.labelPdf),
      events: [{ at: now.toISOString(), status: "created", description: "Envío creado en el correo", place: null }],
      lastError: null,
      lockedUntil: null,
      // The tracking job's next pass asks once and then keeps its own cadence (SHIPMENT_POLL_SECONDS).
      nextPollAt: now,
      updatedAt: now,
    })
    .where(and(eq(shipments.id, id), eq(shipments.status, "creating")))
    .returning({ id: shipments.id });
  return !!row;
}

/** Statuses of a parcel that exists at the carrier (it has a tracking number and a label). */
export const AT_CARRIER = ["created", "in_transit", "delivered"] as const;

/** Rows of these statuses stop a new parcel for the same order or box month ('failed' ones are retried). */
export const holdsSource = () => inArray(shipments.status, ["creating", ...AT_CARRIER]);
