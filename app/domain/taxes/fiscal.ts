import { type Cents, sumCents } from "~/lib/money";

/**
 * National indirect taxes per line (Ley 27.743, Régimen de Transparencia Fiscal al Consumidor; DESIGN §8).
 * Prices are shown and charged with tax included; the net is what remains without it. Books are exempt
 * from IVA (Ley 23.349 art. 7), so their net is their price. One function computes net and tax, in
 * integer centavos: net + tax is always exactly the gross, never a centavo lost or made up.
 */

/** ARCA's IVA rates, plus 'exento' (an exempt operation is not the same as a 0% rate on an invoice). */
export const VAT_RATES = ["exento", "0", "10.5", "21", "27"] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const VAT_RATE_LABELS: Record<VatRate, string> = {
  exento: "Exento de IVA",
  "0": "IVA 0%",
  "10.5": "IVA 10,5%",
  "21": "IVA 21%",
  "27": "IVA 27%",
};

export function isVatRate(value: unknown): value is VatRate {
  return typeof value === "string" && (VAT_RATES as readonly string[]).includes(value);
}

/** The rate in basis points (21% = 2100); exempt and 0% are both 0. */
export function rateBasisPoints(rate: VatRate): number {
  return rate === "exento" ? 0 : Math.round(Number(rate) * 100);
}

export interface TaxSplit {
  netCents: Cents;
  taxCents: Cents;
}

/** 1 + rate in basis points (21% -> 12100): net = gross × 10000 / vatDenominator(rate). */
export function vatDenominator(rate: VatRate): number {
  return 10_000 + rateBasisPoints(rate);
}

/** Splits a tax-included amount: net = gross / (1 + rate), rounded half up to the centavo; tax = the rest. */
export function splitTax(grossCents: Cents, rate: VatRate): TaxSplit {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) throw new RangeError(`importe inválido: ${grossCents}`);
  const bp = rateBasisPoints(rate);
  if (bp === 0) return { netCents: grossCents, taxCents: 0 };
  // Integer maths: round(gross * 10000 / (10000 + bp)) = floor((2 * gross * 10000 + d) / (2 * d)), the
  // floor taken with an integer remainder, so neither the half nor a large amount meets a float error.
  const twice = 2 * grossCents * 10_000 + vatDenominator(rate);
  if (!Number.isSafeInteger(twice)) throw new RangeError(`importe inválido: ${grossCents}`);
  const divisor = 2 * vatDenominator(rate);
  const netCents = (twice - (twice % divisor)) / divisor;
  return { netCents, taxCents: grossCents - netCents };
}

/**
 * Shares `amountCents` out over `weights` in proportion, in whole centavos (largest remainder): the parts
 * add up to the amount exactly, and no part exceeds its weight's share by a centavo or more.
 */
export function shareOut(amountCents: Cents, weights: readonly Cents[]): Cents[] {
  const total = sumCents(weights);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amountCents * weight) / total);
  const parts = exact.map(Math.floor);
  let left = amountCents - sumCents(parts);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

export interface FiscalLineInput {
  /** Unit price x quantity, tax included, before the order's discounts. */
  grossCents: Cents;
  taxCategory: string;
  rate: VatRate;
}

export interface FiscalLine extends TaxSplit {
  taxCategory: string;
  rate: VatRate;
  /** What the line costs after its share of the order's discounts: net + tax. */
  lineTotalCents: Cents;
}

/**
 * The lines of an order with their fiscal amounts: the order's discounts (code and transfer) are shared
 * out over the lines in proportion to their price, then each line is split into net and tax at its rate.
 * The line totals add up to subtotal - discounts exactly.
 */
export function fiscalLines(lines: readonly FiscalLineInput[], discountCents: Cents): FiscalLine[] {
  const subtotal = sumCents(lines.map((line) => line.grossCents));
  if (discountCents < 0 || discountCents > subtotal) throw new RangeError(`descuento inválido: ${discountCents}`);
  const shares = shareOut(
    discountCents,
    lines.map((line) => line.grossCents),
  );
  return lines.map((line, index) => {
    const lineTotalCents = line.grossCents - (shares[index] ?? 0);
    return { taxCategory: line.taxCategory, rate: line.rate, lineTotalCents, ...splitTax(lineTotalCents, line.rate) };
  });
}

/** One fiscal category of the settings' tax table: books exempt, everything else at its IVA rate. */
export interface TaxCategory {
  key: string;
  label: string;
  rate: VatRate;
}

export const DEFAULT_TAX_CATEGORIES: readonly TaxCategory[] = [
  { key: "libros", label: "Libros", rate: "exento" },
  { key: "otros", label: "Otros productos (merchandising, papelería)", rate: "21" },
];

/** The rate of a product's category; an unknown key (a row removed from the table) reads as a book's. */
export function rateFor(categories: readonly TaxCategory[], key: string): VatRate {
  return (
    categories.find((category) => category.key === key)?.rate ??
    categories.find((category) => category.key === "libros")?.rate ??
    "exento"
  );
}
