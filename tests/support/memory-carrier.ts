import { CarrierRejected, CarrierUnavailable } from "~/integrations/carriers/errors";
import type {
  Branch,
  Carrier,
  CarrierId,
  CarrierRate,
  Carriers,
  CreatedShipment,
  QuoteRequest,
  ShipmentRequest,
  TrackingEvent,
} from "~/integrations/carriers/types";

/**
 * A carrier in memory for domain tests (the HTTP clients have their own fakes on loopback): rates, branches
 * and tracking set by the test, every call recorded, failures on demand, and an optional delay so
 * concurrent callers really overlap.
 */
export interface MemoryCarrier extends Carrier {
  calls: { method: keyof Carrier; args: unknown[] }[];
  shipments: Map<string, ShipmentRequest>;
  /** Rates answered for any destination (a test replaces them). */
  rates: CarrierRate[];
  branchList: Branch[];
  /** Tracking events per tracking number (a test pushes to advance a parcel). */
  events: Map<string, TrackingEvent[]>;
  /** The next `count` calls of any kind throw: "down" → CarrierUnavailable, "reject" → CarrierRejected. */
  failNext(count: number, how?: "down" | "reject"): void;
  /** Every call waits this long first. */
  delayMs: number;
}

const PDF = new TextEncoder().encode("%PDF-1.4\n% memory carrier label\n%%EOF\n");

export function memoryCarrier(id: CarrierId = "correo_argentino"): MemoryCarrier {
  const name = id === "andreani" ? "Andreani" : "Correo Argentino";
  let failures = 0;
  let failHow: "down" | "reject" = "down";
  let serial = 0;
  const carrier: MemoryCarrier = {
    id,
    name,
    calls: [],
    shipments: new Map(),
    rates: [
      {
        kind: "home",
        service: `${name} a domicilio`,
        serviceCode: "HOME",
        priceCents: 650_000,
        days: { min: 3, max: 6 },
      },
      {
        kind: "branch",
        service: `${name} a sucursal`,
        serviceCode: "BRANCH",
        priceCents: 480_000,
        days: { min: 3, max: 5 },
      },
    ],
    branchList: [
      {
        id: `${id}-suc-1`,
        name: `${name} Villa Crespo`,
        address: "Av. Corrientes 5300",
        city: "CABA",
        zip: "1414",
        province: "C",
        hours: "Lunes a viernes de 9 a 18",
      },
    ],
    events: new Map(),
    delayMs: 0,
    failNext(count, how = "down") {
      failures = count;
      failHow = how;
    },
    async quote(request: QuoteRequest) {
      await step("quote", [request]);
      return carrier.rates.map((rate) => ({ ...rate }));
    },
    async branches(zip: string) {
      await step("branches", [zip]);
      return carrier.branchList.map((branch) => ({ ...branch }));
    },
    async createShipment(request: ShipmentRequest): Promise<CreatedShipment> {
      await step("createShipment", [request]);
      serial += 1;
      const trackingNumber = `${id === "andreani" ? "AND" : "CA"}${String(serial).padStart(9, "0")}`;
      carrier.shipments.set(trackingNumber, request);
      carrier.events.set(trackingNumber, [
        { at: new Date().toISOString(), status: "created", description: "Envío registrado", place: null },
      ]);
      return { trackingNumber, labelPdf: PDF };
    },
    async label(trackingNumber: string) {
      await step("label", [trackingNumber]);
      if (!carrier.shipments.has(trackingNumber)) throw new CarrierRejected(id, 404, "Envío inexistente");
      return PDF;
    },
    async track(trackingNumber: string) {
      await step("track", [trackingNumber]);
      const events = carrier.events.get(trackingNumber);
      if (!events) throw new CarrierRejected(id, 404, "Envío inexistente");
      return events.map((event) => ({ ...event }));
    },
  };
  async function step(method: keyof Carrier, args: unknown[]) {
    carrier.calls.push({ method, args });
    if (carrier.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, carrier.delayMs));
    if (failures > 0) {
      failures -= 1;
      if (failHow === "reject") throw new CarrierRejected(id, 400, `${name} rechazó el pedido`);
      throw new CarrierUnavailable(id, `${name} no responde`);
    }
  }
  return carrier;
}

/** A `Carriers` for a RequestContext: these carriers, live. */
export function memoryCarriers(...carriers: Carrier[]): Carriers {
  return { current: async () => ({ mode: "live", carriers }) };
}
