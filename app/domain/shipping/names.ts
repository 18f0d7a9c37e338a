/**
 * How carriers, shipments and their steps are named to buyers and admins, and where a buyer follows a
 * parcel on the carrier's own site. Client-safe (order pages, the admin, e-mails share it).
 */

export type CarrierKey = "correo_argentino" | "andreani";

export const CARRIER_NAMES: Record<CarrierKey, string> = {
  correo_argentino: "Correo Argentino",
  andreani: "Andreani",
};

export const carrierName = (carrier: string | null | undefined) =>
  carrier && carrier in CARRIER_NAMES ? CARRIER_NAMES[carrier as CarrierKey] : "";

/** The carrier's public tracking page for a parcel (what the buyer's e-mail links to, beside the order page). */
export function carrierTrackingUrl(carrier: CarrierKey, trackingNumber: string): string {
  const number = encodeURIComponent(trackingNumber);
  return carrier === "andreani"
    ? `https://www.andreani.com/envio/${number}`
    : `https://www.correoargentino.com.ar/formularios/e-commerce?id=${number}`;
}

export type ShipmentStatus = "creating" | "created" | "in_transit" | "delivered" | "failed" | "cancelled";

/** A shipment's state as the admin reads it. */
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  creating: "Creando el envío",
  created: "Etiqueta lista",
  in_transit: "En camino",
  delivered: "Entregado",
  failed: "No se pudo crear",
  cancelled: "Anulado",
};

export type ShipmentStep = "created" | "in_transit" | "at_branch" | "out_for_delivery" | "delivered" | "failed";

/** A tracking step as the buyer's timeline names it (the carrier's own words go beside it). */
export const SHIPMENT_STEP_LABELS: Record<ShipmentStep, string> = {
  created: "Envío registrado en el correo",
  in_transit: "En camino",
  at_branch: "En la sucursal",
  out_for_delivery: "En reparto",
  delivered: "Entregado",
  failed: "Problema con la entrega",
};
