import { isEmail } from "~/lib/email";

/**
 * The one browser client of the newsletter (storefront spec §5, §7, §8), used by every sign-up form
 * (the home's two, the shop's and /newsletter's). The endpoint is POST /api/newsletter/subscribe:
 * 200 {success:true, message} or 4xx/5xx {success:false, error, message?}, Spanish text in both.
 */
export const EMAIL_REQUIRED = "Por favor ingresa tu email";
export const EMAIL_INVALID = "Por favor ingresa un email válido";
export const SUBSCRIBE_SUCCESS_TITLE = "¡Suscripción exitosa!";
export const SUBSCRIBE_SUCCESS_DEFAULT = "Gracias por suscribirte a nuestro newsletter";
export const SUBSCRIBE_FAILED = "Error al procesar la suscripción. Inténtalo de nuevo.";

/** The message for an email as typed, or null when it may be sent. */
export function emailProblem(raw: string): string | null {
  const email = raw.trim();
  if (email === "") return EMAIL_REQUIRED;
  return isEmail(email) ? null : EMAIL_INVALID;
}

export interface SignupInput {
  email: string;
  name?: string;
  interests?: string[];
  source: string;
}

/**
 * The endpoint's answer. `message` is the server's Spanish text; null when there is none to show
 * (no answer, or one that is not the endpoint's JSON), and each form says its own fallback then.
 */
export type SignupAnswer = { ok: true; message: string | null } | { ok: false; message: string | null };

/** Posts a sign-up; never throws. */
export async function postSignup(input: SignupInput): Promise<SignupAnswer> {
  let body: { success?: unknown; message?: unknown; error?: unknown } | null;
  try {
    const response = await fetch("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "include",
      body: JSON.stringify(input),
    });
    body = await response.json().catch(() => null);
  } catch (error) {
    console.warn("No se pudo llamar al newsletter", error);
    return { ok: false, message: null };
  }
  if (!body || typeof body !== "object" || typeof body.success !== "boolean") return { ok: false, message: null };
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);
  if (body.success) return { ok: true, message: text(body.message) };
  return { ok: false, message: text(body.message) ?? text(body.error) };
}
