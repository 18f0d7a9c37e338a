import type { CorreoArgentinoConfig } from "./config";
import { CarrierRejected, CarrierUnavailable } from "./errors";
import { type CarrierHttp, carrierFetch, type IssuedToken, tokenCache, withToken } from "./http.server";
import { drawLabelPdf } from "./label-pdf.server";
import { buenosAiresIso, carrierCents, oldestFirst, splitStreet, trackingStatus, zip4 } from "./shared";
import type { Branch, Carrier, CarrierRate, ShipmentRequest, TrackingEvent } from "./types";
import { provinceOfZip } from "./zip-province";

/**
 * Correo Argentino through its MiCorreo API (apiMiCorreo.pdf; decision 0033 lists what is documented and
 * what is assumed):
 * - POST /token with Basic auth (the API user) → {token, expire "yyyy-mm-dd hh:mm:ss", Buenos Aires time};
 *   every other call sends `Authorization: Bearer <token>`.
 * - POST /rates {customerId, postalCodeOrigin, postalCodeDestination, dimensions{weight g, height, width,
 *   length cm, integers}} without deliveredType → both kinds: rates[{deliveredType "D"|"S", productType,
 *   productName, price (decimal pesos), deliveryTimeMin, deliveryTimeMax}].
 * - GET /agencies?customerId&provinceCode → the province's branches; kept: active ones that take pickups.
 * - POST /shipping/import {customerId, extOrderId, orderNumber, sender, recipient, shipping} — documented
 *   answer {createdAt}; the tracking number is read from `trackingNumber` when the answer carries it
 *   (assumed, see the note): without it the shipment exists in MiCorreo but the shop cannot follow it, and
 *   the admin is told to copy the number from MiCorreo. No label by API: the shop draws its own.
 * - GET /shipping/tracking?shippingId=<tracking> → [{trackingNumber, events[{event, date "dd-mm-yyyy hh:mm",
 *   branch, status}]}] or one such object; logical errors come as HTTP 200 {error, code}.
 */

const NAME = "Correo Argentino";
/** Labels drawn here, for a reprint while the process lives (the shop also stores them with the shipment). */
const LABELS_KEPT = 200;

interface MiCorreoRate {
  deliveredType?: string;
  productType?: string;
  productName?: string;
  price?: number | string;
  deliveryTimeMin?: string | number;
  deliveryTimeMax?: string | number;
}

interface MiCorreoAgency {
  code?: string;
  name?: string;
  status?: string;
  services?: { packageReception?: boolean; pickupAvailability?: boolean };
  location?: {
    address?: {
      streetName?: string;
      streetNumber?: string;
      city?: string;
      locality?: string;
      provinceCode?: string;
      postalCode?: string;
    };
  };
  hours?: Record<string, { start?: string; end?: string } | null>;
}

interface MiCorreoTracking {
  trackingNumber?: string;
  events?: { event?: string; date?: string; branch?: string; status?: string }[];
  error?: string;
}

const DAYS: [key: string, label: string][] = [
  ["monday", "lunes"],
  ["tuesday", "martes"],
  ["wednesday", "miércoles"],
  ["thursday", "jueves"],
  ["friday", "viernes"],
  ["saturday", "sábados"],
  ["sunday", "domingos"],
];

const hhmm = (value: string | undefined) =>
  value && /^\d{4}$/.test(value) ? `${value.slice(0, 2)}:${value.slice(2)}` : null;

/** {monday {start "0930", end "1800"}, …} → "lunes a viernes 09:30 a 18:00; sábados 09:00 a 13:00". */
export function agencyHours(hours: MiCorreoAgency["hours"]): string | null {
  if (!hours) return null;
  const runs: { from: string; to: string; span: string }[] = [];
  for (const [key, label] of DAYS) {
    const day = hours[key];
    const start = hhmm(day?.start);
    const end = hhmm(day?.end);
    if (!start || !end) continue;
    const span = `${start} a ${end}`;
    const last = runs.at(-1);
    const previous = DAYS[DAYS.findIndex(([k]) => k === key) - 1]?.[1];
    if (last && last.span === span && last.to === previous) last.to = label;
    else runs.push({ from: label, to: label, span });
  }
  if (runs.length === 0) return null;
  return runs.map((run) => `${run.from === run.to ? run.from : `${run.from} a ${run.to}`} ${run.span}`).join("; ");
}

function toRate(rate: MiCorreoRate): CarrierRate | null {
  const kind = rate.deliveredType === "D" ? "home" : rate.deliveredType === "S" ? "branch" : null;
  const priceCents = carrierCents(rate.price);
  if (!kind || priceCents === null || !rate.productType) return null;
  const min = Number.parseInt(String(rate.deliveryTimeMin ?? ""), 10);
  const max = Number.parseInt(String(rate.deliveryTimeMax ?? ""), 10);
  // MiCorreo writes its product without the accent ("Correo Argentino Clasico"); buyers read Spanish.
  const product = (rate.productName?.trim() || NAME).replace(/\bClasico\b/g, "Clásico");
  return {
    kind,
    service: `${product} ${kind === "home" ? "a domicilio" : "a sucursal"}`,
    serviceCode: rate.productType,
    priceCents,
    days: Number.isFinite(min) && Number.isFinite(max) ? { min, max: Math.max(min, max) } : { min: 3, max: 7 },
  };
}

function toBranch(agency: MiCorreoAgency): Branch | null {
  const address = agency.location?.address;
  const zip = zip4(address?.postalCode ?? "");
  if (!agency.code || !agency.name || !address || !zip) return null;
  return {
    id: agency.code,
    name: agency.name,
    address: [address.streetName, address.streetNumber].filter(Boolean).join(" "),
    city: address.city || address.locality || "",
    zip,
    province: address.provinceCode ?? null,
    hours: agencyHours(agency.hours),
  };
}

function toEvents(answer: unknown): TrackingEvent[] {
  const items = (Array.isArray(answer) ? answer : [answer]) as MiCorreoTracking[];
  const events: TrackingEvent[] = [];
  for (const item of items) {
    // MiCorreo lists the newest first: reversed, events within the same minute keep their real order.
    for (const event of [...(item?.events ?? [])].reverse()) {
      const at = buenosAiresIso(event.date ?? "");
      const name = (event.event ?? "").trim();
      if (!at || !name) continue;
      const description = [name.replace(/_/g, " "), event.status?.trim()].filter(Boolean).join(" — ");
      events.push({ at, status: trackingStatus(name), description, place: event.branch?.trim() || null });
    }
  }
  return oldestFirst(events);
}

const integer = (value: number) => Math.max(1, Math.ceil(value));

export function correoArgentinoClient(config: CorreoArgentinoConfig, timeoutMs: number): Carrier {
  const http: CarrierHttp = { carrier: "correo_argentino", timeoutMs };
  const url = (path: string) => `${config.apiBase}${path}`;
  const basic = `Basic ${Buffer.from(`${config.user}:${config.password}`).toString("base64")}`;

  const tokens = tokenCache(async (): Promise<IssuedToken> => {
    const { body } = await carrierFetch<{ token?: string; expire?: string; expires?: string }>(http, {
      method: "POST",
      url: url("/token"),
      headers: { Authorization: basic },
    });
    if (!body?.token) throw new CarrierUnavailable("correo_argentino", `${NAME} no entregó un token de acceso`);
    const expiry = buenosAiresIso(body.expire ?? body.expires ?? "");
    // Without a readable expiry, an hour: a 401 before then logs in again anyway.
    return { token: body.token, expiresAt: expiry ? Date.parse(expiry) : Date.now() + 3_600_000 };
  });

  const call = <T>(method: "GET" | "POST", path: string, body?: unknown, creates = false) =>
    withToken(tokens, async (token) => {
      const answer = await carrierFetch<T>(http, {
        method,
        url: url(path),
        headers: { Authorization: `Bearer ${token}` },
        body,
        creates,
      });
      return answer.body;
    });

  const labels = new Map<string, Uint8Array>();
  const keepLabel = (trackingNumber: string, pdf: Uint8Array) => {
    labels.set(trackingNumber, pdf);
    if (labels.size > LABELS_KEPT) labels.delete(labels.keys().next().value as string);
  };

  return {
    id: "correo_argentino",
    name: NAME,

    async quote({ originZip, destinationZip, parcel }) {
      const answer = await call<{ rates?: MiCorreoRate[] }>("POST", "/rates", {
        customerId: config.customerId,
        postalCodeOrigin: originZip,
        postalCodeDestination: destinationZip,
        dimensions: {
          weight: integer(parcel.weightGrams),
          height: integer(parcel.heightCm),
          width: integer(parcel.widthCm),
          length: integer(parcel.lengthCm),
        },
      });
      const rates = (answer?.rates ?? []).map(toRate).filter((rate): rate is CarrierRate => rate !== null);
      return rates.sort((a, b) => (a.kind === b.kind ? a.priceCents - b.priceCents : a.kind === "home" ? -1 : 1));
    },

    async branches(zip) {
      const province = provinceOfZip(zip);
      if (!province) return [];
      const query = new URLSearchParams({ customerId: config.customerId, provinceCode: province });
      const answer = await call<MiCorreoAgency[]>("GET", `/agencies?${query}`);
      const target = Number(zip);
      return (Array.isArray(answer) ? answer : [])
        .filter((agency) => agency.services?.pickupAvailability === true && (agency.status ?? "ACTIVE") === "ACTIVE")
        .map(toBranch)
        .filter((branch): branch is Branch => branch !== null)
        .sort((a, b) => Math.abs(Number(a.zip) - target) - Math.abs(Number(b.zip) - target))
        .slice(0, 20);
    },

    async createShipment(request: ShipmentRequest) {
      const sender = splitStreet(request.sender.address.street);
      const home = request.kind === "home" ? request.address : null;
      if (request.kind === "home" && !home) {
        throw new CarrierRejected("correo_argentino", 400, "Falta la dirección de entrega del envío a domicilio");
      }
      if (request.kind === "branch" && !request.branchId) {
        throw new CarrierRejected("correo_argentino", 400, "Falta la sucursal de destino");
      }
      const door = home ? splitStreet(home.street) : null;
      const { parcel } = request;
      const answer = await call<{ createdAt?: string; trackingNumber?: string }>(
        "POST",
        "/shipping/import",
        {
          customerId: config.customerId,
          extOrderId: request.reference,
          orderNumber: request.reference,
          sender: {
            name: request.sender.name,
            phone: request.sender.phone || null,
            cellPhone: null,
            email: request.sender.email,
            originAddress: {
              streetName: sender.name,
              streetNumber: sender.number,
              floor: null,
              apartment: null,
              city: request.sender.address.city,
              provinceCode: request.sender.address.province,
              postalCode: zip4(request.sender.address.zip) ?? request.sender.address.zip,
            },
          },
          recipient: {
            name: `${request.recipient.firstName} ${request.recipient.lastName}`.trim(),
            phone: request.recipient.phone,
            cellPhone: request.recipient.phone,
            email: request.recipient.email,
          },
          shipping: {
            deliveryType: request.kind === "home" ? "D" : "S",
            productType: request.serviceCode,
            agency: request.kind === "branch" ? request.branchId : null,
            address:
              home && door
                ? {
                    streetName: door.name,
                    streetNumber: door.number,
                    floor: door.rest.slice(0, 3),
                    apartment: "",
                    city: home.city,
                    provinceCode: home.province,
                    postalCode: zip4(home.zip) ?? home.zip,
                  }
                : null,
            weight: integer(parcel.weightGrams),
            declaredValue: parcel.declaredValueCents / 100,
            height: integer(parcel.heightCm),
            length: integer(parcel.lengthCm),
            width: integer(parcel.widthCm),
          },
        },
        true,
      );
      const trackingNumber = answer?.trackingNumber?.trim();
      if (!trackingNumber) {
        throw new CarrierRejected(
          "correo_argentino",
          200,
          `${NAME} registró el envío ${request.reference} en MiCorreo pero no devolvió número de seguimiento: imprimí la etiqueta y copiá el número desde MiCorreo`,
        );
      }
      const labelPdf = await drawLabelPdf({
        carrierName: NAME,
        service: request.kind === "home" ? "Envío a domicilio" : "Envío a sucursal",
        trackingNumber,
        createdAt:
          answer?.createdAt && !Number.isNaN(Date.parse(answer.createdAt)) ? new Date(answer.createdAt) : new Date(),
        notice: "Rótulo de preparación de la tienda — la etiqueta oficial se imprime en MiCorreo",
        request,
        branchText: request.branchId ? `código ${request.branchId}` : null,
      });
      keepLabel(trackingNumber, labelPdf);
      return { trackingNumber, labelPdf };
    },

    async label(trackingNumber) {
      const kept = labels.get(trackingNumber);
      if (kept) return kept;
      throw new CarrierRejected(
        "correo_argentino",
        404,
        `${NAME} no entrega etiquetas por su API: usá la guardada con el envío o imprimila desde MiCorreo`,
      );
    },

    async track(trackingNumber) {
      const query = new URLSearchParams({ shippingId: trackingNumber });
      const answer = await call<MiCorreoTracking | MiCorreoTracking[]>("GET", `/shipping/tracking?${query}`);
      if (answer && !Array.isArray(answer) && typeof answer.error === "string" && answer.error) {
        throw new CarrierRejected("correo_argentino", 404, answer.error);
      }
      return toEvents(answer);
    },
  };
}
