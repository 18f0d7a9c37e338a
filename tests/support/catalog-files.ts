import { ean13Check } from "../../app/lib/isbn-digits";

/** Test files for the catalogue import: valid ISBNs by number and CSVs as a spreadsheet would save them. */

/** A valid ISBN-13 for each n (978 + 9 digits + its check digit): 978000000001c, 978000000002c... */
export function isbn13(n: number): string {
  const twelve = `978${String(n).padStart(9, "0")}`;
  return twelve + ean13Check(twelve);
}

/** The same ISBN with its check digit changed: well formed, but not an ISBN. */
export const badCheckDigit = (isbn: string) => isbn.slice(0, 12) + String((Number(isbn[12]) + 1) % 10);

/** A `;` CSV (quoted where needed), CRLF line ends. */
export function csvOf(header: string[], rows: string[][], delimiter = ";"): string {
  const field = (value: string) =>
    value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  return `${[header, ...rows].map((row) => row.map(field).join(delimiter)).join("\r\n")}\r\n`;
}

/** `count` new books (line n+1 = book n), title "Libro importado n". */
export function newBooksCsv(count: number, first = 1): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const n = first + i;
    return [isbn13(n), `Libro importado ${n}`, `Autora ${n % 37}`, "Editorial Sur", `${1000 + n},50`, String(n % 9)];
  });
  return csvOf(["isbn", "titulo", "autor", "editorial", "precio", "stock"], rows);
}

export const bytes = (text: string) => new TextEncoder().encode(text);
