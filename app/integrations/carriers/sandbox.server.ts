import { randomInt } from "node:crypto";
import { CarrierRejected } from "./errors";
import { drawLabelPdf } from "./label-pdf.server";
import type { Branch, Carrier, CarrierId, CarrierKind, CarrierRate, ShipmentRequest, TrackingEvent } from "./types";
import { provinceOfZip } from "./zip-province";

/**
 * The demo shop's two carriers, without credentials and without network (decision 0033): prices that look
 * like the real ones (deterministic by postal code and weight: CABA cheapest, Patagonia dearest), two or
 * three branches per postal code, labels that say "SANDBOX — sin validez", and parcels that move on their
 * own. A tracking number encodes its carrier, kind and creation time ("SBCAD" + base-36 ms + 6 digits), so
 * tracking needs no storage and survives restarts: created at once, in transit after 2 minutes, out for
 * delivery (or at the branch) after 5, delivered after 10.
 */

interface Profile {
  id: CarrierId;
  name: string;
  prefix: string;
  product: string;
  /** Home price per zone for the first 500 g, in pesos. */
  home: number[];
  /** Each further 500 g, in pesos. */
  perHalfKilo: number;
  /** Branch price as a share of home. */
  branchShare: number;
  streets: string[];
}

const PROFILES: Profile[] = [
  {
    id: "correo_argentino",
    name: "Correo Argentino",
    prefix: "SBCA",
    product: "Correo Argentino Clásico",
    home: [4_200, 5_600, 6_900, 7_900, 8_900, 10_400],
    perHalfKilo: 650,
    branchShare: 0.7,
    streets: ["Av. Corrientes", "Av. Rivadavia", "San Martín", "Belgrano", "Mitre", "Sarmiento"],
  },
  {
    id: "andreani",
    name: "Andreani",
    prefix: "SBAN",
    product: "Andreani Estándar",
    home: [4_900, 6_400, 7_800, 8_900, 9_900, 11_600],
    perHalfKilo: 720,
    branchShare: 0.78,
    streets: ["Av. Santa Fe", "Av. Cabildo", "Av. Colón", "Moreno", "Urquiza", "25 de Mayo"],
  },
];

const PATAGONIA = new Set(["Q", "R", "U", "Z", "V"]);
const CENTRE = new Set(["S", "X", "E", "L", "D"]);

/** 0 CABA, 1 Gran Buenos Aires, 2 rest of Buenos Aires, 3 centre, 4 north and Cuyo, 5 Patagonia. */
function zone(zip: string): number {
  const province = provinceOfZip(zip);
  if (province === "C") return 0;
  if (province === "B") return Number(zip) < 2000 ? 1 : 2;
  if (province && CENTRE.has(province)) return 3;
  if (province && PATAGONIA.has(province)) return 5;
  return 4;
}

const DAYS = [
  { min: 1, max: 3 },
  { min: 2, max: 4 },
  { min: 3, max: 5 },
  { min: 3, max: 6 },
  { min: 4, max: 8 },
  { min: 5, max: 9 },
];

const TOWNS: Record<string, string> = {
  C: "Ciudad Autónoma de Buenos Aires",
  B: "Buenos Aires",
  S: "Rosario",
  X: "Córdoba",
  E: "Paraná",
  M: "Mendoza",
  T: "San Miguel de Tucumán",
  Q: "Neuquén",
  R: "San Carlos de Bariloche",
  U: "Comodoro Rivadavia",
};

const MINUTE = 60_000;
const STEPS: { after: number; status: TrackingEvent["status"]; description: string }[] = [
  { after: 0, status: "created", description: "Envío registrado (sandbox)" },
  { after: 2 * MINUTE, status: "in_transit", description: "En camino al centro de distribución (sandbox)" },
  { after: 5 * MINUTE, status: "out_for_delivery", description: "En distribución (sandbox)" },
  { after: 10 * MINUTE, status: "delivered", description: "Entregado (sandbox)" },
];
const BRANCH_STEPS = STEPS.map((step) =>
  step.status === "out_for_delivery"
    ? { ...step, status: "at_branch" as const, description: "Disponible para retirar en la sucursal (sandbox)" }
    : step,
);

function rates(profile: Profile, zip: string, weightGrams: number): CarrierRate[] {
  const z = zone(zip);
  const halfKilos = Math.max(1, Math.ceil(weightGrams / 500));
  // A few pesos of difference between postal codes of the same zone, as real tariffs have.
  const home = (profile.home[z] ?? 8_000) + (halfKilos - 1) * profile.perHalfKilo + (Number(zip) % 7) * 40;
  const branch = Math.round((home * profile.branchShare) / 10) * 10;
  const days = DAYS[z] ?? { min: 3, max: 7 };
  const rate = (kind: CarrierKind, pesos: number): CarrierRate => ({
    kind,
    service: `${profile.product} ${kind === "home" ? "a domicilio" : "a sucursal"}`,
    serviceCode: kind === "home" ? "SB-D" : "SB-S",
    priceCents: pesos * 100,
    days: kind === "home" ? days : { min: days.min, max: days.max - 1 > days.min ? days.max - 1 : days.max },
  });
  return [rate("home", home), rate("branch", branch)];
}

function branches(profile: Profile, zip: string): Branch[] {
  const province = provinceOfZip(zip);
  if (!province) return [];
  const code = Number(zip);
  const count = 2 + (code % 2);
  const city = TOWNS[province] ?? "Ciudad";
  return Array.from({ length: count }, (_, index) => {
    const street = profile.streets[(code + index * 2) % profile.streets.length] ?? "San Martín";
    const number = 100 + ((code * 37 + index * 411) % 4800);
    return {
      id: `${profile.prefix}-${zip}-${index + 1}`,
      name: `${profile.name} ${street.replace(/^Av\. /, "")} (sandbox)`,
      address: `${street} ${number}`,
      city,
      zip: String(code + index).padStart(4, "0"),
      province,
      hours: index === 2 ? "lunes a sábados 09:00 a 13:00" : "lunes a viernes 09:00 a 18:00",
    };
  });
}

function decode(profile: Profile, trackingNumber: string): { createdAt: Date; kind: CarrierKind } | null {
  const match = new RegExp(`^${profile.prefix}([DS])([0-9A-Z]{9})(\\d{6})$`).exec(trackingNumber);
  if (!match) return null;
  const ms = Number.parseInt(match[2] ?? "", 36);
  if (!Number.isFinite(ms)) return null;
  return { createdAt: new Date(ms), kind: match[1] === "S" ? "branch" : "home" };
}

function sandboxCarrier(profile: Profile, now: () => Date): Carrier {
  const requests = new Map<string, ShipmentRequest>();
  let serial = 0;
  const drawn = (trackingNumber: string, createdAt: Date, request: ShipmentRequest | null) =>
    drawLabelPdf({
      carrierName: profile.name,
      service: request ? `${profile.product} ${request.kind === "home" ? "a domicilio" : "a sucursal"}` : null,
      trackingNumber,
      createdAt,
      notice: "SANDBOX — sin validez",
      request,
    });
  const known = (trackingNumber: string) => {
    const decoded = decode(profile, trackingNumber);
    if (!decoded) throw new CarrierRejected(profile.id, 404, `No existe el envío ${trackingNumber} (sandbox)`);
    return decoded;
  };
  return {
    id: profile.id,
    name: profile.name,
    async quote({ destinationZip, parcel }) {
      return rates(profile, destinationZip, parcel.weightGrams);
    },
    async branches(zip) {
      return branches(profile, zip);
    },
    async createShipment(request) {
      const createdAt = now();
      const time = createdAt.getTime().toString(36).toUpperCase().padStart(9, "0");
      const kind = request.kind === "branch" ? "S" : "D";
      // A counter keeps this process's numbers apart within one millisecond; the random part, other processes'.
      serial = (serial + 1) % 100;
      const suffix = `${String(serial).padStart(2, "0")}${String(randomInt(10_000)).padStart(4, "0")}`;
      const trackingNumber = `${profile.prefix}${kind}${time}${suffix}`;
      requests.set(trackingNumber, request);
      if (requests.size > 500) requests.delete(requests.keys().next().value as string);
      return { trackingNumber, labelPdf: await drawn(trackingNumber, createdAt, request) };
    },
    async label(trackingNumber) {
      const { createdAt } = known(trackingNumber);
      return drawn(trackingNumber, createdAt, requests.get(trackingNumber) ?? null);
    },
    async track(trackingNumber) {
      const { createdAt, kind } = known(trackingNumber);
      const elapsed = now().getTime() - createdAt.getTime();
      return (kind === "branch" ? BRANCH_STEPS : STEPS)
        .filter((step) => elapsed >= step.after)
        .map((step) => ({
          at: new Date(createdAt.getTime() + step.after).toISOString(),
          status: step.status,
          description: step.description,
          place: step.status === "delivered" || step.status === "at_branch" ? "Sucursal de destino" : null,
        }));
    },
  };
}

export function sandboxCarriers(options: { now: () => Date }): Carrier[] {
  return PROFILES.map((profile) => sandboxCarrier(profile, options.now));
}
