import type { CarriersSettings, FreeShippingOption } from "~/domain/settings/schema";

/**
 * The delivery options a buyer chooses from at checkout (issue 21), as the quote API answers them and the
 * order's input names them. Client-safe: the checkout lists them, the server quotes and checks them.
 *
 * Option ids: "pickup:<index of the pickup point>", "caba", "table:standard" | "table:fast" (the
 * province table), "<carrier>:home:<serviceCode>" and "<carrier>:branch:<serviceCode>".
 */
export type OptionCarrier = "rizoma" | "correo_argentino" | "andreani";
export type OptionKind = "home" | "branch" | "pickup";

/** A carrier's branch as the checkout lists it (the carrier's data, trimmed to what a buyer reads). */
export interface OptionBranch {
  id: string;
  name: string;
  address: string;
  city: string;
  zip: string;
  province: string | null;
  hours: string | null;
}

export interface ShippingOption {
  id: string;
  carrier: OptionCarrier;
  /** How the buyer reads it: "Retiro en Librería Rizoma", "Envío estándar", "Andreani Estándar". */
  service: string;
  kind: OptionKind;
  /** What the buyer pays for it: 0 when `free`. */
  priceCents: number;
  /** Business days, when known (a pickup has none). */
  days: { min: number; max: number } | null;
  /** Free because of the shop (pickup, CABA) or of the free-shipping threshold. */
  free: boolean;
  /** For a carrier's branch option: the branches near the postal code, the closest first. */
  branches?: OptionBranch[];
}

/** CPA (C1425ABC: province letter, 4 digits, 3 letters) or the legacy 4 digits. */
export const ZIP_CODE = /^([A-HJ-NP-Z]\d{4}[A-Z]{3}|\d{4})$/;

/** The 4 digits carriers read from a postal code ("C1414ABC" → "1414"); null when it is not one. */
export function zipDigits(zip: string): string | null {
  const code = zip.trim().toUpperCase();
  if (!ZIP_CODE.test(code)) return null;
  return code.length === 4 ? code : code.slice(1, 5);
}

/** CABA's postal codes: C1000–C1499 (the CPA's letter says it; the legacy number is in that range too). */
export function isCabaZip(zip: string): boolean {
  const code = zip.trim().toUpperCase();
  const digits = zipDigits(code);
  if (!digits) return false;
  if (code.length === 8) return code[0] === "C";
  const number = Number(digits);
  return number >= 1000 && number <= 1499;
}

/**
 * The province a postal code says (ISO 3166-2:AR, the same letters as the CPA's first one), else CABA by its
 * numbers, else what the buyer chose in the form; null when none is known (the table needs one).
 */
export function provinceOfZip(zip: string, fallback?: string | null): string | null {
  const code = zip.trim().toUpperCase();
  if (code.length === 8 && ZIP_CODE.test(code)) return code[0] ?? null;
  if (isCabaZip(code)) return "C";
  return fallback?.trim().toUpperCase() || null;
}

// The service code is the carrier's own (MiCorreo's product type, Andreani's contract): opaque, any text.
const CARRIER_OPTION = /^(correo_argentino|andreani):(home|branch):(.{1,60})$/;

/** A carrier's option id read back: which carrier, door or branch, and the carrier's service code. */
export function carrierOptionOf(
  id: string,
): { carrier: "correo_argentino" | "andreani"; kind: "home" | "branch"; serviceCode: string } | null {
  const match = CARRIER_OPTION.exec(id);
  if (!match) return null;
  return {
    carrier: match[1] as "correo_argentino" | "andreani",
    kind: match[2] as "home" | "branch",
    serviceCode: match[3] as string,
  };
}

/** Every option id the input accepts (the carrier's service code is the carrier's, so only its shape). */
export const OPTION_ID =
  /^(pickup:\d{1,2}|caba|table:(standard|fast)|(correo_argentino|andreani):(home|branch):.{1,60})$/;

/**
 * Whether the free-shipping threshold covers an option: `freeShippingFrom` (whole pesos) is set, the books'
 * subtotal at their selling prices BEFORE any discount code or transfer discount reaches it (what the
 * shop advertises as "envío gratis desde $ X" reads as the cart's value, and a code must not take it away),
 * and the admin marked that kind of option ("table", "andreani:branch"...).
 */
export function freeShippingCovers(
  settings: Pick<CarriersSettings, "freeShippingFrom" | "freeShippingOptions">,
  option: FreeShippingOption,
  subtotalCents: number,
): boolean {
  return (
    settings.freeShippingFrom !== null &&
    subtotalCents >= settings.freeShippingFrom * 100 &&
    settings.freeShippingOptions.includes(option)
  );
}

/** "3 a 6 días hábiles", "1 día hábil", or "" when unknown. */
export function daysLabel(days: { min: number; max: number } | null): string {
  if (!days) return "";
  if (days.min === days.max) return days.min === 1 ? "1 día hábil" : `${days.min} días hábiles`;
  return `${days.min} a ${days.max} días hábiles`;
}
