import { z } from "zod";
import { endOfDay, isCalendarDay } from "~/lib/dates";
import { type Cents, formatMoney, parseMoney } from "~/lib/money";
import {
  CODE_PATTERN,
  DISCOUNT_DESCRIPTION_MAX as DESCRIPTION_MAX,
  DISCOUNT_MESSAGES,
  normaliseDiscountCode,
} from "./rules";

/**
 * What the admin sends for a discount code (the spec's form fields), as the JSON API and the page's form
 * both read it. Amounts come in pesos and leave in centavos. Client-safe: no server imports.
 */

/** $ 10.000.000: far above any real discount or minimum, well inside the 32-bit centavos columns. */
export const MAX_DISCOUNT_CENTS: Cents = 1_000_000_000;
export const MAX_USES_LIMIT = 1_000_000;

export const DISCOUNT_FORM_MESSAGES = {
  percentage: "El porcentaje debe ser un número entero entre 1 y 100",
  amount: "El monto fijo no es válido: usá números, con punto o coma para los centavos",
  amountNegative: "El monto fijo no puede ser negativo",
  minimum: "La compra mínima no es válida: usá números, con punto o coma para los centavos",
  minimumNegative: "La compra mínima no puede ser negativa",
  tooLarge: `Los montos pueden ser de hasta ${formatMoney(MAX_DISCOUNT_CENTS)}`,
  kindMissing: "Indicá un porcentaje (de 1 a 100) o un monto fijo mayor a cero",
  kindBoth: "Elegí un porcentaje o un monto fijo, no los dos",
  maxUses: "Los usos máximos deben ser un número entero desde 1 (vacío: ilimitados)",
  maxUsesTooLarge: `Los usos máximos pueden ser hasta ${MAX_USES_LIMIT.toLocaleString("es-AR")}`,
  validUntil: "La fecha de vencimiento no es válida",
  active: "El estado activo debe ser verdadero o falso",
  description: `La descripción puede tener hasta ${DESCRIPTION_MAX} caracteres`,
  descriptionType: "La descripción no es válida",
  code: DISCOUNT_MESSAGES.malformed,
  codeFixed: "El código no se puede cambiar: creá uno nuevo si necesitás otro",
} as const;

const M = DISCOUNT_FORM_MESSAGES;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A number field as JSON (number) or a form (text) sends it; blank is null. */
const numberish = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => (isBlank(value) ? null : String(value).trim()));

/**
 * Pesos -> centavos: a JSON number as pesos, text as the admin types it ("12.500,50"); `zeroIsBlank` for
 * the fixed amount, whose 0 means "not this kind".
 */
const pesosField = (invalid: string, negative: string, zeroIsBlank: boolean) =>
  z
    .union([z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((value, ctx): Cents | null => {
      if (value === undefined || value === null || isBlank(value)) return null;
      if (String(value).trim().startsWith("-")) {
        ctx.addIssue({ code: "custom", message: negative });
        return z.NEVER;
      }
      const cents = parseMoney(value);
      if (cents === null) ctx.addIssue({ code: "custom", message: invalid });
      else if (cents > MAX_DISCOUNT_CENTS) ctx.addIssue({ code: "custom", message: M.tooLarge });
      else return zeroIsBlank && cents === 0 ? null : cents;
      return z.NEVER;
    });

const percentageField = numberish(M.percentage).transform((text, ctx) => {
  if (text === null) return null;
  const value = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  // 0 is the form's "no percentage" (the other kind was chosen).
  if (value === 0) return null;
  if (value >= 1 && value <= 100) return value;
  ctx.addIssue({ code: "custom", message: M.percentage });
  return z.NEVER;
});

const maxUsesField = numberish(M.maxUses).transform((text, ctx) => {
  if (text === null) return null;
  const value = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (value < 1) ctx.addIssue({ code: "custom", message: M.maxUses });
  else if (value > MAX_USES_LIMIT) ctx.addIssue({ code: "custom", message: M.maxUsesTooLarge });
  else return value;
  return z.NEVER;
});

/**
 * "YYYY-MM-DD" means the end of that day in Buenos Aires (UTC-3 all year, no daylight saving since 2009);
 * a date-time with an offset is that instant, one without an offset is Buenos Aires time.
 */
export function parseValidUntil(text: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const time = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  const parts = day ?? time;
  if (!parts) return null;
  const year = Number(parts[1]);
  // The calendar date must exist (no 31 de febrero) and be a sensible year.
  if (year < 2000 || year > 2100 || !isCalendarDay(text.slice(0, 10))) return null;
  const instant = day ? endOfDay(text) : new Date(time?.[7] ? text : `${text}-03:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

const validUntilField = z
  .union([z.string(), z.null()], { error: M.validUntil })
  .optional()
  .transform((value, ctx) => {
    if (isBlank(value)) return null;
    const date = parseValidUntil(String(value).trim());
    if (!date) ctx.addIssue({ code: "custom", message: M.validUntil });
    return date ?? z.NEVER;
  });

const descriptionField = z
  .union([z.string(), z.null()], { error: M.descriptionType })
  .optional()
  .transform((value) => (value ?? "").trim())
  .refine((value) => value.length <= DESCRIPTION_MAX, M.description)
  .transform((value) => value || null);

/** The custom code: uppercased, blank means "generate one". */
const customCodeField = z
  .union([z.string(), z.null()], { error: M.code })
  .optional()
  .transform((value) => normaliseDiscountCode(value ?? ""))
  .refine((code) => code === "" || CODE_PATTERN.test(code), M.code)
  .transform((code) => code || null);

const terms = {
  description: descriptionField,
  discountPercentage: percentageField,
  discountAmount: pesosField(M.amount, M.amountNegative, true),
  minimumAmount: pesosField(M.minimum, M.minimumNegative, false),
  maxUses: maxUsesField,
  validUntil: validUntilField,
};

/** A percentage xor a fixed amount: exactly one of them. */
function oneKind(
  value: { discountPercentage: number | null; discountAmount: Cents | null },
  ctx: z.RefinementCtx,
): void {
  const both = value.discountPercentage !== null && value.discountAmount !== null;
  const neither = value.discountPercentage === null && value.discountAmount === null;
  if (both || neither) {
    ctx.addIssue({ code: "custom", path: ["discountPercentage"], message: both ? M.kindBoth : M.kindMissing });
  }
}

/** The stored shape of the terms (centavos; the kind not chosen is null). */
const toStored = <T extends { discountAmount: Cents | null; minimumAmount: Cents | null }>({
  discountAmount,
  minimumAmount,
  ...rest
}: T) => ({ ...rest, discountAmountCents: discountAmount, minimumAmountCents: minimumAmount ?? 0 });

/** POST /api/discount-codes/create: the spec's form fields; `active` defaults to true. */
export const createDiscountSchema = z
  .object({
    customCode: customCodeField,
    ...terms,
    active: z.boolean({ error: M.active }).optional().default(true),
  })
  .strict()
  .superRefine(oneKind)
  .transform(toStored);

/**
 * PUT /api/discount-codes/{id}: the same fields, which replace the code's terms. `customCode` may come
 * along (the same form) but cannot change the code; without `active` the code keeps its state.
 */
export const updateDiscountSchema = z
  .object({
    customCode: customCodeField,
    ...terms,
    active: z.boolean({ error: M.active }).optional(),
  })
  .strict()
  .superRefine(oneKind)
  .transform(toStored);

/** PUT /api/discount-codes/{id} with only `{active}`: the list's toggle. */
export const toggleDiscountSchema = z.object({ active: z.boolean({ error: M.active }) }).strict();

export type CreateDiscountInput = z.output<typeof createDiscountSchema>;
export type UpdateDiscountInput = z.output<typeof updateDiscountSchema>;

/** The body of a PUT is a toggle when `active` is all it carries. */
export const isToggleBody = (body: unknown): body is { active: unknown } =>
  typeof body === "object" &&
  body !== null &&
  !Array.isArray(body) &&
  Object.keys(body).length === 1 &&
  Object.hasOwn(body, "active");
