import { ean13Check, hasValidCheckDigit } from "./isbn-digits";

/**
 * The codes a counter reads off a book: an EAN-13 ISBN (978/979), an ISBN-10 typed from the copyright page,
 * a UPC-A or EAN-8 on imported stock, or the publisher's own SKU label (Code 128). Pure and without
 * isbn3's range tables (app/lib/isbn.ts), so the sale page can carry it to the phone and match offline
 * against the catalogue snapshot, whose isbn and sku fields may hold hyphens, ISBN-10 or ISBN-13.
 */

/** What someone typed or a scanner read, as a key: no spaces, hyphens or dots, upper-case, no "ISBN" label. */
export function normaliseCode(text: string): string {
  const plain = text
    .trim()
    .replace(/^ISBN(?:-?1[03])?:?\s*(?=[\dX])/i, "")
    .replace(/[\s\-.‐‑–—]/g, "")
    .toUpperCase();
  // A book's EAN-13 with its price add-on (2 or 5 digits), as some hand scanners type it: the book's part.
  if (/^\d{15}$|^\d{18}$/.test(plain) && isValidEan13(plain.slice(0, 13))) return plain.slice(0, 13);
  return plain;
}

/** A GTIN's check digit (EAN-8, UPC-A, EAN-13): weights 3 and 1 alternate from the rightmost data digit. */
function gtinCheck(data: string): string {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += Number(data[data.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** 13 digits whose last is the EAN-13 check digit of the first twelve (hyphens and spaces ignored). */
export function isValidEan13(code: string): boolean {
  const digits = normaliseCode(code);
  return /^\d{13}$/.test(digits) && ean13Check(digits.slice(0, 12)) === digits[12];
}

/** An EAN-8, UPC-A (12) or EAN-13 with a right check digit. */
export function isValidGtin(code: string): boolean {
  const digits = normaliseCode(code);
  return /^(\d{8}|\d{12}|\d{13})$/.test(digits) && gtinCheck(digits.slice(0, -1)) === digits.at(-1);
}

/** The ISBN-13 (978…) of a valid ISBN-10, or null. */
export function isbn10To13(isbn10: string): string | null {
  const digits = normaliseCode(isbn10);
  if (digits.length !== 10 || !hasValidCheckDigit(digits)) return null;
  const body = `978${digits.slice(0, 9)}`;
  return body + ean13Check(body);
}

/** The ISBN-10 of a valid 978 ISBN-13, or null (979 ISBNs have none). */
export function isbn13To10(isbn13: string): string | null {
  const digits = normaliseCode(isbn13);
  if (!digits.startsWith("978") || !isValidEan13(digits)) return null;
  const body = digits.slice(3, 12);
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return body + (check === 10 ? "X" : String(check));
}

/**
 * Every key under which a catalogue might hold the book `code` names, normalised as `normaliseCode` does
 * (so compare them with `normaliseCode(book.isbn)`): an ISBN in both its forms, a UPC-A with and without
 * the EAN-13's leading zero, anything else (a SKU) as itself. The code read comes first. Empty for blank.
 */
export function bookCodeCandidates(code: string): string[] {
  const key = normaliseCode(code);
  if (!key) return [];
  const forms = [key];
  if (key.length === 10) forms.push(isbn10To13(key) ?? "");
  if (key.length === 13) forms.push(isbn13To10(key) ?? "");
  if (/^\d{12}$/.test(key) && isValidGtin(key)) forms.push(`0${key}`);
  if (/^0\d{12}$/.test(key) && isValidEan13(key)) forms.push(key.slice(1));
  return [...new Set(forms.filter(Boolean))];
}

export interface CodedBook {
  isbn: string | null;
  sku: string | null;
}

/**
 * The book `code` names: by ISBN (in any of its forms) first, then by the publisher's SKU, so a SKU that
 * happens to look like another book's ISBN never wins over the ISBN itself. Undefined when none matches.
 */
export function findBookByCode<T extends CodedBook>(books: readonly T[], code: string): T | undefined {
  const candidates = new Set(bookCodeCandidates(code));
  if (candidates.size === 0) return undefined;
  const has = (stored: string | null) => stored !== null && candidates.has(normaliseCode(stored));
  return books.find((book) => has(book.isbn)) ?? books.find((book) => has(book.sku));
}
