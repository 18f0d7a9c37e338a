import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { Invalid, NotFound } from "~/domain/errors";
import { CarrierRejected } from "~/integrations/carriers/errors";
import { mailOutbox, orders, shipments } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { memoryCarrier } from "../../../tests/support/memory-carrier";
import {
  insertBoxSubscription,
  pageCount,
  paidShippingOrder,
  pdfWithPages,
  printableLabels,
  shippingContext,
} from "../../../tests/support/shipment-fixtures";
import { boxShipmentsSummary, createBoxShipments } from "./box-shipments.server";
import { boxLabels, mergeLabels, parsePeriod, parseShipmentIds, shipmentLabels } from "./labels.server";
import { createPendingShipments, ordersWaitingForShipment } from "./shipments.server";

const { db, admin } = await adminTestDatabase();

// One carrier for the file: its tracking numbers count up, as the carriers' own do.
const correo = printableLabels(memoryCarrier());
const createAtCorreo = correo.createShipment;
beforeEach(() => {
  correo.createShipment = createAtCorreo;
  correo.delayMs = 0;
});

describe("mergeLabels", () => {
  it("puts every page of every label in one PDF, in order", async () => {
    const merged = await mergeLabels([await pdfWithPages(1), await pdfWithPages(2), await pdfWithPages(1)]);
    expect(await pageCount(merged)).toBe(4);
  });

  it("refuses a part that is not a PDF, in Spanish", async () => {
    const attempt = mergeLabels([await pdfWithPages(1), new TextEncoder().encode("<html>no</html>")]);
    await expect(attempt).rejects.toBeInstanceOf(Invalid);
    await expect(attempt).rejects.toThrow("La etiqueta 2 no es un PDF que se pueda unir");
  });

  it("reads ids and months strictly", () => {
    expect(parseShipmentIds("3,1, 3")).toEqual([3, 1]);
    for (const bad of [null, "", "1,,2", "1;2", "-1", "0", "1e3", "abc", Array(101).fill("1").join(",")]) {
      expect(() => parseShipmentIds(bad)).toThrow(Invalid);
    }
    expect(parsePeriod("2026-11")).toBe("2026-11");
    for (const bad of [null, "2026-13", "2026-1", "noviembre", "2026-11-01"]) {
      expect(() => parsePeriod(bad)).toThrow("Indicá el mes como AAAA-MM (por ejemplo 2026-11)");
    }
  });
});

describe("Crear envíos", () => {
  it("creates every waiting paid order's parcel once, lists the failures, and merges the labels", async () => {
    const refused = await paidShippingOrder(db, { values: { zipCode: "9999" } });
    const first = await paidShippingOrder(db);
    const second = await paidShippingOrder(db);
    const unpaid = await paidShippingOrder(db, { values: { status: "pending_payment", paidAt: null } });
    const create = correo.createShipment;
    correo.createShipment = async (request) => {
      if (request.address?.zip === "9999")
        throw new CarrierRejected("correo_argentino", 400, "Código postal inexistente");
      return create(request);
    };
    correo.delayMs = 20;
    const ctx = shippingContext(db, correo);
    expect(await ordersWaitingForShipment(db)).toBe(3);

    // Two admins click together: each order is created by one of them only.
    const [one, two] = await Promise.all([createPendingShipments(ctx, admin), createPendingShipments(ctx, admin)]);

    const created = [...one.created, ...two.created].map((row) => row.number).sort();
    expect(created).toEqual([first.number, second.number].sort());
    const attempts = (number: string) =>
      correo.calls.filter(
        (call) => call.method === "createShipment" && (call.args[0] as { reference: string }).reference === number,
      ).length;
    expect([attempts(first.number), attempts(second.number)]).toEqual([1, 1]);
    // The refused one is the failure of whoever tried it (the other may have tried again after it failed).
    const refusals = [...one.failed, ...two.failed].filter((row) => row.number === refused.number);
    expect(refusals.map((row) => row.error)).toContain("Correo Argentino rechazó el envío: Código postal inexistente");
    expect([...one.failed, ...two.failed].some((row) => row.number === unpaid.number)).toBe(false);
    const rows = await db.select().from(shipments);
    expect(rows.filter((row) => row.status === "created")).toHaveLength(2);
    expect(rows.find((row) => row.orderId === refused.id)?.status).toBe("failed");
    // The failed one waits for the next click; the shipped ones do not.
    expect(await ordersWaitingForShipment(db)).toBe(1);
    expect(two.remaining).toBe(1);

    const ids = [...one.created, ...two.created].map((row) => row.shipmentId);
    expect(await pageCount(await shipmentLabels(ctx, ids))).toBe(2);
    await expect(shipmentLabels(ctx, [999_999])).rejects.toBeInstanceOf(NotFound);
    const statuses = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, first.id));
    expect(statuses[0]?.status).toBe("shipped");
  });
});

describe("the month's boxes", () => {
  it("sends each active subscription delivered to the door once a month, e-mails the tracking and merges the labels", async () => {
    correo.delayMs = 10;
    const mara = await insertBoxSubscription(db, { email: "mara@example.com" });
    const juan = await insertBoxSubscription(db, { firstName: "Juan", email: "juan@example.com", zipCode: "C1414ABC" });
    await insertBoxSubscription(db, { email: "retira@example.com", deliveryMethod: "pickup", address: null });
    await insertBoxSubscription(db, { email: "pausa@example.com", status: "paused" });
    const ctx = shippingContext(db, correo);
    const before = correo.calls.length;

    const [one, two] = await Promise.all([
      createBoxShipments(ctx, admin, "2026-11"),
      createBoxShipments(ctx, admin, "2026-11"),
    ]);

    const created = [...one.created, ...two.created];
    expect(created.map((row) => row.subscriptionId).sort()).toEqual([mara.id, juan.id].sort());
    expect(correo.calls.slice(before).filter((call) => call.method === "createShipment")).toHaveLength(2);
    const requests = [...correo.shipments.values()].filter((request) => request.reference.startsWith("CAJA-"));
    expect(requests.map((request) => request.reference).sort()).toEqual(
      [`CAJA-2026-11-${mara.id}`, `CAJA-2026-11-${juan.id}`].sort(),
    );
    expect(requests.find((request) => request.reference.endsWith(`-${juan.id}`))).toMatchObject({
      kind: "home",
      serviceCode: "HOME",
      address: { street: "Bv. San Juan 500", city: "Córdoba", zip: "1414", province: "X" },
      parcel: { weightGrams: 900 },
    });

    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "box-shipped"));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(["juan@example.com", "mara@example.com"]);
    const maraMail = mails.find((mail) => mail.toAddress === "mara@example.com");
    const maraTracking = created.find((row) => row.subscriptionId === mara.id)?.trackingNumber ?? "";
    expect(maraMail?.subject).toBe("Tu Caja Rizoma de noviembre de 2026 está en camino");
    expect(maraMail?.text).toContain(maraTracking);
    expect(maraMail?.html).toContain(`https://www.correoargentino.com.ar/formularios/e-commerce?id=${maraTracking}`);
    expect(maraMail?.text).toContain("/caja-rizoma/mi-suscripcion?token=");

    // Once a month: a third click sends nothing; next month is another box.
    const again = await createBoxShipments(ctx, admin, "2026-11");
    expect(again).toEqual({ created: [], failed: [], remaining: 0 });
    expect(await boxShipmentsSummary(db, "2026-11")).toMatchObject({
      label: "noviembre de 2026",
      waiting: 0,
      sent: 2,
      failed: [],
    });
    expect(await pageCount(await boxLabels(ctx, "2026-11"))).toBe(2);
    await expect(boxLabels(ctx, "2026-10")).rejects.toThrow("Todavía no hay envíos de cajas de ese mes");

    correo.failNext(1, "down");
    const december = await createBoxShipments(ctx, admin, "2026-12");
    expect(december.created).toHaveLength(1);
    expect(december.failed).toEqual([
      expect.objectContaining({ error: "Correo Argentino no respondió: probá de nuevo en unos minutos" }),
    ]);
    expect(await boxShipmentsSummary(db, "2026-12")).toMatchObject({ waiting: 1, sent: 1 });
    const retried = await createBoxShipments(ctx, admin, "2026-12");
    expect(retried.created).toHaveLength(1);
    expect(await boxShipmentsSummary(db, "2026-12")).toMatchObject({ waiting: 0, sent: 2, failed: [] });
  });
});
