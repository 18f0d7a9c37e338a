/**
 * ISBN check digits alone, without isbn3's range tables (app/lib/isbn.ts): light enough for the admin's
 * browser bundle, where the book form checks a typed or scanned ISBN before asking the server.
 */

/** Hyphens and spaces dropped, X upper-cased: what a person or a scanner typed, as the digits it names. */
export const isbnDigits = (raw: string) => raw.replace(/[\s-]/g, "").toUpperCase();

/** Has the length of an ISBN-10 or ISBN-13 (so a wrong check digit is a mistake, not an unfinished number). */
export const isIsbnLength = (raw: string) => /^(\d{9}[\dX]|\d{13})$/.test(isbnDigits(raw));

export function ean13Check(twelve: string): string {
  const sum = [...twelve].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}

/** A complete ISBN-10 or ISBN-13 whose check digit is right. */
export function hasValidCheckDigit(raw: string): boolean {
  const isbn = isbnDigits(raw);
  if (!isIsbnLength(isbn)) return false;
  if (isbn.length === 13) return ean13Check(isbn.slice(0, 12)) === isbn[12];
  const sum = [...isbn].reduce((acc, char, i) => acc + (char === "X" ? 10 : Number(char)) * (10 - i), 0);
  return sum % 11 === 0;
}
