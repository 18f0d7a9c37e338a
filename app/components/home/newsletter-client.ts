import { isEmail } from "~/lib/email";

/**
 * The newsletter forms' client rules (storefront spec §5, §8), shared by the home's two forms.
 * The endpoint is POST /api/newsletter/subscribe: 200 {success:true, message} or 4xx
 * {success:false, error, message}, Spanish text in both.
 */
export const EMAIL_REQUIRED = "Por favor ingresa tu email";
export const EMAIL_INVALID = "Por favor ingresa un email válido";
export const SUBSCRIBE_SUCCESS_TITLE = "¡Suscripción exitosa!";
export const SUBSCRIBE_SUCCESS_DEFAULT = "Gracias por suscribirte a nuestro newsletter";
export const SUBSCRIBE_REFUSED_DEFAULT = "Error al procesar la suscripción";
export const SUBSCRIBE_FAILED = "Error al procesar la suscripción. Inténtalo de nuevo.";

/** The message for an email as typed, or null when it may be sent. */
export function emailProblem(raw: string): string | null {
  const email = raw.trim();
  if (email === "") return EMAIL_REQUIRED;
  return isEmail(email) ? null : EMAIL_INVALID;
}

export interface SubscribeInput {
  email: string;
  name?: string;
  interests?: string[];
  source?: string;
}

export type SubscribeOutcome = { ok: true; message: string } | { ok: false; message: string };

/** Calls the endpoint and turns every answer (or failure) into the toast text of the spec. */
export async function subscribe(input: SubscribeInput): Promise<SubscribeOutcome> {
  let body: { success?: unknown; message?: unknown; error?: unknown } | null = null;
  try {
    const response = await fetch("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "include",
      body: JSON.stringify(input),
    });
    body = await response.json().catch(() => null);
    if (!body || typeof body !== "object") return { ok: false, message: SUBSCRIBE_FAILED };
  } catch (error) {
    console.warn("No se pudo llamar al newsletter", error);
    return { ok: false, message: SUBSCRIBE_FAILED };
  }
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);
  if (body.success === true) return { ok: true, message: text(body.message) ?? SUBSCRIBE_SUCCESS_DEFAULT };
  return { ok: false, message: text(body.message) ?? text(body.error) ?? SUBSCRIBE_REFUSED_DEFAULT };
}
