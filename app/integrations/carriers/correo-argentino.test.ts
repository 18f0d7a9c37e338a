import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeCorreoArgentino, startFakeCorreoArgentino } from "../../../tests/support/fake-correo-argentino";
import { pdfText } from "../../../tests/support/pdf";
import { correoArgentinoClient } from "./correo-argentino.server";
import { CarrierRejected, CarrierUnavailable } from "./errors";
import type { Carrier, Parcel, ShipmentRequest } from "./types";

const parcel: Parcel = { weightGrams: 480, heightCm: 5.5, widthCm: 20, lengthCm: 28, declaredValueCents: 2_450_050 };
const quoteFor = (destinationZip: string) => ({ originZip: "1414", destinationZip, parcel });

function shipment(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    reference: `RZ-${Math.floor(Math.random() * 1e9)}`,
    kind: "home",
    serviceCode: "CP",
    sender: {
      name: "Rizoma Libros",
      email: "hola@rizoma.com.ar",
      phone: "1145678900",
      address: { street: "Gorriti 4850", city: "Ciudad Autónoma de Buenos Aires", zip: "C1414BJL", province: "C" },
    },
    recipient: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "1155554444" },
    address: { street: "Av. Cabildo 2040 3° B", city: "Ciudad Autónoma de Buenos Aires", zip: "1428", province: "C" },
    branchId: null,
    parcel,
    ...overrides,
  };
}

let fake: FakeCorreoArgentino;
let client: Carrier;
const clientFor = (timeoutMs = 2_000, password?: string) =>
  correoArgentinoClient(
    { apiBase: fake.url, user: fake.user, password: password ?? fake.password, customerId: fake.customerId },
    timeoutMs,
  );

beforeAll(async () => {
  fake = await startFakeCorreoArgentino();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.down(false);
  fake.requests.length = 0;
  client = clientFor();
});

describe("Correo Argentino (MiCorreo) quotes", () => {
  it("answers home and branch for 1414 in integer centavos, with MiCorreo's product and days", async () => {
    const rates = await client.quote(quoteFor("1414"));
    expect(rates.map((rate) => rate.kind)).toEqual(["home", "branch"]);
    expect(rates[0]).toEqual({
      kind: "home",
      service: "Correo Argentino Clásico a domicilio",
      serviceCode: "CP",
      priceCents: 611_345,
      days: { min: 2, max: 5 },
    });
    expect(Number.isInteger(rates[1]?.priceCents)).toBe(true);
    expect(rates[1]?.priceCents).toBeLessThan(611_345);
    const [sent] = fake.requestsTo("/rates");
    expect(sent?.body).toEqual({
      customerId: fake.customerId,
      postalCodeOrigin: "1414",
      postalCodeDestination: "1414",
      dimensions: { weight: 480, height: 6, width: 20, length: 28 },
    });
    expect(sent?.headers.authorization).toMatch(/^Bearer mc-token-/);
  });

  it("logs in once for many calls, concurrent ones included", async () => {
    const before = fake.logins;
    await Promise.all([client.quote(quoteFor("1414")), client.quote(quoteFor("5000")), client.branches("1414")]);
    await client.quote(quoteFor("8400"));
    expect(fake.logins - before).toBe(1);
  });

  it("logs in again once when the carrier answers 401 to a call", async () => {
    await client.quote(quoteFor("1414"));
    const before = fake.logins;
    fake.expireTokens();
    const rates = await client.quote(quoteFor("1414"));
    expect(rates).toHaveLength(2);
    expect(fake.logins - before).toBe(1);
  });

  it("refuses wrong credentials with the carrier's words, without looping", async () => {
    const wrong = clientFor(2_000, "otra");
    const error = await wrong.quote(quoteFor("1414")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRejected);
    expect((error as CarrierRejected).status).toBe(401);
    expect((error as Error).message).toBe("Usuario o contraseña incorrectos");
    expect(fake.requestsTo("/token")).toHaveLength(1);
  });

  it("turns a 400 into CarrierRejected with MiCorreo's message", async () => {
    const error = await client.quote(quoteFor("0123")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRejected);
    expect((error as Error).message).toBe("El código postal de destino es inválido");
    expect(fake.requestsTo("/rates")).toHaveLength(1);
  });
});

describe("Correo Argentino retries", () => {
  beforeEach(async () => {
    await client.quote(quoteFor("1414")); // the token first, so the failures below hit the call itself
    fake.requests.length = 0;
  });

  it("tries a quote again after 503s and answers", async () => {
    fake.failNext(2, 503);
    await expect(client.quote(quoteFor("1414"))).resolves.toHaveLength(2);
    expect(fake.requestsTo("/rates")).toHaveLength(3);
  });

  it("waits as Retry-After says after a 429 and answers", async () => {
    fake.failNext(1, 429, 1);
    await expect(client.quote(quoteFor("1414"))).resolves.toHaveLength(2);
    expect(fake.requestsTo("/rates")).toHaveLength(2);
  });

  it("gives up after two retries: CarrierUnavailable", async () => {
    fake.failNext(3, 502);
    const error = await client.quote(quoteFor("1414")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierUnavailable);
    expect((error as Error).message).toBe("Correo Argentino respondió con un error (HTTP 502)");
    expect(fake.requestsTo("/rates")).toHaveLength(3);
  });

  it("is unavailable when every call answers 503, or the connection is cut", async () => {
    fake.down(true);
    await expect(client.quote(quoteFor("1414"))).rejects.toBeInstanceOf(CarrierUnavailable);
    fake.down("close");
    await expect(client.branches("1414")).rejects.toBeInstanceOf(CarrierUnavailable);
  });

  it("is unavailable when the carrier does not answer in time", async () => {
    const hurried = clientFor(150);
    fake.slowNext(4, 800);
    const error = await hurried.quote(quoteFor("1414")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierUnavailable);
    expect((error as Error).message).toBe("Correo Argentino no respondió en 150 ms");
  });

  it("never repeats a shipment import after a 5xx: the parcel may exist already", async () => {
    fake.failNext(1, 500);
    const error = await client.createShipment(shipment()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierUnavailable);
    expect((error as Error).message).toMatch(/pudo haberse creado igual/);
    expect(fake.requestsTo("/shipping/import")).toHaveLength(1);
  });

  it("never repeats a shipment import after a timeout", async () => {
    const hurried = clientFor(150);
    await hurried.quote(quoteFor("1414"));
    fake.requests.length = 0;
    fake.slowNext(1, 800);
    await expect(hurried.createShipment(shipment())).rejects.toBeInstanceOf(CarrierUnavailable);
    expect(fake.requestsTo("/shipping/import")).toHaveLength(1);
  });

  it("repeats a shipment import after a 429, which did nothing", async () => {
    const count = fake.shipments.size;
    fake.failNext(1, 429, 0);
    const created = await client.createShipment(shipment());
    expect(fake.shipments.has(created.trackingNumber)).toBe(true);
    expect(fake.requestsTo("/shipping/import")).toHaveLength(2);
    expect(fake.shipments.size).toBe(count + 1);
  });
});

describe("Correo Argentino branches", () => {
  it("lists the province's branches that take pickups, the closest postal code first", async () => {
    const branches = await client.branches("1414");
    expect(fake.requestsTo("/agencies")[0]?.query).toEqual({ customerId: fake.customerId, provinceCode: "C" });
    expect(branches.map((branch) => branch.id)).toEqual(["C1414", "C1425", "C1436"]);
    expect(branches[0]).toEqual({
      id: "C1414",
      name: "Sucursal Cabildo 1414",
      address: "Av. Cabildo 1200",
      city: "CIUDAD AUTONOMA BUENOS AIRES",
      zip: "1414",
      province: "C",
      hours: "lunes a viernes 09:30 a 18:00; sábados 09:00 a 13:00",
    });
  });

  it("asks the province of the postal code", async () => {
    await client.branches("5000");
    expect(fake.requestsTo("/agencies")[0]?.query.provinceCode).toBe("X");
  });
});

describe("Correo Argentino shipments", () => {
  it("imports a home shipment: tracking number and a printable label", async () => {
    const request = shipment();
    const created = await client.createShipment(request);
    expect(created.trackingNumber).toMatch(/^000500076\d{6}A3G0C701$/);
    expect(new TextDecoder().decode(created.labelPdf.subarray(0, 5))).toBe("%PDF-");
    const text = (await pdfText(created.labelPdf)).replace(/\s+/g, " ");
    expect(text).toContain(created.trackingNumber);
    expect(text).toContain("la etiqueta oficial se imprime en MiCorreo");
    expect(text).toContain("Ana Pérez");
    expect(text).toContain("0,48 kg · 5,5 × 20 × 28 cm");
    const body = fake.shipments.get(created.trackingNumber)?.body as Record<string, Record<string, unknown>>;
    expect(body.extOrderId).toBe(request.reference);
    expect(body.shipping).toMatchObject({
      deliveryType: "D",
      productType: "CP",
      agency: null,
      address: { streetName: "Av. Cabildo", streetNumber: "2040", postalCode: "1428", provinceCode: "C" },
      weight: 480,
      declaredValue: 24_500.5,
    });
    expect(body.sender).toMatchObject({
      originAddress: { streetName: "Gorriti", streetNumber: "4850", postalCode: "1414" },
    });
    expect(await client.label(created.trackingNumber)).toEqual(created.labelPdf);
  });

  it("imports a branch shipment with the branch's code", async () => {
    const created = await client.createShipment(shipment({ kind: "branch", address: null, branchId: "C1425" }));
    const body = fake.shipments.get(created.trackingNumber)?.body as Record<string, Record<string, unknown>>;
    expect(body.shipping).toMatchObject({ deliveryType: "S", agency: "C1425", address: null });
  });

  it("refuses the same reference twice with MiCorreo's message", async () => {
    const request = shipment();
    await client.createShipment(request);
    const error = await client.createShipment(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRejected);
    expect((error as Error).message).toBe("La orden ya fue importada con anterioridad");
  });

  it("follows the parcel to its delivery, oldest event first", async () => {
    const { trackingNumber } = await client.createShipment(shipment());
    expect((await client.track(trackingNumber)).map((event) => event.status)).toEqual(["created"]);
    fake.advance(trackingNumber);
    fake.advance(trackingNumber);
    fake.advance(trackingNumber);
    const events = await client.track(trackingNumber);
    expect(events.map((event) => event.status)).toEqual(["created", "in_transit", "out_for_delivery", "delivered"]);
    expect(events.at(-1)).toMatchObject({ description: "ENTREGADO", place: "SUCURSAL PALERMO" });
    expect(events.at(-1)?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
  });

  it("says so when MiCorreo does not know the number (its error comes as HTTP 200)", async () => {
    await expect(client.track("000000000000000XX")).rejects.toThrow("No existe el cliente o pedido");
    await expect(client.label("000000000000000XX")).rejects.toBeInstanceOf(CarrierRejected);
  });
});
