/**
 * Argentine identifiers the settings validate (see INTEGRATIONS.md, "Argentine data"). Pure functions,
 * shared by the server and the settings page.
 */

/** ISO 3166-2:AR letters, in the order the standard lists them. */
export const PROVINCES = [
  { code: "A", name: "Salta" },
  { code: "B", name: "Buenos Aires" },
  { code: "C", name: "Ciudad Autónoma de Buenos Aires" },
  { code: "D", name: "San Luis" },
  { code: "E", name: "Entre Ríos" },
  { code: "F", name: "La Rioja" },
  { code: "G", name: "Santiago del Estero" },
  { code: "H", name: "Chaco" },
  { code: "J", name: "San Juan" },
  { code: "K", name: "Catamarca" },
  { code: "L", name: "La Pampa" },
  { code: "M", name: "Mendoza" },
  { code: "N", name: "Misiones" },
  { code: "P", name: "Formosa" },
  { code: "Q", name: "Neuquén" },
  { code: "R", name: "Río Negro" },
  { code: "S", name: "Santa Fe" },
  { code: "T", name: "Tucumán" },
  { code: "U", name: "Chubut" },
  { code: "V", name: "Tierra del Fuego" },
  { code: "W", name: "Corrientes" },
  { code: "X", name: "Córdoba" },
  { code: "Y", name: "Jujuy" },
  { code: "Z", name: "Santa Cruz" },
] as const;

export type ProvinceCode = (typeof PROVINCES)[number]["code"];
export const PROVINCE_CODES = PROVINCES.map((province) => province.code) as [ProvinceCode, ...ProvinceCode[]];

/** Provinces by name, for people (the table on the settings page). */
export const PROVINCES_BY_NAME = [...PROVINCES].sort((a, b) => a.name.localeCompare(b.name, "es"));

const digitsOnly = (text: string) => text.replace(/[\s.-]/g, "");

function weightedSum(digits: string, weights: readonly number[]): number {
  return weights.reduce((sum, weight, i) => sum + Number(digits[i]) * weight, 0);
}

/** CUIT/CUIL check digit: weights 5,4,3,2,7,6,5,4,3,2; 11 - (sum mod 11), where 11 -> 0 and 10 -> 9. */
export function cuitCheckDigit(firstTen: string): number {
  const r = 11 - (weightedSum(firstTen, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  return r === 11 ? 0 : r === 10 ? 9 : r;
}

/** "20267565393", "20-26756539-3" or "20 26756539 3" -> "20-26756539-3"; null when it is not a valid CUIT. */
export function normaliseCuit(text: string): string | null {
  const digits = digitsOnly(text);
  if (!/^\d{11}$/.test(digits)) return null;
  if (cuitCheckDigit(digits) !== Number(digits[10])) return null;
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

const blockCheck = (digits: string, weights: readonly number[]) => (10 - (weightedSum(digits, weights) % 10)) % 10;

/**
 * CBU (and CVU, which starts with 000 and follows the same rule): 22 digits in two blocks, each ending
 * in a check digit. Block 1 (bank, branch): weights 7,1,3,9,7,1,3; block 2 (account): 3,9,7,1,... on 13.
 */
export function isValidCbu(digits: string): boolean {
  if (!/^\d{22}$/.test(digits)) return false;
  const first = digits.slice(0, 8);
  const second = digits.slice(8);
  return (
    blockCheck(first, [7, 1, 3, 9, 7, 1, 3]) === Number(first[7]) &&
    blockCheck(second, [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3]) === Number(second[13])
  );
}

export const cbuDigits = digitsOnly;

/** "+54 9 11 1234-5678" -> "5491112345678" (a mobile: 54, 9, then area code + number = 10 digits). */
export function whatsappDigits(text: string): string | null {
  const digits = text.replace(/[\s()-]/g, "").replace(/^\+/, "");
  return /^549\d{10}$/.test(digits) ? digits : null;
}

export const whatsappLink = (text: string) => `https://wa.me/${whatsappDigits(text) ?? ""}`;

/**
 * An Argentine phone as people write it ("11 5555-1234", "011 15 5555-1234", "+54 9 351 555-1234",
 * "(0221) 455-1234") -> its 10-digit national number (area code + subscriber), or null. The country
 * code 54, the mobile 9, the trunk 0 and the local mobile prefix 15 after the area code are dropped.
 */
export function argentinePhoneDigits(text: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(text.trim())) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.length > 10 && digits.startsWith("54")) digits = digits.slice(2).replace(/^9/, "");
  digits = digits.replace(/^0/, "");
  if (digits.length === 12) {
    // "11 15 5555 1234", "351 15 555 1234", "2966 15 55 1234": the 15 follows a 2-4 digit area code.
    for (const areaLength of [2, 3, 4]) {
      if (digits.slice(areaLength, areaLength + 2) === "15") {
        digits = digits.slice(0, areaLength) + digits.slice(areaLength + 2);
        break;
      }
    }
  }
  return /^[1-9]\d{9}$/.test(digits) ? digits : null;
}
