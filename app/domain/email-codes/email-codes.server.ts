import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { DomainError } from "~/domain/errors";

/**
 * The 6-digit codes the shop e-mails to prove someone reads an address: the botón de baja of the Caja
 * Rizoma and the sign-in to Mi cuenta. One rule for both: a code lives 15 minutes, allows 5 attempts, an
 * address gets at most 5 codes an hour, and only a keyed hash is stored.
 */
export const CODE_TTL_MS = 15 * 60_000;
export const MAX_ATTEMPTS = 5;
export const MAX_CODES_PER_EMAIL_PER_HOUR = 5;
export const HOUR_MS = 3_600_000;

export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/**
 * A leaked table gives no code, and without the key none can be tried offline. `purpose` keeps a code of
 * one flow from being valid in another.
 */
export function codeHash(secret: Buffer, purpose: string, address: string, code: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${address}:${code}`).digest("base64url");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const wrongCodeMessage = (remaining: number) =>
  `El código no es correcto. Te ${remaining === 1 ? "queda 1 intento" : `quedan ${remaining} intentos`}.`;

/** The code's time or its attempts are over: 410, ask for a new one. */
export class CodeGone extends DomainError {
  override readonly status = 410;
}
/** A wrong code: 422 with the attempts left. */
export class WrongCode extends DomainError {
  override readonly status = 422;
}

/** Six digits, spaces around them forgiven. */
export const sixDigitCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{6}$/, message);
