import { z } from "zod";
import { emailSchema } from "~/lib/email-schema";
import { isTopicId } from "./topics";

/** Messages of the newsletter forms (spec: storefront §8 and box-prizes-admin §5). */
export const EMAIL_REQUIRED = "Por favor ingresa tu email";
export const EMAIL_INVALID = "Por favor ingresa un email válido";

/** What every sign-up form sends (JSON from the pages with JavaScript, a form post without it). */
export const subscribeSchema = z
  .object({
    email: emailSchema({ required: EMAIL_REQUIRED, invalid: EMAIL_INVALID }),
    name: z
      .string({ error: "El nombre no es válido" })
      .trim()
      .max(100, "El nombre puede tener hasta 100 caracteres")
      .optional()
      .nullable()
      .transform((name) => name || null),
    interests: z
      .array(z.string({ error: "Los intereses no son válidos" }), { error: "Los intereses no son válidos" })
      .max(30, "Los intereses no son válidos")
      .optional()
      .nullable()
      .transform((ids, ctx) => {
        const unique = [...new Set(ids ?? [])].sort();
        const unknown = unique.filter((id) => !isTopicId(id));
        if (unknown.length > 0) {
          ctx.addIssue({ code: "custom", message: `Tema de interés desconocido: ${unknown[0]?.slice(0, 40)}` });
          return z.NEVER;
        }
        return unique;
      }),
    source: z
      .string({ error: "El origen no es válido" })
      .trim()
      .regex(/^[a-z0-9_-]{1,40}$/, "El origen no es válido")
      .optional()
      .nullable()
      .transform((source) => source || "web"),
  })
  .strict();

export type SubscribeInput = z.input<typeof subscribeSchema>;
