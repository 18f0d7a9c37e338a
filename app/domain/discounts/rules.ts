import { type Cents, formatMoney, percentOf } from "~/lib/money";

/**
 * Discount code rules shared by the server, the checkout and the admin screen (no server-only imports).
 * A code is 3-20 letters and digits, stored upper-case; it gives a percentage (1-100) or a fixed amount.
 */
export const CODE_PATTERN = /^[A-Z0-9]{3,20}$/;

/** The admin's description of a code (the form's textarea and the server agree). */
export const DISCOUNT_DESCRIPTION_MAX = 200;

export const normaliseDiscountCode = (code: string): string => code.trim().toUpperCase();

export const DISCOUNT_MESSAGES = {
  unknown: "El código de descuento no existe",
  inactive: "Este código de descuento no está activo",
  expired: "Este código de descuento está vencido",
  exhausted: "Este código de descuento ya alcanzó su límite de usos",
  malformed: "El código debe tener entre 3 y 20 letras o números",
  valid: "Código aplicado",
  minimum: (minimumCents: Cents) => `Este código vale para compras desde ${formatMoney(minimumCents)}`,
} as const;

export interface DiscountTerms {
  active: boolean;
  validUntil: Date | null;
  maxUses: number | null;
  usedCount: number;
}

export type DiscountDisplayStatus = "inactive" | "expired" | "exhausted" | "active";

/** The spec's display status, evaluated in its order: inactive, expired, exhausted, active. */
export function discountDisplayStatus(code: DiscountTerms, now = new Date()): DiscountDisplayStatus {
  if (!code.active) return "inactive";
  if (code.validUntil && code.validUntil.getTime() <= now.getTime()) return "expired";
  if (code.maxUses !== null && code.usedCount >= code.maxUses) return "exhausted";
  return "active";
}

/**
 * What a code takes off a subtotal, in whole centavos: a percentage of it (rounded half up) or the fixed
 * amount, never more than the subtotal.
 */
export function discountFor(
  code: { discountPercentage: number | null; discountAmountCents: number | null },
  subtotalCents: Cents,
): Cents {
  if (subtotalCents <= 0) return 0;
  if (code.discountPercentage !== null) return percentOf(subtotalCents, code.discountPercentage);
  return Math.min(code.discountAmountCents ?? 0, subtotalCents);
}
