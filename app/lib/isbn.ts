import ISBN from "isbn3";
import { ean13Check, hasValidCheckDigit, isbnDigits } from "./isbn-digits";

/**
 * ISBNs through isbn3 (a maintained library with the ISBN agency's ranges): check digits for ISBN-10 and
 * ISBN-13, conversion between them and hyphenation by registration group and publisher. Hyphens and
 * spaces in what someone typed or scanned are ignored.
 */
export const normaliseIsbn = isbnDigits;

export interface ParsedIsbn {
  isbn13: string;
  /** Null for 979 ISBNs, which have no ISBN-10. */
  isbn10: string | null;
  /** "978-950-511-307-1"; the plain 13 digits when the ranges do not know the publisher block. */
  hyphenated: string;
}

/** A valid ISBN-10 or ISBN-13 in both forms, or null (wrong length, wrong check digit, not an ISBN). */
export function parseIsbn(raw: string): ParsedIsbn | null {
  const isbn = normaliseIsbn(raw);
  if (!hasValidCheckDigit(isbn)) return null;
  const parsed = ISBN.parse(isbn);
  if (parsed?.isValid && parsed.isbn13) {
    return { isbn13: parsed.isbn13, isbn10: parsed.isbn10 ?? null, hyphenated: parsed.isbn13h ?? parsed.isbn13 };
  }
  // A well-formed number in a range the library's table does not list yet: still an ISBN by its check digit.
  if (isbn.length === 13 && /^97[89]/.test(isbn)) return { isbn13: isbn, isbn10: null, hyphenated: isbn };
  if (isbn.length === 10) {
    const body = `978${isbn.slice(0, 9)}`;
    return { isbn13: body + ean13Check(body), isbn10: isbn, hyphenated: body + ean13Check(body) };
  }
  return null;
}

/** ISBN-10 or ISBN-13 (hyphens and spaces ignored) with a valid check digit. */
export function isValidIsbn(raw: string): boolean {
  return parseIsbn(raw) !== null;
}

/** The ISBN-13 of any valid ISBN (the key imports match on), or null. */
export const isbn13Of = (raw: string | null | undefined): string | null =>
  raw ? (parseIsbn(raw)?.isbn13 ?? null) : null;
