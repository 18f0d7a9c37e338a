/**
 * Money is integer centavos everywhere inside the shop. These are the only conversions: to pesos for
 * JSON answers (the spec's shapes carry pesos as numbers) and to es-AR text for people.
 */
export type Cents = number;

/** 1234550 -> 12345.5 (exact: integer division by 100 of an integer, no accumulated float maths). */
export function centsToPesos(cents: Cents): number;
export function centsToPesos(cents: Cents | null): number | null;
export function centsToPesos(cents: Cents | null): number | null {
  return cents === null ? null : cents / 100;
}

/** Pesos from our own answers (always whole centavos) back to centavos, for formatting on a page. */
export function fromPesos(pesos: number | null): Cents | null {
  return pesos === null ? null : Math.round(pesos * 100);
}

/** Pesos from a form or an outside API (number or "25.00") -> centavos, or null when it is not money. */
export function pesosToCents(value: number | string): Cents | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

const wholeFormatter = new Intl.NumberFormat("es-AR", {
  style: "currency",
  currency: "ARS",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const centsFormatter = new Intl.NumberFormat("es-AR", {
  style: "currency",
  currency: "ARS",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** es-AR price text: "$ 54.000" (centavos only when there are some: "$ 12.345,50"). */
export function formatMoney(cents: Cents): string {
  const formatter = cents % 100 === 0 ? wholeFormatter : centsFormatter;
  return formatter.format(cents / 100);
}

/**
 * The spec's wording for a missing price: 'CONSULTAR' on the home grid, 'Consultar precio' elsewhere.
 */
export function formatPrice(
  cents: Cents | null,
  missing: "CONSULTAR" | "Consultar precio" = "Consultar precio",
): string {
  return cents === null ? missing : formatMoney(cents);
}
