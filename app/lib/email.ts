/**
 * What an email address is in the shop. Framework-free and without zod, so the browser's forms check
 * addresses with the same rule the server applies (the zod schema is app/lib/email-schema.ts).
 */

/** The spec's rule (storefront §5): text, at-sign, text, dot, text, with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** Whether a trimmed text is an address by the spec's rule. */
export function isEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}

/**
 * A customer is an email, lower-cased and trimmed (DESIGN §8): how addresses are stored, compared and
 * looked up, so "Ana@Example.com " and "ana@example.com" are one person.
 */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
