import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShipmentTimeline } from "~/components/shipping/shipment-timeline";
import { orderSigner } from "~/domain/orders/shared.server";
import type { BuyerShipment } from "~/domain/shipping/timeline.server";
import { pollShipments } from "~/domain/shipping/tracking.server";
import { shipments } from "~db/schema";
import { adminTestDatabase } from "../../tests/support/admin-database";
import { memoryCarrier, memoryCarriers } from "../../tests/support/memory-carrier";
import { insertOrder } from "../../tests/support/order-row";
import { routeArgs } from "../../tests/support/route-context";
import * as accountPage from "./cuenta/pedido";
import * as buyerPage from "./pedido";

/*
 * The buyer follows the carrier's parcel on both order pages: the signed /pedido/{number}?token= and Mi
 * cuenta's /cuenta/pedidos/{number}. Their loaders run as a request would; the timeline component renders
 * what they answer.
 */

const { database, db } = await adminTestDatabase();
const ctx = { db, siteUrl: "http://localhost:3000", configuredSecret: null };
const carrier = memoryCarrier("andreani");

async function shippedByAndreani(email: string) {
  const order = await insertOrder(db, {
    email,
    status: "shipped",
    deliveryMethod: "shipping",
    paidAt: new Date("2026-11-18T12:00:00Z"),
    shippedAt: new Date("2026-11-19T12:00:00Z"),
    carrier: "andreani",
    carrierChoice: {
      kind: "branch",
      service: "Andreani Estándar a sucursal",
      serviceCode: "BRANCH",
      days: { min: 3, max: 5 },
      branch: { id: "AND-14", name: "Andreani Palermo", address: "Av. Córdoba 5000", city: "CABA", zip: "1414" },
    },
  });
  const trackingNumber = `AND${order.id}000777`;
  await db.insert(shipments).values({
    orderId: order.id,
    carrier: "andreani",
    kind: "branch",
    service: "Andreani Estándar a sucursal",
    serviceCode: "BRANCH",
    branchId: "AND-14",
    reference: order.number,
    trackingNumber,
    status: "created",
    events: [{ at: "2026-11-19T12:00:00.000Z", status: "created", description: "Envío creado", place: null }],
    nextPollAt: new Date("2026-11-19T12:00:00Z"),
  });
  carrier.events.set(trackingNumber, [
    { at: "2026-11-19T09:10:00-03:00", status: "created", description: "Pedido de envío recibido", place: null },
    {
      at: "2026-11-19T18:30:00-03:00",
      status: "in_transit",
      description: "Ingresó al centro de distribución",
      place: "Benavídez",
    },
  ]);
  return { order, trackingNumber };
}

const openSigned = async (number: string) =>
  buyerPage.loader(
    routeArgs(`/pedido/${number}?token=${(await orderSigner(ctx)).token(number)}`, database, {
      params: { number },
    }) as never,
  );

const openInAccount = (number: string, email: string) =>
  accountPage.loader(
    routeArgs(`/cuenta/pedidos/${number}`, database, {
      params: { number },
      context: { customer: { email }, customerToken: null },
    }) as never,
  );

const render = (shipment: BuyerShipment | null) => renderToString(createElement(ShipmentTimeline, { shipment }));

describe("the shipment's timeline on the buyer's order pages", () => {
  it("shows the carrier, the tracking link and the steps, and ends in Entregado with its date once delivered", async () => {
    const email = "sofia@example.com";
    const { order, trackingNumber } = await shippedByAndreani(email);
    const tracking = { db, siteUrl: ctx.siteUrl, configuredSecret: null, carriers: memoryCarriers(carrier) };
    await pollShipments(tracking, { now: new Date("2026-11-20T12:00:00Z") });

    const moving = await openSigned(order.number);
    expect(moving.shipment).toMatchObject({
      carrier: "andreani",
      carrierName: "Andreani",
      service: "Andreani Estándar a sucursal",
      kind: "branch",
      trackingNumber,
      trackingUrl: `https://www.andreani.com/envio/${trackingNumber}`,
      delivered: false,
      deliveredAt: null,
    });
    expect(moving.shipment?.steps).toEqual([
      {
        status: "created",
        label: "Envío registrado en el correo",
        description: "Pedido de envío recibido",
        place: null,
        at: "2026-11-19T12:10:00.000Z",
      },
      {
        status: "in_transit",
        label: "En camino",
        description: "Ingresó al centro de distribución",
        place: "Benavídez",
        at: "2026-11-19T21:30:00.000Z",
      },
    ]);
    const before = render(moving.shipment);
    expect(before).toContain("Seguimiento del envío");
    expect(before).toContain("Andreani Estándar a sucursal<");
    expect(before).toContain(`href="https://www.andreani.com/envio/${trackingNumber}"`);
    expect(before).toContain("Ingresó al centro de distribución · Benavídez");
    expect(before).toContain("19 de noviembre de 2026");
    // "Entregado" is still ahead.
    expect(before).toMatch(/Entregado<\/span><span[^>]*>Pendiente/);

    carrier.events.get(trackingNumber)?.push({
      at: "2026-11-21T11:15:00-03:00",
      status: "delivered",
      description: "Entregado en sucursal",
      place: "Andreani Palermo",
    });
    await pollShipments(tracking, { now: new Date("2026-11-21T20:00:00Z") });

    const signed = await openSigned(order.number);
    const account = await openInAccount(order.number, email);
    expect(signed.order.status).toBe("delivered");
    for (const page of [signed, account]) {
      expect(page.shipment?.delivered).toBe(true);
      expect(page.shipment?.deliveredAt).toBe("2026-11-21T14:15:00.000Z");
      expect(page.shipment?.steps.at(-1)).toMatchObject({ status: "delivered", label: "Entregado" });
    }
    // Mi cuenta's own order timeline reaches "Entregado" at the carrier's moment too.
    expect(account.timeline.at(-1)).toEqual({ step: "delivered", label: "Entregado", at: "2026-11-21T14:15:00.000Z" });
    const after = render(account.shipment);
    expect(after).not.toContain("Pendiente");
    expect(after).toMatch(/Entregado<\/span><span[^>]*>Entregado en sucursal · Andreani Palermo/);
    expect(after).toContain("21 de noviembre de 2026");
    expect(after).toContain("11:15");
  });

  it("shows no shipment while there is none to follow", async () => {
    const plain = await insertOrder(db, { email: "tomas@example.com" });
    expect((await openSigned(plain.number)).shipment).toBeNull();

    const { order } = await shippedByAndreani("ines@example.com");
    await db.update(shipments).set({ status: "cancelled" });
    expect((await openInAccount(order.number, "ines@example.com")).shipment).toBeNull();
    expect(render(null)).toBe("");
  });
});
