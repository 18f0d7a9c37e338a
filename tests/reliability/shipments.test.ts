import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../app/domain/settings/schema";
import { openPglite, openPostgres } from "../../db/connect";
import { mailOutbox, orderEvents, orders, shipments } from "../../db/schema";
import { type AppServer, adminCookie, appEnv, callApp, removeDataDir, startApp } from "../support/app-server";
import {
  correoArgentinoEnv,
  type FakeCorreoArgentino,
  startFakeCorreoArgentino,
} from "../support/fake-correo-argentino";
import { saleBooks, setStock } from "../support/shop";
import { onPostgres } from "../support/test-database";
import { until } from "../support/until";

/**
 * Carrier shipments under faults (issue 21): "Crear envío" sent twice at once for every order, on two
 * instances (PostgreSQL; PGlite is owned by one process), makes exactly one parcel per order at Correo
 * Argentino (its fake on loopback); then every parcel is delivered at the carrier and the tracking jobs of
 * both instances follow them, one instance killed (-9) in the middle: every order ends delivered with
 * exactly one "entregado" e-mail and one delivered event.
 */
const admin = { email: "envios-fallas@rizoma.com.ar", password: "clave-de-prueba-envios" };
const postgres = inject("postgresAdminUrl") !== "";
const engine = () => (onPostgres() ? "postgresql" : "pglite");
const report = (line: string) => console.log(`shipments (${engine()}): ${line}`);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function start(env: Record<string, string>): Promise<AppServer> {
  const app = await startApp(env);
  cleanups.push(() => app.kill());
  return app;
}

/** A paid province-table order to Córdoba: the shop's default carrier (Correo Argentino) takes it to the door. */
async function paidOrder(app: AppServer, cookie: string, bookId: number, i: number): Promise<string> {
  const placed = await callApp(app, "/api/orders", {
    body: {
      items: [{ id: bookId, quantity: 1 }],
      customer: {
        firstName: "Envío",
        lastName: `Número ${i}`,
        email: `envio-${i}@example.com`,
        phone: "+54 9 351 555-1234",
      },
      delivery: {
        method: "shipping",
        speed: "standard",
        address: `Bv. San Juan ${500 + i}`,
        city: "Córdoba",
        province: "X",
        zipCode: "5000",
      },
      paymentMethod: "transfer",
    },
  });
  expect(placed.status, placed.text).toBe(201);
  const number = placed.json.order.number as string;
  const paid = await callApp(app, `/api/admin/orders/${number}/confirm-payment`, { method: "POST", cookie });
  expect(paid.status, paid.text).toBe(200);
  return number;
}

describe("carrier shipments through faults", () => {
  const ORDERS = 12;
  const instances = postgres ? 2 : 1;
  it(`${ORDERS} orders, 'Crear envío' twice at once each on ${instances === 2 ? "two instances" : "one instance"}; tracking through a kill -9: one parcel and one 'entregado' each`, async () => {
    const correo: FakeCorreoArgentino = await startFakeCorreoArgentino();
    cleanups.push(() => correo.close());
    const env = await appEnv({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...correoArgentinoEnv(correo),
      TRACKING_INTERVAL_MS: "200",
      SHIPMENT_POLL_SECONDS: "1",
      // The killed instance's claimed shipments come back after this (PostgreSQL: the survivor waits it out;
      // PGlite: the restart releases them at once).
      TRACKING_LEASE_SECONDS: "5",
    });
    cleanups.push(async () => removeDataDir(env.DATA_DIR ?? ""));
    const a = await start(env);
    const bEnv = { ...env, DATA_DIR: `${env.DATA_DIR}-b` };
    const b = instances === 2 ? await start(bEnv) : null;
    if (b) cleanups.push(async () => removeDataDir(b.dataDir));
    const cookie = await adminCookie(a, admin);
    // The per-IP limit of orders is for visitors; this test is one address placing many.
    const raised = { ...DEFAULT_SETTINGS.rateLimits, ordersPerIpPerHour: 1000 };
    expect((await callApp(a, "/api/admin/settings/rateLimits", { method: "PUT", body: raised, cookie })).status).toBe(
      200,
    );
    const [book] = await saleBooks(a, 1);
    if (!book) throw new Error("no book");
    await setStock(a, cookie, book.id, 1_000);
    const numbers: string[] = [];
    for (let i = 0; i < ORDERS; i++) numbers.push(await paidOrder(a, cookie, book.id, i));

    // Every order's "Crear envío" twice at once, on both instances when there are two.
    const started = Date.now();
    const answers = await Promise.all(
      numbers.flatMap((number) =>
        [a, b ?? a].map((app) =>
          callApp(app, `/api/admin/orders/${number}/create-shipment`, { method: "POST", cookie }),
        ),
      ),
    );
    const racedIn = Date.now() - started;
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ORDERS);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
    expect(correo.requestsTo("/shipping/import")).toHaveLength(ORDERS);
    expect(correo.shipments.size).toBe(ORDERS);

    // Each parcel delivered at the carrier; the instance that started first is killed while they are followed.
    for (const tracking of correo.shipments.keys()) correo.advance(tracking, "delivered");
    await new Promise((resolve) => setTimeout(resolve, 150));
    await a.kill();
    const survivor = b ?? (await start(env));
    const survivorCookie = await adminCookie(survivor, admin);
    await until(
      async () => {
        for (const number of numbers) {
          const order = await callApp(survivor, `/api/admin/orders/${number}`, { cookie: survivorCookie });
          if (order.json.order?.status !== "delivered") return false;
        }
        return true;
      },
      "every order delivered",
      60_000,
    );
    await survivor.stop();

    const database = env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL, { max: 2 })
      : await openPglite(env.DATA_DIR ?? "");
    try {
      const { db } = database;
      const ids = (await db.select({ id: orders.id }).from(orders).where(inArray(orders.number, numbers))).map(
        (row) => row.id,
      );
      const mails = await db
        .select({ to: mailOutbox.toAddress, n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(eq(mailOutbox.template, "order-delivered"))
        .groupBy(mailOutbox.toAddress);
      expect(mails).toHaveLength(ORDERS);
      expect(mails.every((row) => row.n === 1)).toBe(true);
      const delivered = await db
        .select({ orderId: orderEvents.orderId, n: sql<number>`count(*)::int` })
        .from(orderEvents)
        .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.toStatus, "delivered")))
        .groupBy(orderEvents.orderId);
      expect(delivered).toHaveLength(ORDERS);
      expect(delivered.every((row) => row.n === 1)).toBe(true);
      const rows = await db.select().from(shipments).where(inArray(shipments.orderId, ids));
      expect(rows).toHaveLength(ORDERS);
      expect(rows.every((row) => row.status === "delivered" && row.deliveredAt !== null)).toBe(true);
      const withDate = await db.select({ at: orders.deliveredAt }).from(orders).where(inArray(orders.id, ids));
      expect(withDate.every((row) => row.at !== null)).toBe(true);
      report(
        `${ORDERS} paid orders, 'Crear envío' twice at once each over ${instances} instance(s) (${racedIn} ms): ` +
          `${correo.shipments.size} parcels at the carrier, ${statuses.filter((s) => s === 409).length} refusals (409); ` +
          `all delivered at the carrier, an instance killed (-9) 150 ms later: ${rows.length} shipments delivered, ` +
          `one 'entregado' e-mail and one delivered event per order`,
      );
    } finally {
      await database.close();
    }
  });
});
