import { z } from "zod";
import { emailSchema } from "~/lib/email-schema";
import { issueMessage } from "~/lib/zod-spanish";

/**
 * QR prize rules shared by the forms (client) and the server: the spec's limits and messages.
 * Client-safe: no server imports.
 */
export const QR_CODE_MAX = 8;
/** Dark green on white, error correction M, margin 1, 256 px (spec §7). */
export const QR_STYLE = {
  errorCorrectionLevel: "M",
  margin: 1,
  width: 256,
  dark: "#1f4d3a",
  light: "#ffffff",
} as const;

/** Where a code stands for a visitor and the admin. */
export type PublicStatus = "pending" | "validated" | "expired";

/** What anyone with the link may see of a code (client-safe: the claim page renders it). */
export interface PublicQrCode {
  code: string;
  bookTitle: string;
  description: string | null;
  status: PublicStatus;
  validatedAt: string | null;
  canClaim: boolean;
  /** Only the date and the winner's initial: never e-mail, DNI or phone. */
  winnerInfo: { claimedAt: string; claimedByName: string } | null;
}

/** The one wording of each state, on the claim page and in the admin list. */
export const QR_STATUS_LABELS: Record<PublicStatus, string> = {
  pending: "Disponible",
  validated: "Ya Reclamado",
  expired: "Vencido",
};

export const INVALID_CODE = "Código QR no válido";
export const EXPIRED_CODE = "Este código QR ha expirado.";

/** The code from the URL, as the spec says: uppercased before any call. */
export const normaliseCode = (raw: string | undefined) => (raw ?? "").trim().toUpperCase();

export const createCodeSchema = z
  .object({
    bookTitle: z
      .string({ error: "El título del libro es requerido" })
      .trim()
      .min(1, "El título del libro es requerido")
      .max(200, "El título puede tener hasta 200 caracteres"),
    description: z
      .string({ error: "La descripción no es válida" })
      .trim()
      .max(1000, "La descripción puede tener hasta 1000 caracteres")
      .optional()
      .nullable()
      .transform((value) => value || null),
    code: z
      .string({ error: "El código no es válido" })
      .trim()
      .max(QR_CODE_MAX, `El código puede tener hasta ${QR_CODE_MAX} caracteres`)
      .transform((value) => value.toUpperCase())
      .refine((value) => value === "" || /^[A-Z0-9]+$/.test(value), "El código solo puede tener letras y números")
      .optional()
      .nullable()
      .transform((value) => value || null),
    expiresAt: z
      .string({ error: "La fecha de vencimiento no es válida" })
      .trim()
      .optional()
      .nullable()
      .transform((value, ctx) => {
        if (!value) return null;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
          ctx.addIssue({ code: "custom", message: "La fecha de vencimiento no es válida" });
          return z.NEVER;
        }
        return value;
      }),
  })
  .strict();

export type CreateCodeInput = z.input<typeof createCodeSchema>;

/** The shop's phone rule (prize claims, orders): 10+ digits and separators, an optional leading +. */
export const phoneSchema = z
  .string({ error: "El teléfono es requerido" })
  .trim()
  .min(1, "El teléfono es requerido")
  .max(30, "Teléfono inválido")
  .regex(/^\+?[\d\s\-()]{10,}$/, "Teléfono inválido")
  .refine((value) => value.replace(/\D/g, "").length >= 8, "Teléfono inválido");

/** The claim form, checked in the spec's order with its messages. */
export const claimSchema = z
  .object({
    name: z
      .string({ error: "El nombre es requerido" })
      .trim()
      .min(1, "El nombre es requerido")
      .max(100, "El nombre puede tener hasta 100 caracteres"),
    email: emailSchema({ required: "El email es requerido", invalid: "Email inválido" }),
    dni: z
      .string({ error: "El DNI es requerido" })
      .trim()
      .min(1, "El DNI es requerido")
      .regex(/^\d{7,8}$/, "DNI inválido (7-8 dígitos)"),
    phone: phoneSchema,
  })
  .strict();

export type ClaimInput = z.input<typeof claimSchema>;

/** Per-field messages for the form (the first problem of each field). */
export function claimErrors(input: unknown): Partial<Record<keyof ClaimInput, string>> {
  const parsed = claimSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof ClaimInput, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ClaimInput | undefined;
    if (field && !errors[field]) errors[field] = issueMessage(issue);
  }
  return errors;
}

/** "María" -> "M." (what the public page may say of a winner). */
export const initialOf = (name: string) => `${(name.trim()[0] ?? "").toUpperCase()}.`;
