import { PROVINCES } from "~/domain/settings/argentina";
import type { PickupPoint, ShippingSettings } from "~/domain/settings/schema";
import type { Cents } from "~/lib/money";
import type { OrderCarrierChoice } from "~db/schema";

/**
 * What a delivery choice costs and how it is named (DESIGN §7): pickup and CABA delivery are free;
 * carrier shipping costs what the settings' table says for the province and speed. Client-safe: the
 * checkout shows the same figure the server charges.
 */
export interface DeliveryChoice {
  method: "pickup" | "caba" | "shipping";
  speed?: "standard" | "fast" | null;
  province?: string | null;
  pickupPoint?: string | null;
}

export interface DeliveryQuote {
  shippingCents: Cents;
  label: string;
}

export const provinceName = (code: string | null | undefined) =>
  PROVINCES.find((province) => province.code === code)?.name ?? code ?? "";

export function quoteDelivery(
  choice: DeliveryChoice,
  shipping: Pick<ShippingSettings, "rates" | "standardDays" | "fastDays">,
): DeliveryQuote {
  if (choice.method === "pickup") {
    return {
      shippingCents: 0,
      label: choice.pickupPoint ? `Retiro en ${choice.pickupPoint}` : "Retiro en la librería",
    };
  }
  if (choice.method === "caba") return { shippingCents: 0, label: "Envío en CABA" };
  const fast = choice.speed === "fast";
  const rate = shipping.rates[(choice.province ?? "") as keyof ShippingSettings["rates"]];
  const days = fast ? shipping.fastDays : shipping.standardDays;
  return {
    shippingCents: rate ? (fast ? rate.fastCents : rate.standardCents) : 0,
    label: `Envío ${fast ? "rápido" : "estándar"} a ${provinceName(choice.province)} (${days.min} a ${days.max} días hábiles)`,
  };
}

/** The pickup point a buyer named, or the first one when none was named; null when it is not in the list. */
export function pickupPointFor(points: PickupPoint[], name: string | null | undefined): PickupPoint | null {
  if (!name) return points[0] ?? null;
  return points.find((point) => point.name === name) ?? null;
}

/**
 * A carrier's service with where it ends ("Andreani Estándar a sucursal"), unless the carrier's own name
 * already says it ("Correo Argentino a domicilio").
 */
export function carrierServiceLabel(choice: Pick<OrderCarrierChoice, "kind" | "service">): string {
  const where = choice.kind === "branch" ? "a sucursal" : "a domicilio";
  return /sucursal|domicilio/i.test(choice.service) ? choice.service : `${choice.service} ${where}`;
}

/**
 * How an order with a carrier choice is delivered, in words (order pages, e-mails, the admin): "Andreani
 * Estándar a sucursal: Sucursal Palermo (Av. Santa Fe 1234)", or the service and the buyer's address.
 * Never says "retiro": the e-mails read that word as a pickup at the shop.
 */
export function carrierDeliveryLabel(
  choice: OrderCarrierChoice,
  address: { address: string | null; city: string | null; province: string | null; zipCode: string | null },
): string {
  const service = carrierServiceLabel(choice);
  if (choice.kind === "branch" && choice.branch) return `${service}: ${choice.branch.name} (${choice.branch.address})`;
  const province = address.province ? `, ${provinceName(address.province)}` : "";
  return `${service}: ${address.address}, ${address.city}${province} (${address.zipCode})`;
}
