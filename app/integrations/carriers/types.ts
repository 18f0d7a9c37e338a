/**
 * The shop's view of a parcel carrier (Correo Argentino's MiCorreo API, Andreani's REST API), the same for
 * the real clients and the demo's sandbox. Money is integer centavos, weights grams, sizes centimetres;
 * postal codes are the 4 digits of the CPA ("C1414ABC" → "1414").
 */

export type CarrierId = "correo_argentino" | "andreani";

/** Where the parcel ends: the buyer's door, or a branch of the carrier where the buyer picks it up. */
export type CarrierKind = "home" | "branch";

/** One parcel, as the shop packs an order (app/domain/shipping/package.ts). */
export interface Parcel {
  weightGrams: number;
  heightCm: number;
  widthCm: number;
  lengthCm: number;
  /** What the contents are worth (Andreani insures by it). */
  declaredValueCents: number;
}

export interface QuoteRequest {
  /** The shop's postal code, 4 digits. */
  originZip: string;
  destinationZip: string;
  parcel: Parcel;
}

/** One price a carrier answers for a destination: its service, to the door or to a branch. */
export interface CarrierRate {
  kind: CarrierKind;
  /** The carrier's product as it names it (e.g. "Correo Argentino Clásico", "Andreani Estándar"). */
  service: string;
  /** The carrier's product code, sent back when the shipment is created. */
  serviceCode: string;
  priceCents: number;
  /** Business days, min and max, as the carrier estimates them. */
  days: { min: number; max: number };
}

export interface Branch {
  /** The carrier's id for the branch, sent back when the shipment is created. */
  id: string;
  name: string;
  /** Street and number. */
  address: string;
  city: string;
  zip: string;
  /** ISO 3166-2:AR letter, when the carrier says it. */
  province: string | null;
  /** Opening hours as the carrier writes them, when it does. */
  hours: string | null;
}

export interface Address {
  street: string;
  city: string;
  zip: string;
  /** ISO 3166-2:AR letter. */
  province: string;
}

export interface ShipmentRequest {
  /** The shop's reference (the order number "RZ-000123", or "CAJA-2026-11-42" for a box): the carrier keeps it. */
  reference: string;
  kind: CarrierKind;
  serviceCode: string;
  sender: { name: string; email: string; phone: string; address: Address };
  recipient: { firstName: string; lastName: string; email: string; phone: string };
  /** The door, for `kind` "home". */
  address: Address | null;
  /** The branch, for `kind` "branch". */
  branchId: string | null;
  parcel: Parcel;
}

export interface CreatedShipment {
  trackingNumber: string;
  /** The label to print and stick on the parcel (PDF bytes). */
  labelPdf: Uint8Array;
}

/** A step of the parcel's way, as the carrier reports it. */
export interface TrackingEvent {
  /** When it happened, ISO 8601 with its offset. */
  at: string;
  /** What the shop makes of it: the timeline groups by these. */
  status: "created" | "in_transit" | "at_branch" | "out_for_delivery" | "delivered" | "failed";
  /** The carrier's own words ("En camino al centro de distribución"), shown to the buyer. */
  description: string;
  /** Where, when the carrier says it. */
  place: string | null;
}

/**
 * One carrier. Every call may throw `CarrierUnavailable` (network, timeout, 5xx or 429 after the retries)
 * or `CarrierRejected` (the carrier answered and refused: a bad postal code, a contract without that
 * service). Quotes may come from a short cache; shipments and tracking never do.
 */
export interface Carrier {
  id: CarrierId;
  /** "Correo Argentino", "Andreani": how buyers and admins read it. */
  name: string;
  quote(request: QuoteRequest): Promise<CarrierRate[]>;
  /** Branches that take parcels for pickup near a postal code (the closest first, at most 20). */
  branches(zip: string): Promise<Branch[]>;
  createShipment(request: ShipmentRequest): Promise<CreatedShipment>;
  /** The label again (a reprint), by tracking number. */
  label(trackingNumber: string): Promise<Uint8Array>;
  /** Every event so far, oldest first. */
  track(trackingNumber: string): Promise<TrackingEvent[]>;
}

/** The carriers in force now: the configured real ones, the sandbox's in a demo shop without any, or none. */
export interface Carriers {
  current(): Promise<{ mode: "live" | "sandbox" | "off"; carriers: Carrier[] }>;
}
