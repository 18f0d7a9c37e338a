import { z } from "zod";
import { isEmail } from "~/lib/email";

/**
 * The box subscription form (spec §3, §5), shared by the modal, the no-JavaScript page and
 * POST /api/caja/subscribe. Checked in the spec's order; the first failure is the message shown.
 */
export const SUBSCRIBE_MESSAGES = {
  firstName: "El nombre es requerido",
  lastName: "El apellido es requerido",
  email: "Email válido es requerido",
  whatsapp: "WhatsApp es requerido",
  address: "Dirección completa es requerida para envío",
  acceptTerms: "Debes aceptar los términos y condiciones",
  plan: "Elegí un plan válido",
} as const;

const text = (max: number) =>
  z
    .union([z.string(), z.null()], { error: "Los datos del formulario no son válidos" })
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, `Máximo ${max} caracteres`));

const TRUE_VALUES = new Set([true, "true", "on", "1", "yes"]);

export const subscribeSchema = z
  .object({
    firstName: text(80),
    lastName: text(80),
    email: text(200),
    whatsapp: text(40),
    address: text(200),
    city: text(100),
    state: text(100),
    zipCode: text(12),
    deliveryMethod: z
      .enum(["delivery", "pickup"], { error: "Elegí envío a domicilio o retiro" })
      .optional()
      .default("delivery"),
    pickupLocation: text(200),
    acceptTerms: z
      .union([z.boolean(), z.string(), z.null()])
      .optional()
      .transform((value) => TRUE_VALUES.has(value as string | boolean)),
    planType: z.string({ error: SUBSCRIBE_MESSAGES.plan }).trim().min(1, SUBSCRIBE_MESSAGES.plan).max(40),
  })
  .strict()
  .superRefine((input, ctx) => {
    const message = firstProblem(input);
    if (message) ctx.addIssue({ code: "custom", message });
  });

export type SubscribeInput = z.output<typeof subscribeSchema>;

/** The spec's order (§5): the first failing rule's message, or null. */
export function firstProblem(input: {
  firstName: string;
  lastName: string;
  email: string;
  whatsapp: string;
  deliveryMethod: "delivery" | "pickup";
  address: string;
  city: string;
  acceptTerms: boolean;
}): string | null {
  if (!input.firstName.trim()) return SUBSCRIBE_MESSAGES.firstName;
  if (!input.lastName.trim()) return SUBSCRIBE_MESSAGES.lastName;
  if (!isEmail(input.email.trim())) return SUBSCRIBE_MESSAGES.email;
  if (!input.whatsapp.trim()) return SUBSCRIBE_MESSAGES.whatsapp;
  if (input.deliveryMethod === "delivery" && (!input.address.trim() || !input.city.trim()))
    return SUBSCRIBE_MESSAGES.address;
  if (!input.acceptTerms) return SUBSCRIBE_MESSAGES.acceptTerms;
  return null;
}

/** A posted form (modal or no-JavaScript page) as the API's JSON body. */
export function subscribeBodyFromForm(form: FormData): Record<string, string | boolean> {
  const value = (name: string) => String(form.get(name) ?? "");
  return {
    firstName: value("firstName"),
    lastName: value("lastName"),
    email: value("email"),
    whatsapp: value("whatsapp"),
    address: value("address"),
    city: value("city"),
    state: value("state"),
    zipCode: value("zipCode"),
    deliveryMethod: value("deliveryMethod") === "pickup" ? "pickup" : "delivery",
    pickupLocation: value("pickupLocation"),
    acceptTerms: TRUE_VALUES.has(value("acceptTerms")),
    planType: value("planType"),
  };
}
