import { PROVINCES, type ProvinceCode } from "~/domain/settings/argentina";
import { foldAccents } from "~/lib/text";

/**
 * The box ships free to CABA and Gran Buenos Aires; elsewhere it costs the settings' standard rate for
 * the province (DESIGN §7). Shared by the page (shown before paying) and the server (captured).
 */

/** INDEC's 24 partidos of Gran Buenos Aires (INTEGRATIONS.md), plus CABA's usual names. */
const GBA = [
  "Avellaneda",
  "General San Martín",
  "San Martín",
  "Hurlingham",
  "Ituzaingó",
  "José C. Paz",
  "Lanús",
  "Lomas de Zamora",
  "Malvinas Argentinas",
  "Morón",
  "Quilmes",
  "San Isidro",
  "San Miguel",
  "Tres de Febrero",
  "Vicente López",
  "Almirante Brown",
  "Berazategui",
  "Esteban Echeverría",
  "Ezeiza",
  "Florencio Varela",
  "La Matanza",
  "Merlo",
  "Moreno",
  "San Fernando",
  "Tigre",
];
const CABA = ["CABA", "Capital Federal", "Ciudad de Buenos Aires", "Ciudad Autónoma de Buenos Aires", "C.A.B.A."];

const norm = (text: string) =>
  foldAccents(text)
    .replace(/[.\s]+/g, " ")
    .trim()
    .toLowerCase();

const GBA_SET = new Set(GBA.map(norm));
const CABA_SET = new Set(CABA.map(norm));

/** A province from its ISO letter or its name ("Córdoba", "cordoba", "X"), or null. */
export function provinceCode(state: string): ProvinceCode | null {
  const wanted = norm(state);
  if (!wanted) return null;
  const found = PROVINCES.find((p) => p.code.toLowerCase() === wanted || norm(p.name) === wanted);
  if (found) return found.code;
  if (CABA_SET.has(wanted)) return "C";
  return null;
}

export type ShippingRates = Record<string, { standardCents: number }>;

/**
 * Shipping per box, in centavos. Pickup, CABA and GBA are free. A delivery without a recognisable
 * province is free when the city is CABA or a GBA partido, and otherwise charged the province of
 * Buenos Aires' rate (the province is optional in the spec; the shop confirms by WhatsApp).
 */
export function boxShippingCents(
  rates: ShippingRates,
  input: { deliveryMethod: "delivery" | "pickup"; state: string; city: string },
): number {
  if (input.deliveryMethod === "pickup") return 0;
  const city = norm(input.city);
  const inGreaterBuenosAires = CABA_SET.has(city) || GBA_SET.has(city);
  const code = provinceCode(input.state);
  if (code === "C") return 0;
  if ((code === "B" || code === null) && inGreaterBuenosAires) return 0;
  return rates[code ?? "B"]?.standardCents ?? 0;
}
