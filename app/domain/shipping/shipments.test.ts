import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { BadGateway, Conflict, Invalid, NotFound } from "~/domain/errors";
import { auditLog, mailOutbox, orders, shipments } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { memoryCarrier } from "../../../tests/support/memory-carrier";
import { insertOrder } from "../../../tests/support/order-row";
import {
  ANDREANI_BRANCH,
  paidShippingOrder,
  printableLabels,
  shippingContext,
} from "../../../tests/support/shipment-fixtures";
import { orderLabel } from "./labels.server";
import { orderShippingPanel } from "./order-panel.server";
import { createOrderShipment } from "./shipments.server";

const { db, admin } = await adminTestDatabase();

// One carrier of each for the file: their tracking numbers count up, as the carriers' own do.
const correo = printableLabels(memoryCarrier("correo_argentino"));
const andreani = memoryCarrier("andreani");
const createAtCorreo = correo.createShipment;
beforeEach(() => {
  for (const carrier of [correo, andreani]) {
    carrier.calls.length = 0;
    carrier.delayMs = 0;
  }
  correo.createShipment = createAtCorreo;
});

const shipmentsOf = (orderId: number) => db.select().from(shipments).where(eq(shipments.orderId, orderId));
const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const mailsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

describe("Crear envío", () => {
  it("sends a table order with the default carrier to the door, ships it and e-mails the tracking link", async () => {
    const order = await paidShippingOrder(db, { values: { email: "tabla@example.com" } });

    const shipment = await createOrderShipment(shippingContext(db, correo), admin, order.number.toLowerCase());

    // The table says nothing of the carrier's products: its first home service is quoted, then used.
    expect(correo.calls.map((call) => call.method)).toEqual(["quote", "createShipment"]);
    const request = [...correo.shipments.values()][0];
    expect(request).toMatchObject({
      reference: order.number,
      kind: "home",
      serviceCode: "HOME",
      branchId: null,
      recipient: { firstName: "Ana", lastName: "Pérez", email: "tabla@example.com" },
      address: { street: "Av. Colón 1234", city: "Córdoba", zip: "5000", province: "X" },
      sender: { address: { zip: "1414", province: "C", street: "Thames 1234", city: "CABA" } },
      // Two books of 350 g and the envelope's 100 g; the books' value without the shipping.
      parcel: { weightGrams: 800, heightCm: 6, widthCm: 25, lengthCm: 33, declaredValueCents: 3_000_000 },
    });

    expect(shipment).toMatchObject({
      status: "created",
      carrier: "correo_argentino",
      service: "Correo Argentino a domicilio",
      serviceCode: "HOME",
      trackingNumber: "CA000000001",
      reference: order.number,
      lockedUntil: null,
    });
    expect(shipment.label?.length).toBeGreaterThan(100);
    expect(shipment.events.map((event) => event.status)).toEqual(["created"]);
    expect(shipment.nextPollAt).not.toBeNull();

    const shipped = await orderRow(order.id);
    expect(shipped).toMatchObject({ status: "shipped", trackingCode: "CA000000001" });
    const [mail] = await mailsTo("tabla@example.com");
    expect(mail?.template).toBe("order-shipped");
    expect(mail?.text).toContain("CA000000001");
    expect(mail?.html).toContain("https://www.correoargentino.com.ar/formularios/e-commerce?id=CA000000001");
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "shipment.create"));
    expect(audit.map((line) => line.summary)).toContain(
      `Creó el envío del pedido ${order.number} con Correo Argentino (seguimiento CA000000001)`,
    );
  });

  it("sends the buyer's own choice: Andreani to the branch picked at checkout, without quoting again", async () => {
    const order = await paidShippingOrder(db, { choice: ANDREANI_BRANCH, weightGrams: null });

    const shipment = await createOrderShipment(shippingContext(db, correo, andreani), admin, order.number);

    expect(andreani.calls.map((call) => call.method)).toEqual(["createShipment"]);
    expect(andreani.shipments.get("AND000000001")).toMatchObject({
      kind: "branch",
      serviceCode: "BRANCH",
      branchId: "andreani-suc-1",
      address: null,
      // No weight of its own: the settings' 400 g a book.
      parcel: { weightGrams: 900 },
    });
    expect(shipment).toMatchObject({ carrier: "andreani", kind: "branch", branchId: "andreani-suc-1" });
    const panel = await orderShippingPanel(shippingContext(db, andreani), (await orderRow(order.id)) ?? order);
    expect(panel).toMatchObject({
      canCreate: false,
      shipment: {
        carrierName: "Andreani",
        service: "Andreani a sucursal",
        trackingNumber: "AND000000001",
        trackingUrl: "https://www.andreani.com/envio/AND000000001",
        statusLabel: "Etiqueta lista",
        labelUrl: `/admin/pedidos/${order.number}/etiqueta`,
        canRetry: false,
      },
    });
  });

  it("calls the carrier once when two admins click at the same time", async () => {
    correo.delayMs = 40;
    const order = await paidShippingOrder(db, { choice: { ...ANDREANI_BRANCH, carrier: "correo_argentino" } });
    const ctx = shippingContext(db, correo);

    const results = await Promise.allSettled([
      createOrderShipment(ctx, admin, order.number),
      createOrderShipment(ctx, admin, order.number),
    ]);

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(Conflict);
    expect(refused?.status === "rejected" && refused.reason.message).toMatch(
      /^(El envío de este pedido ya se está creando|Este pedido ya tiene envío)$/,
    );
    expect(correo.calls.filter((call) => call.method === "createShipment")).toHaveLength(1);
    expect(await shipmentsOf(order.id)).toHaveLength(1);
    await expect(createOrderShipment(ctx, admin, order.number)).rejects.toThrow(
      "Solo se crean envíos de pedidos pagados",
    );
  });

  it("keeps the carrier's refusal or silence on a failed row, the order paid, and lets the admin try again", async () => {
    const order = await paidShippingOrder(db, {
      choice: { ...ANDREANI_BRANCH, carrier: "correo_argentino" },
      values: { email: "reintento@example.com" },
    });
    const ctx = shippingContext(db, correo);

    correo.failNext(1, "down");
    const down = createOrderShipment(ctx, admin, order.number);
    await expect(down).rejects.toBeInstanceOf(BadGateway);
    await expect(down).rejects.toThrow("Correo Argentino no respondió: probá de nuevo en unos minutos");
    const [failed] = await shipmentsOf(order.id);
    expect(failed).toMatchObject({
      status: "failed",
      lastError: "Correo Argentino no respondió: probá de nuevo en unos minutos",
      trackingNumber: null,
      lockedUntil: null,
    });
    expect((await orderRow(order.id))?.status).toBe("paid");
    expect(await mailsTo("reintento@example.com")).toHaveLength(0);
    const panel = await orderShippingPanel(ctx, order);
    expect(panel).toMatchObject({ canCreate: false, shipment: { status: "failed", canRetry: true, labelUrl: null } });

    correo.failNext(1, "reject");
    await expect(createOrderShipment(ctx, admin, order.number)).rejects.toThrow(
      "Correo Argentino rechazó el envío: Correo Argentino rechazó el pedido",
    );

    const retried = await createOrderShipment(ctx, admin, order.number);
    expect(retried).toMatchObject({ id: failed?.id, status: "created", lastError: null });
    expect(await shipmentsOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id))?.status).toBe("shipped");
    expect(await mailsTo("reintento@example.com")).toHaveLength(1);
  });

  it("takes back a parcel left 'creating' by an instance that died mid-call, never a live one", async () => {
    const order = await paidShippingOrder(db, { choice: { ...ANDREANI_BRANCH, carrier: "correo_argentino" } });
    const [stuck] = await db
      .insert(shipments)
      .values({
        orderId: order.id,
        carrier: "correo_argentino",
        kind: "branch",
        service: "Correo Argentino a sucursal",
        serviceCode: "BRANCH",
        reference: order.number,
        status: "creating",
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    const ctx = shippingContext(db, correo);

    await expect(createOrderShipment(ctx, admin, order.number)).rejects.toThrow(
      "El envío de este pedido ya se está creando",
    );
    expect(correo.calls).toHaveLength(0);

    await db
      .update(shipments)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(shipments.id, stuck?.id ?? 0));
    expect(await orderShippingPanel(ctx, order)).toMatchObject({ shipment: { status: "creating", canRetry: true } });
    const taken = await createOrderShipment(ctx, admin, order.number);
    expect(taken).toMatchObject({ id: stuck?.id, status: "created" });
  });

  it("refuses unpaid orders, pickups, CABA deliveries, unknown numbers and carriers not configured", async () => {
    const ctx = shippingContext(db, correo);
    const unpaid = await paidShippingOrder(db, { values: { status: "pending_payment", paidAt: null } });
    const pickup = await insertOrder(db, { status: "paid" });
    const caba = await insertOrder(db, { status: "paid", deliveryMethod: "caba", address: "Thames 1", city: "CABA" });
    const andreaniOrder = await paidShippingOrder(db, { choice: ANDREANI_BRANCH });

    const unpaidTry = createOrderShipment(ctx, admin, unpaid.number);
    await expect(unpaidTry).rejects.toBeInstanceOf(Conflict);
    await expect(unpaidTry).rejects.toThrow("Solo se crean envíos de pedidos pagados");
    for (const order of [pickup, caba]) {
      const attempt = createOrderShipment(ctx, admin, order.number);
      await expect(attempt).rejects.toBeInstanceOf(Invalid);
      await expect(attempt).rejects.toThrow("Este pedido no se envía por correo");
    }
    for (const number of ["RZ-999999", "'; drop table orders; --", "RZ-", "x".repeat(5000)]) {
      await expect(createOrderShipment(ctx, admin, number)).rejects.toBeInstanceOf(NotFound);
    }
    await expect(createOrderShipment(ctx, admin, andreaniOrder.number)).rejects.toThrow(
      "Andreani no está configurado: configurá ANDREANI_* o elegí otro correo",
    );
    const none = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, andreaniOrder.id)));
    expect(none).toHaveLength(0);
    const panel = await orderShippingPanel(ctx, andreaniOrder);
    expect(panel).toMatchObject({
      canCreate: true,
      plan: { carrierName: "Andreani", kind: "branch", configured: false, branch: { name: "Andreani Villa Crespo" } },
      shipment: null,
    });
    expect(await orderShippingPanel(ctx, pickup)).toBeNull();
  });

  it("marks the parcel cancelled when the order stopped being paid while the carrier answered", async () => {
    const order = await paidShippingOrder(db, { choice: { ...ANDREANI_BRANCH, carrier: "correo_argentino" } });
    const create = correo.createShipment;
    correo.createShipment = async (request) => {
      const answer = await create(request);
      await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
      return answer;
    };

    await expect(createOrderShipment(shippingContext(db, correo), admin, order.number)).rejects.toThrow(
      /El pedido dejó de estar pagado mientras se creaba el envío: anulá el envío CA\d+ en Correo Argentino/,
    );
    const [row] = await shipmentsOf(order.id);
    expect(row).toMatchObject({ status: "cancelled", trackingNumber: expect.stringMatching(/^CA/) });
  });
});

describe("an order's label", () => {
  it("is the stored PDF, or the carrier's reprint kept for next time", async () => {
    const order = await paidShippingOrder(db, { choice: { ...ANDREANI_BRANCH, carrier: "correo_argentino" } });
    const ctx = shippingContext(db, correo);
    const shipment = await createOrderShipment(ctx, admin, order.number);
    await db.update(shipments).set({ label: null }).where(eq(shipments.id, shipment.id));

    const { filename, pdf } = await orderLabel(ctx, order.number.toLowerCase());

    expect(filename).toBe(`etiqueta-${order.number}.pdf`);
    expect(new TextDecoder().decode(pdf)).toMatch(/^%PDF-/);
    expect(correo.calls.at(-1)).toEqual({ method: "label", args: [shipment.trackingNumber] });
    const [kept] = await shipmentsOf(order.id);
    expect(kept?.label?.length).toBe(pdf.length);
    await expect(orderLabel(ctx, (await paidShippingOrder(db)).number)).rejects.toThrow(
      "Este pedido no tiene etiqueta: creá su envío primero",
    );
  });
});
