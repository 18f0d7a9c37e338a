import { provinceCode } from "~/domain/box/shipping";
import { BadGateway, Conflict } from "~/domain/errors";
import type { RequestContext } from "~/domain/request-context";
import type { Settings } from "~/domain/settings/schema";
import { CarrierRejected, CarrierUnavailable, currentCarriers } from "~/integrations/carriers/index.server";
import type { Address, Carrier, CarrierId, Parcel, ShipmentRequest } from "~/integrations/carriers/types";
import type { Db } from "~db/index";
import { failShipment } from "./claim.server";
import { CARRIER_NAMES } from "./names";

/**
 * What creating any parcel needs, whoever it is for (an order, a box): the carrier in force, the shop as
 * sender, the parcel's size and weight, the carrier's home service, and its failures in the admin's words.
 */

export type ShippingContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret" | "carriers"> &
  Partial<Pick<RequestContext, "log" | "shopEmail" | "mercadoPago" | "clientIp">>;

const ENV_PREFIX: Record<CarrierId, string> = { correo_argentino: "CORREO_ARGENTINO_*", andreani: "ANDREANI_*" };

/** The carrier `id` among those in force now, else a Conflict that tells the admin what to configure. */
export async function carrierFor(ctx: Pick<ShippingContext, "carriers">, id: CarrierId): Promise<Carrier> {
  const { carriers } = await currentCarriers(ctx.carriers);
  const carrier = carriers.find((candidate) => candidate.id === id);
  if (!carrier) {
    throw new Conflict(`${CARRIER_NAMES[id]} no está configurado: configurá ${ENV_PREFIX[id]} o elegí otro correo`);
  }
  return carrier;
}

/** The 4 digits of a postal code as buyers write it ("1414", "C1414ABC", "B 1602"), or "". */
export const zip4 = (zip: string | null | undefined) => zip?.toUpperCase().match(/(\d{4})/)?.[1] ?? "";

/**
 * The shop's door as the carrier wants it, from the contact address ("Thames 1234, Palermo, C1414 CABA")
 * and the origin postal code: the street is its first part, the city its last without the postal code,
 * the province the CPA's letter when written, else the city's, else CABA's codes (1000-1499) or Buenos Aires.
 */
export function shopAddress(contactAddress: string, originZip: string): Address {
  const parts = contactAddress
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const street = parts[0] ?? contactAddress.trim();
  const last = parts.length > 1 ? (parts.at(-1) ?? "") : "";
  const city = last.replace(/\b[A-HJ-NP-Z]?\d{4}(?:[A-Z]{3})?\b/gi, "").trim() || parts[1] || "";
  const cpa = contactAddress.toUpperCase().match(/\b([A-HJ-NP-Z])\d{4}(?:[A-Z]{3})?\b/)?.[1];
  const numeric = Number(originZip);
  const province = cpa ?? provinceCode(city) ?? (numeric >= 1000 && numeric < 1500 ? "C" : "B");
  return { street, city, zip: originZip, province };
}

/** The shop as the sender of every parcel: its legal name when filled, its contact e-mail and phone. */
export function shopSender(
  settings: Pick<Settings, "contact" | "fiscal" | "bank" | "carriers">,
): ShipmentRequest["sender"] {
  return {
    name: settings.fiscal.legalName ?? settings.bank.holder,
    email: settings.fiscal.email ?? settings.contact.email,
    phone: settings.fiscal.phone ?? settings.contact.whatsapp,
    address: shopAddress(settings.contact.address, settings.carriers.originZip),
  };
}

/**
 * The carrier's first service to the door for this parcel (the table's orders and the boxes go to the
 * door with the default carrier): quoted, since the carrier's products are its own.
 */
export async function homeService(
  carrier: Carrier,
  originZip: string,
  destinationZip: string,
  parcel: Parcel,
): Promise<{ service: string; serviceCode: string }> {
  const rates = await carrier.quote({ originZip, destinationZip, parcel });
  const home = rates.find((rate) => rate.kind === "home");
  if (!home)
    throw new CarrierRejected(carrier.id, 422, `no ofrece envío a domicilio al código postal ${destinationZip}`);
  return { service: home.service, serviceCode: home.serviceCode };
}

/** The admin's words for a carrier call that failed; unknown errors are not the carrier's and go on. */
export function carrierFailure(carrier: Pick<Carrier, "name">, error: unknown): string | null {
  if (error instanceof CarrierUnavailable) return `${carrier.name} no respondió: probá de nuevo en unos minutos`;
  if (error instanceof CarrierRejected) return `${carrier.name} rechazó el envío: ${error.message}`;
  return null;
}

/**
 * The carrier's part of creating a claimed parcel (quoting its service, creating the shipment): a refusal
 * or silence marks the row 'failed' with the reason in Spanish ("Reintentar" takes it back) and is the
 * admin's 502; anything else is marked failed too and rethrown.
 */
export async function atCarrier<T>(
  db: Db,
  shipmentId: number,
  carrier: Pick<Carrier, "name">,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const reason = carrierFailure(carrier, error);
    await failShipment(db, shipmentId, reason ?? "No se pudo crear el envío por un error inesperado");
    if (reason) throw new BadGateway(reason);
    throw error;
  }
}
