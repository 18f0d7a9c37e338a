/** Client-safe names and texts of the step-up (the server side: step-up.server.ts). */

/** A sign-in or a step-up covers what moves money or personal data for this long (docs/decisions/0046). */
export const STEP_UP_MINUTES = 10;

/** The form field (and the JSON field) that carries the proof; APIs may send it as the `X-Step-Up` header. */
export const STEP_UP_FIELD = "stepUpProof";
export const STEP_UP_HEADER = "X-Step-Up";

/** What proves it: a code (TOTP or recovery) for an admin with a second factor, else the password. */
export type StepUpMethod = "code" | "password";

/** What a page's loader tells its form: whether the proof is fresh, how to prove it, and for how long it holds. */
export interface StepUpState {
  fresh: boolean;
  method: StepUpMethod;
  /** Whole minutes until the proof goes stale (0 when it is). */
  minutesLeft: number;
  /** The admin has a passkey: the field offers it beside the code. */
  passkey: boolean;
}

export const STEP_UP_MESSAGES = {
  code: "Para esto necesitamos confirmar que sos vos: ingresá el código de tu app de autenticación (o uno de recuperación).",
  password: "Para esto necesitamos confirmar que sos vos: ingresá tu contraseña.",
  wrongCode:
    "El código no es correcto o ya se usó. Ingresá el que muestra tu app de autenticación ahora (o uno de recuperación).",
  wrongPassword: "La contraseña no es correcta. Ingresá tu contraseña para confirmar que sos vos.",
} as const;

export const STEP_UP_LABELS: Record<StepUpMethod, string> = {
  code: "Código de tu app de autenticación o de recuperación",
  password: "Tu contraseña",
};
