import { z } from "zod";
import { argentinePhoneDigits } from "~/domain/settings/argentina";
import { emailSchema } from "~/lib/email-schema";
import { issueMessage } from "~/lib/zod-spanish";
import { LIMITS, SPECIAL_ORDER_SCOPES, SPECIAL_ORDER_STATUSES, type SpecialOrderStatus } from "./labels";

/**
 * The request form (home dialog, /pedidos-especiales without JavaScript, POST /api/special-orders) and
 * the admin's changes. Spanish messages; the first problem is the one shown.
 */
export const MESSAGES = {
  bookTitle: "Contanos qué libro buscás",
  name: "El nombre es requerido",
  email: "Ingresá un email válido",
  phone: "El teléfono no es válido: incluí el código de área (por ejemplo 11 5555-1234)",
  scope: "Elegí si el pedido es nacional o internacional",
  bookId: "No encontramos ese libro en el catálogo",
  reply: "Escribí la respuesta",
  status: "Elegí un estado válido",
} as const;

const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: "Los datos del formulario no son válidos" })
    .optional()
    .transform((value) => (value ?? "").trim().replace(/[ \t]+/g, " "))
    .pipe(z.string().max(max, message))
    .transform((value) => value || null);

const requiredText = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .transform((value) => value.replace(/\s+/g, " "));

export const requestSchema = z
  .object({
    bookTitle: requiredText(
      LIMITS.bookTitle,
      MESSAGES.bookTitle,
      `El título puede tener hasta ${LIMITS.bookTitle} caracteres`,
    ),
    bookAuthor: optionalText(LIMITS.bookAuthor, `El autor puede tener hasta ${LIMITS.bookAuthor} caracteres`),
    name: requiredText(LIMITS.name, MESSAGES.name, `El nombre puede tener hasta ${LIMITS.name} caracteres`),
    email: emailSchema({ invalid: MESSAGES.email }, LIMITS.email),
    phone: optionalText(LIMITS.phone, MESSAGES.phone).refine(
      (value) => value === null || argentinePhoneDigits(value) !== null,
      MESSAGES.phone,
    ),
    scope: z.enum(SPECIAL_ORDER_SCOPES, { error: MESSAGES.scope }),
    note: optionalText(LIMITS.note, `La nota puede tener hasta ${LIMITS.note} caracteres`),
    bookId: z
      .union([z.number(), z.string(), z.null()], { error: MESSAGES.bookId })
      .optional()
      .transform((value) => (value === "" || value === null || value === undefined ? null : Number(value)))
      .refine((value) => value === null || (Number.isSafeInteger(value) && value > 0), MESSAGES.bookId),
  })
  .strict();

export type RequestInput = z.input<typeof requestSchema>;
export type SpecialOrderRequest = z.output<typeof requestSchema>;

/** A posted form (no-JavaScript page) as the API's body; unknown fields are left out. */
export function requestFromForm(form: FormData): Record<string, string> {
  const fields = ["bookTitle", "bookAuthor", "name", "email", "phone", "scope", "note", "bookId"] as const;
  return Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? "")]));
}

/** Per-field messages (the first problem of each field), for the no-JavaScript form. */
export function requestErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issueMessage(issue);
  }
  return errors;
}

/**
 * Where a request may go next: forward along the work (any later step, so a step can be skipped),
 * cancelled from any open state, and a cancelled one reopened as new. Delivered is the end.
 */
const FLOW: SpecialOrderStatus[] = ["nuevo", "cotizado", "encargado", "listo", "entregado"];

export function nextStatuses(from: SpecialOrderStatus): SpecialOrderStatus[] {
  if (from === "entregado") return [];
  if (from === "cancelado") return ["nuevo"];
  return [...FLOW.slice(FLOW.indexOf(from) + 1), "cancelado"];
}

export const statusSchema = z.enum(SPECIAL_ORDER_STATUSES, { error: MESSAGES.status });

export const adminUpdateSchema = z
  .object({
    status: statusSchema.optional(),
    adminNotes: z
      .union([z.string(), z.null()], { error: "Las notas no son válidas" })
      .optional()
      .transform((value) => (value === undefined ? undefined : (value ?? "").trim() || null))
      .pipe(z.string().max(5000, "Las notas pueden tener hasta 5000 caracteres").nullable().optional()),
  })
  .strict()
  .refine((input) => input.status !== undefined || input.adminNotes !== undefined, "No hay nada para cambiar");

export const replySchema = z
  .object({
    message: z
      .string({ error: MESSAGES.reply })
      .trim()
      .min(1, MESSAGES.reply)
      .max(5000, "La respuesta puede tener hasta 5000 caracteres"),
  })
  .strict();

/** The admin list's URL (`?estado=&buscar=&pagina=`, unknown values ignored) as the list's filters. */
export const listQuerySchema = z
  .object({
    estado: z.enum(SPECIAL_ORDER_STATUSES).optional().catch(undefined),
    buscar: z
      .string()
      .trim()
      .max(100)
      .optional()
      .catch(undefined)
      .transform((value) => value || undefined),
    pagina: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  })
  .transform((query) => ({ status: query.estado, search: query.buscar, page: query.pagina ?? 1 }));
