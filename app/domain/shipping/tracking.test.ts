import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { TrackingEvent } from "~/integrations/carriers/types";
import { boxPlans, boxSubscriptions, mailOutbox, orderEvents, orders, type ShipmentEvent, shipments } from "~db/schema";
import { type MemoryCarrier, memoryCarrier, memoryCarriers } from "../../../tests/support/memory-carrier";
import { insertOrder } from "../../../tests/support/order-row";
import { testDatabase } from "../../../tests/support/test-database";
import { until } from "../../../tests/support/until";
import {
  pollShipments,
  releaseTrackingLeases,
  SANDBOX_POLL_SECONDS,
  startShipmentTrackingJob,
  TRACKING_GIVE_UP_DAYS,
  type TrackingContext,
} from "./tracking.server";

/*
 * The tracking job's pass against a real database (PGlite, or PostgreSQL with TEST_POSTGRES=1) and a
 * carrier in memory whose parcels the tests advance by pushing events.
 */

const database = await testDatabase();
const { db } = database;
const POLL = 7200;
const HOUR = 3_600_000;

const context = (...carriers: MemoryCarrier[]): TrackingContext => ({
  db,
  siteUrl: "http://localhost:3000",
  configuredSecret: null,
  carriers: memoryCarriers(...carriers),
});

const event = (at: Date, status: TrackingEvent["status"], description: string, place: string | null = null) => ({
  at: at.toISOString(),
  status,
  description,
  place,
});

/** A shipped order with its carrier shipment, due for its first poll at `dueAt`, as "Crear envío" leaves it. */
async function shippedOrder(
  carrier: MemoryCarrier,
  { dueAt = new Date(), createdAt = new Date(), status = "shipped" as const } = {},
) {
  const email = `lectora-${randomUUID().slice(0, 8)}@example.com`;
  const order = await insertOrder(db, {
    email,
    status,
    paymentMethod: "transfer",
    deliveryMethod: "shipping",
    paidAt: createdAt,
    shippedAt: createdAt,
    carrier: carrier.id,
    carrierChoice: {
      kind: "home",
      service: `${carrier.name} a domicilio`,
      serviceCode: "HOME",
      days: { min: 3, max: 6 },
      branch: null,
    },
  });
  const trackingNumber = `${carrier.id === "andreani" ? "AND" : "CA"}${randomUUID().slice(0, 10).toUpperCase()}`;
  const registered: ShipmentEvent = event(createdAt, "created", "Envío creado por la tienda");
  const [shipment] = await db
    .insert(shipments)
    .values({
      orderId: order.id,
      carrier: carrier.id,
      kind: "home",
      service: `${carrier.name} a domicilio`,
      serviceCode: "HOME",
      reference: order.number,
      trackingNumber,
      status: "created",
      events: [registered],
      nextPollAt: dueAt,
      createdAt,
    })
    .returning();
  if (!shipment) throw new Error("shipment not written");
  carrier.events.set(trackingNumber, [event(new Date(createdAt.getTime() + 60_000), "created", "Envío registrado")]);
  return { order, shipment, trackingNumber, email };
}

const shipmentRow = async (id: number) => {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  if (!row) throw new Error("shipment missing");
  return row;
};
const orderRow = async (id: number) => {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("order missing");
  return row;
};
const deliveredMails = (email: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, "%fue entregado%")));
/** The carrier's events of a parcel, to push the parcel's next step. */
function parcel(carrier: MemoryCarrier, trackingNumber: string) {
  const events = carrier.events.get(trackingNumber);
  if (!events) throw new Error(`no parcel ${trackingNumber}`);
  return events;
}
/** When the shipment is polled next (it must be scheduled). */
function nextPoll(row: { nextPollAt: Date | null }): Date {
  if (!row.nextPollAt) throw new Error("the shipment is not scheduled");
  return row.nextPollAt;
}
const trackCalls = (carrier: MemoryCarrier) => carrier.calls.filter((call) => call.method === "track");
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe("pollShipments", () => {
  // The tests share a database: each one's passes see only its own shipments (earlier ones are parked).
  beforeEach(async () => {
    await db.update(shipments).set({ nextPollAt: new Date("2100-01-01T00:00:00Z") });
  });

  it("follows a parcel from registered to in transit to delivered, delivering its order once", async () => {
    const carrier = memoryCarrier("correo_argentino");
    const start = new Date("2026-11-20T13:00:00.000Z");
    const { order, shipment, trackingNumber, email } = await shippedOrder(carrier, {
      dueAt: start,
      createdAt: later(start, -HOUR),
    });
    const ctx = context(carrier);

    // First poll: only the carrier's registration, which replaces the shop's own "created" step.
    const first = await pollShipments(ctx, { now: start, pollSeconds: POLL });
    expect(first).toMatchObject({ claimed: 1, updated: 1, delivered: 0, failed: 0, lost: 0 });
    let row = await shipmentRow(shipment.id);
    expect(row.status).toBe("created");
    expect(row.events.map((e) => e.description)).toEqual(["Envío registrado"]);
    expect(row.lockedUntil).toBeNull();
    expect(nextPoll(row).getTime()).toBeGreaterThanOrEqual(start.getTime() + POLL * 1000);
    expect(nextPoll(row).getTime()).toBeLessThan(start.getTime() + POLL * 1000 + 60_000);

    // Not due again before its time.
    expect((await pollShipments(ctx, { now: later(start, HOUR), pollSeconds: POLL })).claimed).toBe(0);

    parcel(carrier, trackingNumber).push(
      event(later(start, HOUR), "in_transit", "En viaje a la sucursal de destino", "Mendoza"),
    );
    const second = later(start, 2 * HOUR + 1000);
    expect((await pollShipments(ctx, { now: second, pollSeconds: POLL })).updated).toBe(1);
    row = await shipmentRow(shipment.id);
    expect(row.status).toBe("in_transit");
    expect(row.events.map((e) => e.status)).toEqual(["created", "in_transit"]);
    expect((await orderRow(order.id)).status).toBe("shipped");

    // Out for delivery: the next look comes after half the usual wait.
    parcel(carrier, trackingNumber).push(event(later(start, 3 * HOUR), "out_for_delivery", "En distribución"));
    const third = later(start, 5 * HOUR);
    await pollShipments(ctx, { now: third, pollSeconds: POLL });
    row = await shipmentRow(shipment.id);
    expect(nextPoll(row).getTime() - third.getTime()).toBeGreaterThanOrEqual((POLL / 2) * 1000);
    expect(nextPoll(row).getTime() - third.getTime()).toBeLessThan(POLL * 1000);

    const deliveredAt = new Date("2026-11-20T18:42:00.000Z");
    parcel(carrier, trackingNumber).push(event(deliveredAt, "delivered", "Entregado al destinatario"));
    const fourth = later(start, 8 * HOUR);
    expect(await pollShipments(ctx, { now: fourth, pollSeconds: POLL })).toMatchObject({ claimed: 1, delivered: 1 });

    const delivered = await orderRow(order.id);
    expect(delivered.status).toBe("delivered");
    // The carrier's moment, not the poll's: it starts the 10-day withdrawal window.
    expect(delivered.deliveredAt?.toISOString()).toBe(deliveredAt.toISOString());
    row = await shipmentRow(shipment.id);
    expect(row).toMatchObject({ status: "delivered", nextPollAt: null, lockedUntil: null, lastError: null });
    expect(row.deliveredAt?.toISOString()).toBe(deliveredAt.toISOString());
    expect(row.events.at(-1)?.status).toBe("delivered");
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(history.filter((e) => e.toStatus === "delivered")).toHaveLength(1);
    expect(await deliveredMails(email)).toHaveLength(1);

    // A delivered shipment is never asked about again.
    const calls = trackCalls(carrier).length;
    expect((await pollShipments(ctx, { now: later(start, 100 * HOUR), pollSeconds: POLL })).claimed).toBe(0);
    expect(trackCalls(carrier)).toHaveLength(calls);
    expect(await deliveredMails(email)).toHaveLength(1);
  });

  it("polls at once a shipment that was never scheduled", async () => {
    const carrier = memoryCarrier("correo_argentino");
    const start = new Date("2026-11-20T15:00:00.000Z");
    const { shipment } = await shippedOrder(carrier, { createdAt: later(start, -HOUR) });
    await db.update(shipments).set({ nextPollAt: null }).where(eq(shipments.id, shipment.id));
    expect(await pollShipments(context(carrier), { now: start, pollSeconds: POLL })).toMatchObject({ updated: 1 });
    expect(nextPoll(await shipmentRow(shipment.id)).getTime()).toBeGreaterThan(start.getTime());
  });

  it("looks again within a minute while the carriers are the demo's sandbox", async () => {
    const carrier = memoryCarrier("correo_argentino");
    const start = new Date("2026-11-20T16:00:00.000Z");
    const { shipment } = await shippedOrder(carrier, { dueAt: start, createdAt: later(start, -HOUR) });
    const sandbox = { current: async () => ({ mode: "sandbox" as const, carriers: [carrier] }) };
    await pollShipments({ ...context(carrier), carriers: sandbox }, { now: start, pollSeconds: POLL });
    const wait = nextPoll(await shipmentRow(shipment.id)).getTime() - start.getTime();
    expect(wait).toBeGreaterThanOrEqual(SANDBOX_POLL_SECONDS * 1000);
    expect(wait).toBeLessThan(SANDBOX_POLL_SECONDS * 1000 + 30_000);
  });

  it("backs off a carrier that fails, says why in Spanish, and clears it when the carrier answers", async () => {
    const carrier = memoryCarrier("andreani");
    const start = new Date("2026-11-21T12:00:00.000Z");
    const { shipment } = await shippedOrder(carrier, { dueAt: start, createdAt: later(start, -HOUR) });
    const ctx = context(carrier);

    carrier.failNext(1, "down");
    expect(await pollShipments(ctx, { now: start, pollSeconds: POLL })).toMatchObject({ claimed: 1, failed: 1 });
    let row = await shipmentRow(shipment.id);
    expect(row.pollFailures).toBe(1);
    expect(row.lastError).toBe("Andreani no respondió al consultar el seguimiento: lo volvemos a intentar más tarde.");
    expect(row.lockedUntil).toBeNull();
    const firstWait = nextPoll(row).getTime() - start.getTime();
    expect(firstWait).toBeGreaterThanOrEqual(POLL * 1000);

    carrier.failNext(1, "reject");
    const again = nextPoll(row);
    await pollShipments(ctx, { now: again, pollSeconds: POLL });
    row = await shipmentRow(shipment.id);
    expect(row.pollFailures).toBe(2);
    expect(row.lastError).toBe("Andreani rechazó la consulta del seguimiento: Andreani rechazó el pedido");
    // Doubled.
    expect(nextPoll(row).getTime() - again.getTime()).toBeGreaterThanOrEqual(2 * POLL * 1000);

    await pollShipments(ctx, { now: nextPoll(row), pollSeconds: POLL });
    row = await shipmentRow(shipment.id);
    expect(row).toMatchObject({ pollFailures: 0, lastError: null, status: "created" });
  });

  it("leaves the order as it was and tries again later when writing the delivery fails", async () => {
    const carrier = memoryCarrier("correo_argentino");
    const start = new Date("2026-11-21T15:00:00.000Z");
    const { order, shipment, trackingNumber, email } = await shippedOrder(carrier, {
      dueAt: start,
      createdAt: later(start, -2 * HOUR),
    });
    parcel(carrier, trackingNumber).push(event(later(start, -HOUR), "delivered", "Entregado"));
    // The order's event cannot be written (a trigger refuses it): the whole delivery rolls back.
    await db.execute(sql`create function refuse_order_event() returns trigger language plpgsql
      as $$ begin raise exception 'order events refused'; end $$`);
    await db.execute(sql`create trigger refuse_order_event before insert on order_events
      for each row execute function refuse_order_event()`);
    let outcome: Awaited<ReturnType<typeof pollShipments>>;
    try {
      outcome = await pollShipments(context(carrier), { now: start, pollSeconds: POLL });
    } finally {
      await db.execute(sql`drop trigger refuse_order_event on order_events`);
      await db.execute(sql`drop function refuse_order_event()`);
    }
    expect(outcome).toMatchObject({ claimed: 1, failed: 1, delivered: 0 });
    expect((await orderRow(order.id)).status).toBe("shipped");
    expect(await deliveredMails(email)).toHaveLength(0);
    let row = await shipmentRow(shipment.id);
    expect(row).toMatchObject({ status: "created", pollFailures: 1, lockedUntil: null });
    expect(row.lastError).toBe("No se pudo guardar el seguimiento del envío: lo volvemos a intentar más tarde.");

    expect(await pollShipments(context(carrier), { now: nextPoll(row), pollSeconds: POLL })).toMatchObject({
      delivered: 1,
    });
    row = await shipmentRow(shipment.id);
    expect(row).toMatchObject({ status: "delivered", pollFailures: 0, lastError: null });
    expect((await orderRow(order.id)).status).toBe("delivered");
    expect(await deliveredMails(email)).toHaveLength(1);
  });

  it("caps the back-off at 12 hours", async () => {
    const carrier = memoryCarrier("andreani");
    const start = new Date("2026-11-21T12:00:00.000Z");
    const { shipment } = await shippedOrder(carrier, { dueAt: start, createdAt: later(start, -HOUR) });
    await db.update(shipments).set({ pollFailures: 9 }).where(eq(shipments.id, shipment.id));
    carrier.failNext(1, "down");
    await pollShipments(context(carrier), { now: start, pollSeconds: POLL });
    const row = await shipmentRow(shipment.id);
    expect(row.pollFailures).toBe(10);
    expect(nextPoll(row).getTime() - start.getTime()).toBeGreaterThanOrEqual(12 * HOUR);
    expect(nextPoll(row).getTime() - start.getTime()).toBeLessThan(12 * HOUR + 60_000);
  });

  it("records that a carrier is not configured any more, and tries again later", async () => {
    const correo = memoryCarrier("correo_argentino");
    const start = new Date("2026-11-22T12:00:00.000Z");
    const { shipment } = await shippedOrder(correo, { dueAt: start, createdAt: later(start, -HOUR) });
    const andreani = memoryCarrier("andreani");
    expect(await pollShipments(context(andreani), { now: start, pollSeconds: POLL })).toMatchObject({ failed: 1 });
    const row = await shipmentRow(shipment.id);
    expect(row.lastError).toBe(
      "Correo Argentino no está configurado: no se puede consultar el seguimiento. Lo volvemos a intentar más tarde.",
    );
    expect(row.pollFailures).toBe(1);
    expect(row.nextPollAt).not.toBeNull();
    expect(trackCalls(correo)).toHaveLength(0);
  });

  it("asks about each shipment once when two passes run at the same time", async () => {
    const carrier = memoryCarrier("correo_argentino");
    carrier.delayMs = 40;
    const start = new Date("2026-11-23T12:00:00.000Z");
    const parcels = [];
    for (let i = 0; i < 3; i++)
      parcels.push(await shippedOrder(carrier, { dueAt: start, createdAt: later(start, -HOUR) }));
    const ctx = context(carrier);
    const passes = await Promise.all([
      pollShipments(ctx, { now: start, pollSeconds: POLL }),
      pollShipments(ctx, { now: start, pollSeconds: POLL }),
    ]);
    expect(passes.reduce((sum, pass) => sum + pass.claimed, 0)).toBe(3);
    expect(passes.reduce((sum, pass) => sum + pass.updated, 0)).toBe(3);
    const asked = trackCalls(carrier).map((call) => call.args[0]);
    expect(asked.sort()).toEqual(parcels.map((parcel) => parcel.trackingNumber).sort());
  });

  it("writes nothing once another pass took the shipment over (its lease ran out)", async () => {
    const carrier = memoryCarrier("correo_argentino");
    const start = new Date("2026-11-24T12:00:00.000Z");
    const { order, shipment, trackingNumber, email } = await shippedOrder(carrier, {
      dueAt: start,
      createdAt: later(start, -HOUR),
    });
    const deliveredAt = later(start, -10 * 60_000);
    parcel(carrier, trackingNumber).push(event(deliveredAt, "delivered", "Entregado"));
    carrier.delayMs = 150;
    const ctx = context(carrier);

    // Pass A claims with a 1 s lease and is slow; pass B comes after that lease and claims the row again.
    const slow = pollShipments(ctx, { now: start, leaseSeconds: 1, pollSeconds: POLL });
    while (trackCalls(carrier).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const takeover = pollShipments(ctx, { now: later(start, 60_000), pollSeconds: POLL });
    const [a, b] = await Promise.all([slow, takeover]);

    expect(a).toMatchObject({ claimed: 1, updated: 0, delivered: 0, lost: 1 });
    expect(b).toMatchObject({ claimed: 1, delivered: 1, lost: 0 });
    expect(trackCalls(carrier)).toHaveLength(2);
    const delivered = await orderRow(order.id);
    expect(delivered.status).toBe("delivered");
    expect(delivered.deliveredAt?.toISOString()).toBe(deliveredAt.toISOString());
    expect(await deliveredMails(email)).toHaveLength(1);
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(history.filter((e) => e.toStatus === "delivered")).toHaveLength(1);
    expect((await shipmentRow(shipment.id)).lockedUntil).toBeNull();
  });

  it("only updates the shipment of an order delivered by hand meanwhile (no second e-mail, its date stays)", async () => {
    const carrier = memoryCarrier("correo_argentino");
    const start = new Date("2026-11-25T12:00:00.000Z");
    const { order, shipment, trackingNumber, email } = await shippedOrder(carrier, {
      dueAt: start,
      createdAt: later(start, -2 * HOUR),
    });
    const byHand = later(start, -HOUR);
    await db.update(orders).set({ status: "delivered", deliveredAt: byHand }).where(eq(orders.id, order.id));
    parcel(carrier, trackingNumber).push(event(later(start, -30 * 60_000), "delivered", "Entregado"));

    expect(await pollShipments(context(carrier), { now: start, pollSeconds: POLL })).toMatchObject({ delivered: 1 });
    expect((await orderRow(order.id)).deliveredAt?.toISOString()).toBe(byHand.toISOString());
    expect((await shipmentRow(shipment.id)).status).toBe("delivered");
    expect(await deliveredMails(email)).toHaveLength(0);
  });

  it("follows a box's parcel to delivered without touching any order", async () => {
    const carrier = memoryCarrier("correo_argentino");
    const start = new Date("2026-11-26T12:00:00.000Z");
    const [plan] = await db.select().from(boxPlans).limit(1);
    if (!plan) throw new Error("the migrations seed the box plans");
    const [subscription] = await db
      .insert(boxSubscriptions)
      .values({
        planId: plan.id,
        priceCents: plan.priceCents,
        frequencyMonths: plan.frequencyMonths,
        status: "active",
        firstName: "Lía",
        lastName: "Gómez",
        email: "lia@example.com",
        whatsapp: "+54 9 11 5555-0000",
        deliveryMethod: "delivery",
        address: "Av. San Martín 1234",
        city: "Mendoza",
        state: "M",
        zipCode: "5500",
      })
      .returning();
    if (!subscription) throw new Error("subscription not written");
    const [box] = await db
      .insert(shipments)
      .values({
        boxSubscriptionId: subscription.id,
        boxPeriod: "2026-11",
        carrier: "correo_argentino",
        kind: "home",
        service: "Correo Argentino a domicilio",
        serviceCode: "HOME",
        reference: `CAJA-2026-11-${subscription.id}`,
        trackingNumber: "CABOX0001",
        status: "in_transit",
        nextPollAt: start,
        createdAt: later(start, -48 * HOUR),
      })
      .returning();
    if (!box) throw new Error("box shipment not written");
    carrier.events.set("CABOX0001", [event(later(start, -HOUR), "delivered", "Entregado")]);
    expect(await pollShipments(context(carrier), { now: start, pollSeconds: POLL })).toMatchObject({ delivered: 1 });
    expect(await shipmentRow(box.id)).toMatchObject({ status: "delivered", nextPollAt: null });
  });

  it(`stops following a parcel after ${TRACKING_GIVE_UP_DAYS} days without delivery, and says so`, async () => {
    const carrier = memoryCarrier("correo_argentino");
    const start = new Date("2026-11-27T12:00:00.000Z");
    const { shipment } = await shippedOrder(carrier, {
      dueAt: start,
      createdAt: later(start, -(TRACKING_GIVE_UP_DAYS + 1) * 24 * HOUR),
    });
    const ctx = context(carrier);
    expect((await pollShipments(ctx, { now: start, pollSeconds: POLL })).updated).toBe(1);
    const row = await shipmentRow(shipment.id);
    expect(row.nextPollAt).toBeNull();
    expect(row.lastError).toMatch(/^Dejamos de seguir este envío: pasaron 60 días/);
    expect((await pollShipments(ctx, { now: later(start, 100 * 24 * HOUR), pollSeconds: POLL })).claimed).toBe(0);
  });

  it("asks one carrier about at most `perCarrier` shipments a pass, and at most `limit` in all", async () => {
    const correo = memoryCarrier("correo_argentino");
    const andreani = memoryCarrier("andreani");
    const start = new Date("2026-11-28T12:00:00.000Z");
    for (let i = 0; i < 3; i++) await shippedOrder(correo, { dueAt: start, createdAt: later(start, -HOUR) });
    for (let i = 0; i < 3; i++) await shippedOrder(andreani, { dueAt: start, createdAt: later(start, -HOUR) });
    const ctx = context(correo, andreani);
    expect((await pollShipments(ctx, { now: start, perCarrier: 2, limit: 3, pollSeconds: POLL })).claimed).toBe(3);
    expect((await pollShipments(ctx, { now: start, perCarrier: 2, limit: 10, pollSeconds: POLL })).claimed).toBe(3);
    expect(trackCalls(correo)).toHaveLength(3);
    expect(trackCalls(andreani)).toHaveLength(3);
  });
});

describe("releaseTrackingLeases", () => {
  it("after a crash in the middle of a pass, the next start asks about the claimed parcels at once", async () => {
    await db.update(shipments).set({ nextPollAt: new Date("2100-01-01T00:00:00Z") });
    const start = new Date();
    const carrier = memoryCarrier("correo_argentino");
    const { order, shipment, trackingNumber } = await shippedOrder(carrier, {
      dueAt: start,
      createdAt: later(start, -HOUR),
    });
    parcel(carrier, trackingNumber).push(event(later(start, -60_000), "delivered", "Entregado"));
    // A pass that died after its claim: the row carries its 5-minute lease and nothing else changed.
    const deadLease = later(start, 300_000);
    await db.update(shipments).set({ lockedUntil: deadLease }).where(eq(shipments.id, shipment.id));
    const ctx = context(carrier);
    expect(await pollShipments(ctx, { now: start, pollSeconds: POLL })).toMatchObject({ claimed: 0 });
    expect(trackCalls(carrier)).toHaveLength(0);

    expect(await releaseTrackingLeases(db)).toBe(1);
    expect((await shipmentRow(shipment.id)).lockedUntil).toBeNull();
    expect(await pollShipments(ctx, { now: start, pollSeconds: POLL })).toMatchObject({ claimed: 1, delivered: 1 });
    expect((await orderRow(order.id)).status).toBe("delivered");
    expect(await releaseTrackingLeases(db)).toBe(0);
  });
});

describe("startShipmentTrackingJob", () => {
  it("keeps following a parcel on its own until it is delivered, and stops when told", async () => {
    await db.update(shipments).set({ nextPollAt: new Date("2100-01-01T00:00:00Z") });
    const carrier = memoryCarrier("andreani");
    const { order, shipment, trackingNumber } = await shippedOrder(carrier, { createdAt: later(new Date(), -HOUR) });
    const job = startShipmentTrackingJob(context(carrier), 50, { pollSeconds: 1 });
    try {
      parcel(carrier, trackingNumber).push(event(new Date(), "in_transit", "En viaje"));
      await until(async () => (await shipmentRow(shipment.id)).status === "in_transit", "the parcel in transit");
      parcel(carrier, trackingNumber).push(event(new Date(), "delivered", "Entregado"));
      await until(async () => (await orderRow(order.id)).status === "delivered", "the order delivered");
    } finally {
      await job.stop();
    }
    // Stopped: a shipment due now is not asked about any more.
    const calls = trackCalls(carrier).length;
    await shippedOrder(carrier);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(trackCalls(carrier)).toHaveLength(calls);
  });
});
