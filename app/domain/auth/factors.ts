/** Client-safe names and texts of the admins' second factors (the server side: factors.server.ts). */

export const RECOVERY_CODE_COUNT = 10;

export interface FactorSummary {
  id: number;
  kind: "totp" | "passkey";
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export const FACTOR_KIND_LABELS: Record<FactorSummary["kind"], string> = {
  totp: "App de autenticación",
  passkey: "Llave de acceso",
};

export const FACTOR_MESSAGES = {
  required: "Falta el código de tu segundo factor: el de tu app de autenticación o uno de tus códigos de recuperación.",
  wrongCode: "El código no es correcto o ya se usó. Probá con el que muestra tu app ahora.",
  enrolmentGone: "Ese código QR ya no sirve. Empezá de nuevo.",
  noFactorYet: "Primero configurá una app de autenticación o una llave de acceso.",
  notFound: "Ese factor ya no está.",
  lastRequired:
    "No podés quitar tu único segundo factor: la tienda lo pide a todo el equipo. Agregá otro antes de quitar este.",
  enrolFirst: "Antes de seguir, configurá tu segundo factor en Seguridad.",
  signInAgain: "Pasaron más de 5 minutos. Ingresá de nuevo con tu email y contraseña.",
} as const;
