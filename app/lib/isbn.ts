/** ISBN-10 or ISBN-13 (hyphens and spaces ignored) with a valid check digit. */
export function isValidIsbn(raw: string): boolean {
  const isbn = raw.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{13}$/.test(isbn)) {
    const sum = [...isbn].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0;
  }
  if (/^\d{9}[\dX]$/.test(isbn)) {
    const sum = [...isbn].reduce((acc, char, i) => acc + (char === "X" ? 10 : Number(char)) * (10 - i), 0);
    return sum % 11 === 0;
  }
  return false;
}

export const normaliseIsbn = (raw: string) => raw.replace(/[\s-]/g, "").toUpperCase();
