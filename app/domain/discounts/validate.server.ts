import { z } from "zod";
import { Invalid } from "~/domain/errors";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { type Cents, centsToPesos, pesosToCents } from "~/lib/money";
import { zodMessage } from "~/lib/zod-spanish";
import { MAX_DISCOUNT_CENTS } from "./input";
import { quoteDiscount } from "./redeem.server";
import { DISCOUNT_MESSAGES } from "./rules";

export const CODE_REQUIRED = "Ingresá un código de descuento";
export const SUBTOTAL_INVALID = "El subtotal no es válido";
export const TOO_MANY_CHECKS = "Demasiadas consultas de códigos desde tu conexión. Esperá un minuto y probá de nuevo.";

/** `{code, subtotal}` of the checkout: the subtotal in pesos, as every JSON of the shop. */
export const validateDiscountSchema = z
  .object({
    code: z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(50, DISCOUNT_MESSAGES.malformed),
    subtotal: z.union([z.number(), z.string()], { error: SUBTOTAL_INVALID }).transform((value, ctx): Cents => {
      const cents = pesosToCents(value);
      if (cents !== null && cents <= MAX_DISCOUNT_CENTS * 10) return cents;
      ctx.addIssue({ code: "custom", message: SUBTOTAL_INVALID });
      return z.NEVER;
    }),
  })
  .strict();

export interface DiscountCheck {
  valid: boolean;
  code?: string;
  /** Pesos off this subtotal (0 when not valid). */
  discountAmount: number;
  message: string;
}

/**
 * The checkout's question "does this code work for this subtotal?": a Spanish answer either way. Only a
 * quote: the order redeems the code in its own transaction. Limited per IP (a setting), so the codes
 * cannot be guessed by brute force.
 */
export async function checkDiscountCode(
  ctx: Pick<RequestContext, "db" | "clientIp">,
  raw: unknown,
): Promise<DiscountCheck> {
  const { db } = ctx;
  const parsed = validateDiscountSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  await limitPerIp(ctx, "discountValidatePerIpPerMinute", TOO_MANY_CHECKS);
  try {
    const quote = await quoteDiscount(db, parsed.data.code, parsed.data.subtotal);
    return {
      valid: true,
      code: quote.code,
      discountAmount: centsToPesos(quote.discountCents),
      message: DISCOUNT_MESSAGES.valid,
    };
  } catch (error) {
    if (error instanceof Invalid) return { valid: false, discountAmount: 0, message: error.message };
    throw error;
  }
}
