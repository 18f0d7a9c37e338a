import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeAndreani, startFakeAndreani } from "../../../tests/support/fake-andreani";
import { andreaniClient } from "./andreani.server";
import { CarrierRejected, CarrierUnavailable } from "./errors";
import type { Carrier, Parcel, ShipmentRequest } from "./types";

const parcel: Parcel = { weightGrams: 1_200, heightCm: 8, widthCm: 20, lengthCm: 30, declaredValueCents: 3_000_000 };
const quoteFor = (destinationZip: string) => ({ originZip: "1414", destinationZip, parcel });

function shipment(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    reference: `RZ-${Math.floor(Math.random() * 1e9)}`,
    kind: "home",
    serviceCode: "400006709",
    sender: {
      name: "Rizoma Libros",
      email: "hola@rizoma.com.ar",
      phone: "1145678900",
      address: { street: "Gorriti 4850", city: "Ciudad Autónoma de Buenos Aires", zip: "1414", province: "C" },
    },
    recipient: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "1155554444" },
    address: { street: "Av. Cabildo 2040", city: "Ciudad Autónoma de Buenos Aires", zip: "1428", province: "C" },
    branchId: null,
    parcel,
    ...overrides,
  };
}

let fake: FakeAndreani;
let client: Carrier;
const clientFor = (contracts: { contract: string; branchContract: string | null }) =>
  andreaniClient(
    { apiBase: fake.url, user: fake.user, password: fake.password, client: "CL0003750", ...contracts },
    2_000,
  );

beforeAll(async () => {
  fake = await startFakeAndreani();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.down(false);
  fake.requests.length = 0;
  client = clientFor({ contract: fake.homeContract, branchContract: fake.branchContract });
});

describe("Andreani quotes", () => {
  it("prices the door with the home contract and the branch with the branch one, in centavos", async () => {
    const rates = await client.quote(quoteFor("1414"));
    const sent = fake.requestsTo("/v1/tarifas");
    expect(sent.map((request) => request.query.contrato).sort()).toEqual([fake.homeContract, fake.branchContract]);
    expect(sent[0]?.query).toMatchObject({
      cpDestino: "1414",
      cliente: "CL0003750",
      "bultos[0][kilos]": "1.2",
      "bultos[0][volumen]": "4800",
      "bultos[0][valorDeclarado]": "30000",
    });
    expect(sent[0]?.headers["x-authorization-token"]).toMatch(/^an-token-/);
    // The fake's tariff: (5200 + 640 + 2 × 710.4 + 1% of 30000) × 1.21 = "9148.57"; the branch's is less.
    expect(rates).toEqual([
      {
        kind: "home",
        service: "Andreani Estándar a domicilio",
        serviceCode: fake.homeContract,
        priceCents: 914_857,
        days: { min: 1, max: 3 },
      },
      {
        kind: "branch",
        service: "Andreani Estándar a sucursal",
        serviceCode: fake.branchContract,
        priceCents: expect.any(Number),
        days: { min: 1, max: 3 },
      },
    ]);
    expect(rates[1]?.priceCents).toBeLessThan(914_857);
  });

  it("with a single contract, asks once and offers both kinds under it", async () => {
    const single = clientFor({ contract: fake.homeContract, branchContract: null });
    const rates = await single.quote(quoteFor("5000"));
    expect(fake.requestsTo("/v1/tarifas")).toHaveLength(1);
    expect(rates.map((rate) => [rate.kind, rate.serviceCode])).toEqual([
      ["home", fake.homeContract],
      ["branch", fake.homeContract],
    ]);
    expect(rates[0]?.days).toEqual({ min: 3, max: 7 });
  });

  it("turns Andreani's ProblemDetails into CarrierRejected with its detail", async () => {
    const wrong = clientFor({ contract: "999", branchContract: null });
    const error = await wrong.quote(quoteFor("1414")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRejected);
    expect((error as Error).message).toBe("El contrato es incorrecto");
  });

  it("logs in once, and again once after a 401", async () => {
    const before = fake.logins;
    await Promise.all([client.quote(quoteFor("1414")), client.quote(quoteFor("2000"))]);
    expect(fake.logins - before).toBe(1);
    fake.expireTokens();
    await client.quote(quoteFor("1414"));
    expect(fake.logins - before).toBe(2);
  });

  it("is unavailable when Andreani is down", async () => {
    fake.down(true);
    await expect(client.quote(quoteFor("1414"))).rejects.toBeInstanceOf(CarrierUnavailable);
  });
});

describe("Andreani branches", () => {
  it("lists the branches that hand parcels over, the postal code's own first, without logging in", async () => {
    const before = fake.logins;
    const branches = await client.branches("1414");
    expect(fake.requestsTo("/v2/sucursales")[0]?.query).toEqual({ codigoPostal: "1414", canal: "B2C" });
    expect(branches).toEqual([
      {
        id: "11414",
        name: "PALERMO (1414)",
        address: "Av. Córdoba 4000",
        city: "Ciudad Autónoma de Buenos Aires",
        zip: "1414",
        province: null,
        hours: "Lunes a Viernes de 09:00 a 18:00 - Sábados de 09:00 a 13:00",
      },
      expect.objectContaining({ id: "11415", zip: "1426" }),
    ]);
    expect(fake.logins).toBe(before);
  });

  it("answers none where Andreani finds none (its 404)", async () => {
    await expect(client.branches("9999")).resolves.toEqual([]);
  });
});

describe("Andreani shipments", () => {
  it("creates a home order: its number and Andreani's label PDF", async () => {
    const request = shipment();
    const created = await client.createShipment(request);
    expect(created.trackingNumber).toMatch(/^360000\d{9}$/);
    expect(new TextDecoder().decode(created.labelPdf.subarray(0, 5))).toBe("%PDF-");
    const body = fake.shipments.get(created.trackingNumber)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      contrato: fake.homeContract,
      idPedido: request.reference,
      destino: { postal: { codigoPostal: "1428", calle: "Av. Cabildo", numero: "2040", region: "AR-C" } },
      destinatario: [{ nombreCompleto: "Ana Pérez", email: "ana@example.com" }],
      bultos: [{ kilos: 1.2, valorDeclaradoConImpuestos: 30_000 }],
    });
    expect(await client.label(created.trackingNumber)).toEqual(created.labelPdf);
  });

  it("creates a branch order with the branch contract and the branch's id", async () => {
    const created = await client.createShipment(
      shipment({ kind: "branch", address: null, branchId: "11414", serviceCode: fake.branchContract }),
    );
    expect(fake.shipments.get(created.trackingNumber)?.body).toMatchObject({
      contrato: fake.branchContract,
      destino: { sucursal: { id: "11414" } },
    });
  });

  it("waits for a label Andreani is still drawing", async () => {
    fake.labelNotReady(1);
    const created = await client.createShipment(shipment());
    expect(created.labelPdf.length).toBeGreaterThan(100);
  });

  it("never repeats an order after a 5xx", async () => {
    await client.quote(quoteFor("1414"));
    fake.requests.length = 0;
    fake.failNext(1, 503);
    await expect(client.createShipment(shipment())).rejects.toBeInstanceOf(CarrierUnavailable);
    expect(fake.requestsTo("/v2/ordenes-de-envio")).toHaveLength(1);
  });

  it("follows the parcel to its delivery, which only /v2/envios tells", async () => {
    const { trackingNumber } = await client.createShipment(shipment());
    expect((await client.track(trackingNumber)).map((event) => event.status)).toEqual(["created"]);
    fake.advance(trackingNumber);
    fake.advance(trackingNumber);
    expect((await client.track(trackingNumber)).map((event) => event.status)).toEqual([
      "created",
      "in_transit",
      "out_for_delivery",
    ]);
    fake.advance(trackingNumber);
    const events = await client.track(trackingNumber);
    expect(events.map((event) => event.status)).toEqual(["created", "in_transit", "out_for_delivery", "delivered"]);
    expect(events[1]).toMatchObject({
      description: "En tránsito — EN CAMINO A LA SUCURSAL DE DESTINO",
      place: "CENTRO DE DISTRIBUCIÓN BENAVÍDEZ",
    });
    expect(events.at(-1)?.description).toBe("Entregado");
  });

  it("maps a failed delivery and a parcel waiting at the branch", async () => {
    const { trackingNumber } = await client.createShipment(shipment());
    fake.advance(trackingNumber, "at_branch");
    fake.advance(trackingNumber, "failed");
    const events = await client.track(trackingNumber);
    expect(events.map((event) => event.status)).toEqual(["created", "at_branch", "failed"]);
  });
});
