/**
 * Reading an outside service's variables (carriers, book data): shared by their `config.ts`, each of which
 * throws its own error class so server/env.ts can name the service.
 */

/** A variable's trimmed value; blank counts as unset. */
export const present = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** A base URL (http or https, trailing slashes dropped), or the fallback when unset. */
export function baseUrl(
  name: string,
  value: string | undefined,
  fallback: string,
  fail: (message: string) => Error,
): string {
  if (!value) return fallback;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("protocol");
  } catch {
    throw fail(`${name} debe ser una URL completa (por ejemplo https://…)`);
  }
  return value.replace(/\/+$/, "");
}
