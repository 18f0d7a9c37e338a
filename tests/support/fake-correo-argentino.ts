import type { TrackingEvent } from "~/integrations/carriers/types";
import {
  buenosAiresParts,
  type FakeCarrierControls,
  type FakeCarrierRequest,
  type FakeReply,
  startFakeCarrierServer,
} from "./fake-carrier-server";

/**
 * Correo Argentino's MiCorreo API on loopback, in the shapes of apiMiCorreo.pdf (decision 0033):
 * `POST /token` (Basic auth with the API user) → {token, expire "yyyy-mm-dd hh:mm:ss"}; every other call
 * needs `Authorization: Bearer <token>` (401 {code, message} otherwise); `POST /rates` (home "D" and
 * branch "S" for any Argentine postal code, decimal pesos); `GET /agencies?customerId&provinceCode`;
 * `POST /shipping/import` (the same extOrderId twice is refused, as MiCorreo does); `GET /shipping/tracking
 * ?shippingId` (newest event first; an unknown number is HTTP 200 {error, code}, as MiCorreo does).
 *
 * ASSUMED (not in the public manual, which documents the import's answer as {createdAt} only): the import
 * also answers `trackingNumber`. The fake records that assumption; decision 0033 says what the client does
 * when a real MiCorreo leaves it out.
 */
export interface FakeCorreoShipment {
  trackingNumber: string;
  extOrderId: string;
  /** The import's body as the client sent it. */
  body: Record<string, unknown>;
  /** Oldest first (the API answers them newest first). */
  events: { event: string; date: string; branch: string; status: string; sign: string }[];
}

export interface FakeCorreoArgentino extends FakeCarrierControls {
  user: string;
  password: string;
  customerId: string;
  shipments: Map<string, FakeCorreoShipment>;
  /** How many times /token issued a token. */
  logins: number;
  /** Every token issued so far stops working (a 401 next), as if it had expired early. */
  expireTokens(): void;
  /** The parcel's next step (in_transit → out_for_delivery → delivered), or the one given. */
  advance(trackingNumber: string, status?: TrackingEvent["status"]): void;
  requestsTo(path: string): FakeCarrierRequest[];
}

const EVENT_NAMES: Record<TrackingEvent["status"], string> = {
  created: "PREIMPOSICION",
  in_transit: "EN_TRANSITO",
  at_branch: "EN_ESPERA_EN_SUCURSAL",
  out_for_delivery: "EN_DISTRIBUCION",
  delivered: "ENTREGADO",
  failed: "DEVOLUCION",
};
const NEXT: TrackingEvent["status"][] = ["created", "in_transit", "out_for_delivery", "delivered"];

/** Price for the first 500 g by the destination's first digit (farther, dearer), in pesos with centavos. */
const HOME_BY_DIGIT = [0, 6113.45, 7342.1, 7890.0, 8012.75, 8420.3, 8233.0, 8730.6, 9480.9, 10420.15];

const AGENCY_STREETS = ["Av. Cabildo", "Av. Santa Fe", "Av. Rivadavia", "Av. Corrientes", "Av. Triunvirato"];

function agencies(provinceCode: string) {
  // A few branches per province around a base postal code; CABA's are around 1414 (Palermo).
  const base: Record<string, number> = { C: 1414, B: 1900, S: 2000, X: 5000, M: 5500, T: 4000 };
  const start = base[provinceCode] ?? 3000;
  return [0, 1, 2, 3].map((index) => ({
    code: `${provinceCode}${String(start + index * 11).padStart(4, "0")}`,
    name: `Sucursal ${AGENCY_STREETS[index % AGENCY_STREETS.length]?.replace(/^Av\. /, "")} ${start + index * 11}`,
    manager: "Gerencia",
    email: "sucursal@correoargentino.com.ar",
    phone: "0810-777-7787",
    services: { packageReception: true, pickupAvailability: index !== 3 },
    location: {
      address: {
        streetName: AGENCY_STREETS[index % AGENCY_STREETS.length],
        streetNumber: String(1200 + index * 350),
        floor: null,
        apartment: null,
        locality: "",
        city: provinceCode === "C" ? "CIUDAD AUTONOMA BUENOS AIRES" : "CIUDAD",
        province: provinceCode,
        provinceCode,
        postalCode: `${provinceCode}${start + index * 11}AAA`,
      },
      latitude: "-34.58",
      longitude: "-58.43",
    },
    hours: {
      sunday: null,
      monday: { start: "0930", end: "1800" },
      tuesday: { start: "0930", end: "1800" },
      wednesday: { start: "0930", end: "1800" },
      thursday: { start: "0930", end: "1800" },
      friday: { start: "0930", end: "1800" },
      saturday: index === 0 ? { start: "0900", end: "1300" } : null,
      holidays: null,
    },
    status: "ACTIVE",
  }));
}

const error = (status: number, message: string): FakeReply => ({ status, body: { code: String(status), message } });

export async function startFakeCorreoArgentino(
  options: { user?: string; password?: string; customerId?: string } = {},
): Promise<FakeCorreoArgentino> {
  const user = options.user ?? "rizoma-api";
  const password = options.password ?? "secreto-micorreo";
  const customerId = options.customerId ?? "0090000025";
  const tokens = new Set<string>();
  const shipments = new Map<string, FakeCorreoShipment>();
  let serial = 0;
  let lastEventAt = 0;

  const eventAt = () => {
    // One minute apart at least: MiCorreo's dates have minutes only, and a test advances quickly.
    lastEventAt = Math.max(Date.now(), lastEventAt + 60_000);
    const parts = buenosAiresParts(new Date(lastEventAt));
    return `${parts.dmy} ${parts.time.slice(0, 5)}`;
  };

  const handle = (request: FakeCarrierRequest): FakeReply => {
    const auth = String(request.headers.authorization ?? "");
    if (request.method === "POST" && request.path === "/token") {
      if (auth !== `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`) {
        return error(401, "Usuario o contraseña incorrectos");
      }
      fake.logins++;
      const token = `mc-token-${fake.logins}-${Math.random().toString(36).slice(2)}`;
      tokens.add(token);
      const parts = buenosAiresParts(new Date(Date.now() + 3_600_000));
      return { status: 200, body: { token, expire: `${parts.date} ${parts.time}` } };
    }
    if (!auth.startsWith("Bearer ") || !tokens.has(auth.slice(7))) return error(401, "Token inválido o vencido");
    const body = (request.body ?? {}) as Record<string, unknown>;

    if (request.method === "POST" && request.path === "/rates") {
      if (body.customerId !== customerId) return error(402, `Cliente FAP no identificado ${String(body.customerId)}`);
      const destination = String(body.postalCodeDestination ?? "");
      if (!/^\d{4}$/.test(destination) || destination.startsWith("0")) {
        return error(400, "El código postal de destino es inválido");
      }
      const dims = (body.dimensions ?? {}) as Record<string, unknown>;
      const weight = dims.weight;
      if (!Number.isInteger(weight) || (weight as number) < 1 || (weight as number) > 25_000) {
        return error(400, "Peso no valido");
      }
      for (const side of ["height", "width", "length"]) {
        const value = dims[side];
        if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 150) {
          return error(400, `Dimensión ${side} no valida`);
        }
      }
      const halfKilos = Math.ceil((weight as number) / 500);
      const home = (HOME_BY_DIGIT[Number(destination[0])] ?? 9000) + (halfKilos - 1) * 655.5;
      const price = (value: number) => Math.round(value * 100) / 100;
      const rates = [
        {
          deliveredType: "D",
          productType: "CP",
          productName: "Correo Argentino Clasico",
          price: price(home),
          deliveryTimeMin: "2",
          deliveryTimeMax: "5",
        },
        {
          deliveredType: "S",
          productType: "CP",
          productName: "Correo Argentino Clasico",
          price: price(home * 0.7),
          deliveryTimeMin: "2",
          deliveryTimeMax: "4",
        },
      ].filter((rate) => !body.deliveredType || rate.deliveredType === body.deliveredType);
      return { status: 200, body: { customerId, validTo: new Date(Date.now() + 86_400_000).toISOString(), rates } };
    }

    if (request.method === "GET" && request.path === "/agencies") {
      if (request.query.customerId !== customerId) return error(402, "Customer ID no valido");
      const province = request.query.provinceCode ?? "";
      if (!/^[A-Z]$/.test(province)) return error(400, "La provincia es invalida");
      return { status: 200, body: agencies(province) };
    }

    if (request.method === "POST" && request.path === "/shipping/import") {
      if (body.customerId !== customerId) return error(402, "Customer ID no valido");
      const extOrderId = String(body.extOrderId ?? "");
      if (!extOrderId) return error(400, "extOrderId es requerido");
      if ([...shipments.values()].some((shipment) => shipment.extOrderId === extOrderId)) {
        return error(402, "La orden ya fue importada con anterioridad");
      }
      const shipping = (body.shipping ?? {}) as Record<string, unknown>;
      if (shipping.deliveryType !== "D" && shipping.deliveryType !== "S") return error(402, "Tipo de entrega invalido");
      if (shipping.deliveryType === "S" && !shipping.agency) return error(402, "Verifique la sucursal de destino");
      if (shipping.deliveryType === "D") {
        const address = (shipping.address ?? {}) as Record<string, unknown>;
        for (const field of ["streetName", "streetNumber", "city", "provinceCode", "postalCode"]) {
          if (!address[field]) return error(402, `Falta ${field} en la dirección de destino`);
        }
      }
      const recipient = (body.recipient ?? {}) as Record<string, unknown>;
      if (!recipient.name || !recipient.email) return error(402, "Faltan los datos del destinatario");
      if (!Number.isInteger(shipping.weight) || (shipping.weight as number) <= 0) return error(402, "Peso no valido");
      serial++;
      const trackingNumber = `000500076${String(serial).padStart(6, "0")}A3G0C701`;
      shipments.set(trackingNumber, {
        trackingNumber,
        extOrderId,
        body,
        events: [{ event: EVENT_NAMES.created, date: eventAt(), branch: "CORREO ARGENTINO", status: "", sign: "" }],
      });
      return { status: 200, body: { createdAt: new Date().toISOString(), trackingNumber } };
    }

    if (request.method === "GET" && request.path === "/shipping/tracking") {
      const shipment = shipments.get(request.query.shippingId ?? "");
      if (!shipment) {
        return {
          status: 200,
          body: { date: new Date().toISOString(), error: "No existe el cliente o pedido", code: "0" },
        };
      }
      return {
        status: 200,
        body: [
          {
            id: String(serial).padStart(9, "0"),
            productId: "CP",
            trackingNumber: shipment.trackingNumber,
            events: [...shipment.events].reverse(),
          },
        ],
      };
    }
    return error(404, `No existe ${request.method} ${request.path}`);
  };

  const server = await startFakeCarrierServer(handle);
  const fake: FakeCorreoArgentino = {
    ...server,
    user,
    password,
    customerId,
    shipments,
    logins: 0,
    expireTokens() {
      tokens.clear();
    },
    advance(trackingNumber, status) {
      const shipment = shipments.get(trackingNumber);
      if (!shipment) throw new Error(`fake Correo Argentino: no shipment ${trackingNumber}`);
      const current = NEXT.findIndex((step) => EVENT_NAMES[step] === shipment.events.at(-1)?.event);
      // From a step off the usual path (at_branch), the next is the delivery.
      const next =
        status ?? (current === -1 ? "delivered" : (NEXT[Math.min(current + 1, NEXT.length - 1)] ?? "delivered"));
      const branch = next === "delivered" || next === "at_branch" ? "SUCURSAL PALERMO" : "CTP MONTE GRANDE";
      shipment.events.push({ event: EVENT_NAMES[next], date: eventAt(), branch, status: "", sign: "" });
    },
    requestsTo(path) {
      return server.requests.filter((request) => request.path === path);
    },
  };
  return fake;
}

/** The app's variables that point Correo Argentino's real client at this fake. */
export const correoArgentinoEnv = (fake: FakeCorreoArgentino): Record<string, string> => ({
  CORREO_ARGENTINO_API_BASE: fake.url,
  CORREO_ARGENTINO_USER: fake.user,
  CORREO_ARGENTINO_PASSWORD: fake.password,
  CORREO_ARGENTINO_CUSTOMER_ID: fake.customerId,
});
