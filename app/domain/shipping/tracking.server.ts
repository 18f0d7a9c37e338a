import { and, eq, isNotNull, sql } from "drizzle-orm";
import { startPeriodicJob } from "~/domain/jobs/periodic.server";
import { deliverOrderByCarrier } from "~/domain/orders/lifecycle.server";
import type { DomainLog, RequestContext } from "~/domain/request-context";
import { CarrierRejected, CarrierUnavailable, currentCarriers } from "~/integrations/carriers/index.server";
import type { Carrier, TrackingEvent } from "~/integrations/carriers/types";
import type { Db } from "~db/index";
import { type ShipmentEvent, shipments } from "~db/schema";
import { carrierName } from "./names";
import { deliveredEvent, mergeTrackingEvents, outForDelivery, shipmentStatusOf } from "./tracking-events";

/**
 * The tracking job (issue 21, DESIGN §8 "Background work"): follows every open shipment at its carrier
 * until delivered. One pass claims the due rows with FOR UPDATE SKIP LOCKED and a lease (locked_until),
 * then asks the carriers OUTSIDE any transaction, one call at a time, and writes each answer back only
 * while the row's lease is still the one this pass set (a lease lost to another instance writes nothing).
 * A delivered parcel delivers its order (lifecycle `deliverOrderByCarrier`): the order's delivered_at is
 * the carrier's moment (it starts the 10-day withdrawal window), and the order's event, the buyer's
 * "entregado" e-mail and the shipment row are one transaction.
 *
 * Rate: a pass claims at most `limit` shipments and at most `perCarrier` of one carrier, and the job runs
 * one pass per TRACKING_INTERVAL_MS per instance; with the defaults (20, 10, one minute) no carrier gets
 * more than 10 tracking calls a minute from one instance. Each shipment is asked again every
 * SHIPMENT_POLL_SECONDS (2 h), half that once out for delivery, at most a minute with the demo's sandbox;
 * a failure doubles the wait (capped 12 h).
 */

export type TrackingContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret" | "carriers"> & {
  log?: DomainLog;
};

export interface PollOptions {
  /** The pass's clock (tests move it); real elapsed time is added to it while the pass runs. */
  now?: Date;
  /** Shipments claimed per pass. */
  limit?: number;
  /** Shipments of one carrier claimed per pass. */
  perCarrier?: number;
  /** How long a claimed shipment stays this pass's: renewed before each carrier call. */
  leaseSeconds?: number;
  /** Seconds between two polls of a moving shipment (SHIPMENT_POLL_SECONDS). */
  pollSeconds?: number;
}

export const TRACKING_DEFAULTS = {
  limit: 20,
  perCarrier: 10,
  // Covers one carrier call with its retries (CARRIER_TIMEOUT_MS and back-off) with room to spare.
  leaseSeconds: 300,
  pollSeconds: 7200,
} as const;

/** The longest wait between two polls while the carriers are the demo's sandbox. */
export const SANDBOX_POLL_SECONDS = 60;

/** Past this a shipment the carrier never delivered stops being followed (lastError says so). */
export const TRACKING_GIVE_UP_DAYS = 60;
const MAX_BACKOFF_SECONDS = 12 * 3600;
const DAY_MS = 86_400_000;

/** What one pass did (the job logs it; tests read it). */
export interface PollResult {
  /** Shipments claimed. */
  claimed: number;
  /** Answers written (delivered ones included). */
  updated: number;
  delivered: number;
  /** Carrier failures recorded (backed off). */
  failed: number;
  /** Claims lost to another instance before the answer was written (nothing written). */
  lost: number;
}

interface Claimed {
  id: number;
  orderId: number | null;
  carrier: "correo_argentino" | "andreani";
  trackingNumber: string;
  events: ShipmentEvent[];
  pollFailures: number;
  createdAt: Date;
  lease: string;
}

/** Another pass holds the row now: the transaction that found it out rolls back. */
class LeaseLost extends Error {}

/**
 * A lease: an instant `seconds` after `at`, with random microseconds so that two passes never hold the
 * same value (the value is the claim's identity: every write compares it). ISO text keeps the
 * microseconds that a JS Date would drop.
 */
function leaseUntil(at: Date, seconds: number): string {
  const iso = new Date(at.getTime() + seconds * 1000).toISOString();
  const micros = String(Math.floor(Math.random() * 1000)).padStart(3, "0");
  return `${iso.slice(0, 23)}${micros}Z`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Claims the due shipments: tracked ('created' or 'in_transit' with a tracking number), whose poll time
 * came, not leased by another pass. A null next_poll_at is a row never scheduled (due at once) while it is
 * younger than TRACKING_GIVE_UP_DAYS, and a given-up row after that. The due conditions are repeated on
 * the locking level so a row another pass just claimed is re-checked there and skipped.
 */
async function claimDue(db: Db, now: Date, lease: string, limit: number, perCarrier: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const due = sql`status in ('created', 'in_transit') and tracking_number is not null
    and (next_poll_at <= ${at}::timestamptz
      or (next_poll_at is null and created_at > ${at}::timestamptz - make_interval(days => ${TRACKING_GIVE_UP_DAYS})))
    and (locked_until is null or locked_until <= ${at}::timestamptz)`;
  const result = await db.execute(sql`
    update ${shipments}
    set locked_until = ${lease}::timestamptz
    where id in (
      select id from ${shipments}
      where ${due}
        and id in (
          select id from (
            select id, row_number() over (partition by carrier order by coalesce(next_poll_at, created_at), id) as rank
            from ${shipments} where ${due}
          ) ranked
          where rank <= ${perCarrier}
        )
      order by coalesce(next_poll_at, created_at), id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      events: shipments.events,
      pollFailures: shipments.pollFailures,
      createdAt: shipments.createdAt,
    })
    .from(shipments)
    .where(sql`${shipments.id} in (${sql.join(ids, sql`, `)}) and ${shipments.lockedUntil} = ${lease}::timestamptz`)
    .orderBy(shipments.nextPollAt, shipments.id);
  return rows.map((row) => ({ ...row, trackingNumber: row.trackingNumber ?? "", lease }));
}

/** Moves a row's lease from `from` to `to` (before a carrier call); false when `from` is not its lease any more. */
async function renewLease(db: Db, id: number, from: string, to: string): Promise<boolean> {
  const rows = await db
    .update(shipments)
    .set({ lockedUntil: sql`${to}::timestamptz` })
    .where(and(eq(shipments.id, id), sql`${shipments.lockedUntil} = ${from}::timestamptz`))
    .returning({ id: shipments.id });
  return rows.length === 1;
}

/** Writes `set` and releases the lease, only while the lease is `lease`; false (nothing written) otherwise. */
async function writeOwned(
  db: Db,
  id: number,
  lease: string,
  set: Partial<typeof shipments.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(shipments)
    .set({ ...set, lockedUntil: null })
    .where(and(eq(shipments.id, id), sql`${shipments.lockedUntil} = ${lease}::timestamptz`))
    .returning({ id: shipments.id });
  return rows.length === 1;
}

const givenUp = (row: Claimed, now: Date) => now.getTime() - row.createdAt.getTime() >= TRACKING_GIVE_UP_DAYS * DAY_MS;

const GIVE_UP_MESSAGE = `Dejamos de seguir este envío: pasaron ${TRACKING_GIVE_UP_DAYS} días sin que el correo lo diera por entregado. Revisalo en la página del correo.`;

/** Why a poll failed, in the admin's words (the shipment row's last_error). */
function failureMessage(carrier: Carrier | undefined, row: Claimed, error: unknown): string {
  const name = carrier?.name ?? carrierName(row.carrier);
  if (!carrier)
    return `${name} no está configurado: no se puede consultar el seguimiento. Lo volvemos a intentar más tarde.`;
  if (error instanceof CarrierUnavailable)
    return `${name} no respondió al consultar el seguimiento: lo volvemos a intentar más tarde.`;
  if (error instanceof CarrierRejected) return `${name} rechazó la consulta del seguimiento: ${error.message}`;
  return `No se pudo consultar el seguimiento en ${name}: lo volvemos a intentar más tarde.`;
}

const RECORD_FAILED_MESSAGE = "No se pudo guardar el seguimiento del envío: lo volvemos a intentar más tarde.";

/**
 * A failed poll: one more failure, its reason, and the next try after a doubling wait (at least the usual
 * one, at most 12 h); past TRACKING_GIVE_UP_DAYS the shipment is not asked about again. Lease permitting.
 */
async function backOff(
  db: Db,
  row: Claimed,
  now: Date,
  pollSeconds: number,
  reason: string,
): Promise<"failed" | "lost"> {
  const failures = row.pollFailures + 1;
  const wait = Math.max(pollSeconds, Math.min(pollSeconds * 2 ** (failures - 1), MAX_BACKOFF_SECONDS));
  const stop = givenUp(row, now);
  const wrote = await writeOwned(db, row.id, row.lease, {
    pollFailures: failures,
    lastError: stop ? GIVE_UP_MESSAGE : reason,
    nextPollAt: stop ? null : new Date(now.getTime() + wait * 1000),
    updatedAt: now,
  });
  return wrote ? "failed" : "lost";
}

/**
 * One pass of the tracking job (see the file's comment). Safe to run side by side with other passes, on
 * this instance or others: each shipment is asked about by one pass at a time, and a pass whose lease
 * ran out writes nothing.
 */
export async function pollShipments(ctx: TrackingContext, options: PollOptions = {}): Promise<PollResult> {
  const limit = options.limit ?? TRACKING_DEFAULTS.limit;
  const perCarrier = options.perCarrier ?? TRACKING_DEFAULTS.perCarrier;
  const leaseSeconds = options.leaseSeconds ?? TRACKING_DEFAULTS.leaseSeconds;
  const pollSeconds = options.pollSeconds ?? TRACKING_DEFAULTS.pollSeconds;
  const started = Date.now();
  const base = options.now ?? new Date(started);
  const clock = () => new Date(base.getTime() + (Date.now() - started));
  const result: PollResult = { claimed: 0, updated: 0, delivered: 0, failed: 0, lost: 0 };

  const claimed = await claimDue(ctx.db, base, leaseUntil(base, leaseSeconds), limit, perCarrier);
  result.claimed = claimed.length;
  if (claimed.length === 0) return result;
  const { mode, carriers } = await currentCarriers(ctx.carriers);
  // The demo's sandbox moves a parcel within minutes: its visitors see it move without waiting hours.
  const every = mode === "sandbox" ? Math.min(pollSeconds, SANDBOX_POLL_SECONDS) : pollSeconds;

  for (const row of claimed) {
    // Each call gets a whole lease of its own: a slow batch never outlives the claim of the row in hand.
    const lease = leaseUntil(clock(), leaseSeconds);
    if (!(await renewLease(ctx.db, row.id, row.lease, lease))) {
      result.lost++;
      continue;
    }
    const owned = { ...row, lease };
    const carrier = carriers.find((candidate) => candidate.id === row.carrier);
    const outcome = await pollOne(ctx, owned, carrier, clock, every);
    if (outcome === "updated" || outcome === "delivered") result.updated++;
    if (outcome === "delivered") result.delivered++;
    if (outcome === "failed") result.failed++;
    if (outcome === "lost") result.lost++;
  }
  if (result.claimed > 0) ctx.log?.info({ ...result }, "shipments tracked");
  return result;
}

/** Asks the carrier about one claimed shipment and writes what came of it (lease permitting). */
async function pollOne(
  ctx: TrackingContext,
  row: Claimed,
  carrier: Carrier | undefined,
  clock: () => Date,
  pollSeconds: number,
): Promise<"updated" | "delivered" | "failed" | "lost"> {
  let fresh: TrackingEvent[];
  try {
    if (!carrier) throw new Error("carrier not configured");
    fresh = await carrier.track(row.trackingNumber);
  } catch (error) {
    ctx.log?.warn(
      { shipment: row.id, carrier: row.carrier, err: error instanceof Error ? error.message : error },
      "shipment tracking failed",
    );
    return backOff(ctx.db, row, clock(), pollSeconds, failureMessage(carrier, row, error));
  }
  try {
    return await recordAnswer(ctx, row, fresh, clock(), pollSeconds);
  } catch (error) {
    // Our own write failed (the database, the e-mail's rendering): the carrier is asked again after the back-off.
    ctx.log?.warn(
      { shipment: row.id, err: error instanceof Error ? error.message : error },
      "shipment tracking write failed",
    );
    return backOff(ctx.db, row, clock(), pollSeconds, RECORD_FAILED_MESSAGE);
  }
}

/**
 * Writes a carrier's answer on its shipment (lease permitting). A delivered parcel of an order that is
 * still 'shipped' delivers the order in the same transaction; an order delivered by hand or cancelled
 * meanwhile, and a box's parcel, only update the shipment row.
 */
async function recordAnswer(
  ctx: TrackingContext,
  row: Claimed,
  fresh: TrackingEvent[],
  now: Date,
  pollSeconds: number,
): Promise<"updated" | "delivered" | "lost"> {
  const events = mergeTrackingEvents(row.events, fresh);
  const status = shipmentStatusOf(events);
  const delivered = deliveredEvent(events);
  if (status === "delivered" && delivered) {
    // The carrier's moment, never later than now (a carrier's clock ahead of ours must not delay the window).
    const deliveredAt = new Date(Math.min(Date.parse(delivered.at), now.getTime()));
    const set = { status, events, deliveredAt, nextPollAt: null, pollFailures: 0, lastError: null, updatedAt: now };
    if (row.orderId !== null) {
      try {
        const order = await deliverOrderByCarrier(ctx, row.orderId, deliveredAt, async (tx) => {
          if (!(await writeOwned(tx, row.id, row.lease, set))) throw new LeaseLost();
        });
        if (order) return "delivered";
      } catch (error) {
        if (error instanceof LeaseLost) return "lost";
        throw error;
      }
    }
    return (await writeOwned(ctx.db, row.id, row.lease, set)) ? "delivered" : "lost";
  }
  const stop = givenUp(row, now);
  const wait = outForDelivery(events) ? Math.max(1, Math.round(pollSeconds / 2)) : pollSeconds;
  const wrote = await writeOwned(ctx.db, row.id, row.lease, {
    status,
    events,
    pollFailures: 0,
    lastError: stop ? GIVE_UP_MESSAGE : null,
    nextPollAt: stop ? null : new Date(now.getTime() + wait * 1000),
    updatedAt: now,
  });
  return wrote ? "updated" : "lost";
}

/**
 * Lets go of every tracking lease. Only for a database one process owns (PGlite): when that process
 * starts, no other pass can be running, so a lease left in the table belongs to a process that died
 * (kill -9) in the middle of a pass, and its shipments would otherwise wait out the lease (5 minutes)
 * before anyone asks about them again. Safe to redo: a pass only reads at the carrier, and every write
 * compares the lease. With PostgreSQL another instance may be alive and holding them: never called there.
 * Returns how many shipments were released.
 */
export async function releaseTrackingLeases(db: Db): Promise<number> {
  const released = await db
    .update(shipments)
    .set({ lockedUntil: null })
    .where(isNotNull(shipments.lockedUntil))
    .returning({ id: shipments.id });
  return released.length;
}

/**
 * Runs `pollShipments` in this server process now and every `intervalMs` (TRACKING_INTERVAL_MS); safe with
 * several instances (the claim). `stop()` waits for a running pass.
 */
export function startShipmentTrackingJob(
  ctx: TrackingContext,
  intervalMs = 60_000,
  options: Omit<PollOptions, "now"> = {},
) {
  return startPeriodicJob(ctx.log, "shipment tracking job failed", () => pollShipments(ctx, options), intervalMs);
}
