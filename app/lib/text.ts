/**
 * Accent folding: "Filosofía" -> "Filosofia", "Ñandú" -> "Nandu". The one JavaScript way the shop compares
 * or slugs Spanish text without its accents (the database has its own, `f_unaccent`, for search).
 * Only the combining diacritical marks go; case and everything else stay.
 */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}
