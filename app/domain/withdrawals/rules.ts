import { z } from "zod";
import { boxIdFromNumber } from "~/domain/box/number";
import { emailSchema } from "~/lib/email-schema";

/**
 * The withdrawal request (the /arrepentimiento form and POST /api/arrepentimiento): client-safe, so the
 * page and the API read the same rules and Spanish messages.
 */
export const REASON_MAX = 1000;

export const WITHDRAWAL_MESSAGES = {
  orderNumber: "Ingresá el número de pedido que figura en el correo de confirmación (por ejemplo RZ-000123)",
  subscriptionNumber:
    "Ingresá el número de suscripción que figura en el correo de bienvenida de la Caja Rizoma (por ejemplo CR-000123)",
  subscriptionEmail: "Ingresá el email con el que te suscribiste a la Caja Rizoma",
  /** The same answer for an unknown subscription and for one with another email. */
  subscriptionNotFound:
    "No encontramos una suscripción a la Caja Rizoma con ese número y ese email. Revisá los datos del correo de bienvenida.",
  email: "Ingresá el email con el que hiciste la compra",
  reason: `El motivo puede tener hasta ${REASON_MAX} caracteres`,
  /** The same answer for an unknown number and for a number with another email: orders cannot be probed. */
  notFound: "No encontramos un pedido con ese número y ese email. Revisá los datos del correo de confirmación.",
  cancelled:
    "Ese pedido ya está cancelado: no hace falta que te arrepientas. Si pagaste y todavía no te devolvimos el dinero, escribinos.",
  tooMany: "Recibimos muchas solicitudes desde tu conexión. Probá de nuevo en unos minutos o escribinos por WhatsApp.",
} as const;

/**
 * An order's id from the ways a buyer may write its number: "RZ-000123", "rz-123", "RZ 123", "#123",
 * "123". Null when it is none of them (or beyond the ids the database holds).
 */
export function orderIdFromNumber(raw: string): number | null {
  const match = /^#?\s*(?:rz\s*[-‐–—]?\s*)?(\d{1,9})$/i.exec(raw.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}

/** The shop's way of writing an order number ("RZ-000123"), as the orders table generates it. */
export const orderNumberOf = (id: number) => `RZ-${String(id).padStart(6, "0")}`;

const reasonField = z
  .union([z.string(), z.null()], { error: WITHDRAWAL_MESSAGES.reason })
  .optional()
  .transform((value) => (value ?? "").trim())
  .pipe(z.string().max(REASON_MAX, WITHDRAWAL_MESSAGES.reason))
  .transform((value) => value || null);

export const withdrawalRequestSchema = z
  .object({
    orderNumber: z
      .string({ error: WITHDRAWAL_MESSAGES.orderNumber })
      .max(40, WITHDRAWAL_MESSAGES.orderNumber)
      .transform((value, ctx) => {
        const id = orderIdFromNumber(value);
        if (id === null) {
          ctx.addIssue({ code: "custom", message: WITHDRAWAL_MESSAGES.orderNumber });
          return z.NEVER;
        }
        return id;
      }),
    email: emailSchema({ invalid: WITHDRAWAL_MESSAGES.email }),
    reason: reasonField,
  })
  .strict();

/** The same request for a Caja Rizoma subscription ("CR-000123"): `orderNumber` becomes its id. */
export const boxWithdrawalRequestSchema = z
  .object({
    orderNumber: z
      .string({ error: WITHDRAWAL_MESSAGES.subscriptionNumber })
      .max(40, WITHDRAWAL_MESSAGES.subscriptionNumber)
      .transform((value, ctx) => {
        const id = boxIdFromNumber(value);
        if (id === null) {
          ctx.addIssue({ code: "custom", message: WITHDRAWAL_MESSAGES.subscriptionNumber });
          return z.NEVER;
        }
        return id;
      }),
    email: emailSchema({ invalid: WITHDRAWAL_MESSAGES.subscriptionEmail }),
    reason: reasonField,
  })
  .strict();

export type WithdrawalRequestInput = z.input<typeof withdrawalRequestSchema>;
export type WithdrawalRequest = z.output<typeof withdrawalRequestSchema>;

/** The posted form (the page without JavaScript) as the API's body; other fields are left out. */
export function withdrawalFromForm(form: FormData): { orderNumber: string; email: string; reason: string } {
  const text = (name: string) => String(form.get(name) ?? "");
  return { orderNumber: text("orderNumber"), email: text("email"), reason: text("reason") };
}

/** "ARR-" and 8 characters with no 0/O/1/I, so a code read aloud or copied by hand is not misread. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const CODE_PATTERN = /^ARR-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;
