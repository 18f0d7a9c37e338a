/**
 * Money is integer centavos everywhere inside the shop; this module is the only place that turns it into
 * text or back (docs/decisions/0018-money.md). Framework-free: UI, domain and db import it alike.
 *
 * - JSON (API bodies and answers, the saved cart) carries pesos as numbers: `centsToPesos`, `fromPesos`,
 *   `pesosToCents`.
 * - People type es-AR text ("12.500", "12.500,50", "$ 12.500"): `parseMoney`; forms are pre-filled
 *   with `formatMoneyInput`, and `<input type="number">` and URLs with `formatNumberInput`.
 * - Pages, emails and audit lines show `formatMoney` / `formatPrice`; the CSV export `formatMoneyCsv`.
 * - Sums and percentages stay in integer centavos: `lineCents`, `sumCents`, `percentOf`.
 */
export type Cents = number;

/** At most $ 999.999.999.999: every amount stays a safe integer of centavos. */
const MAX_WHOLE_DIGITS = 12;

/** 1234550 -> 12345.5 (exact: integer division by 100 of an integer, no accumulated float maths). */
export function centsToPesos(cents: Cents): number;
export function centsToPesos(cents: Cents | null): number | null;
export function centsToPesos(cents: Cents | null): number | null {
  return cents === null ? null : cents / 100;
}

/** Pesos from our own answers (always whole centavos) back to centavos, for formatting on a page. */
export function fromPesos(pesos: number): Cents;
export function fromPesos(pesos: number | null): Cents | null;
export function fromPesos(pesos: number | null): Cents | null {
  return pesos === null ? null : Math.round(pesos * 100);
}

function toCents(whole: string, fraction = ""): Cents | null {
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * Pesos as a machine writes them (a JSON number, an outside API's "25.00", a URL's `min=12500.5`) ->
 * centavos; null when it is not money. No thousands separators here: "12.345" from a program is
 * ambiguous and refused, never read as 12345 nor as 12,35.
 */
export function pesosToCents(value: number | string): Cents | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  return match ? toCents(match[1] ?? "", match[2]) : null;
}

/** "1.234.567" with an optional ",89": es-AR thousands dots (the first group never starts with 0). */
const GROUPED = /^([1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d{1,2}))?$/;
/** "1234567", "1234567,8" or "1234567.89": no grouping, one or two decimals after a comma or a dot. */
const PLAIN = /^(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * Money as a person types it in es-AR -> centavos, exactly (text maths, never floats); null when it is
 * not a non-negative amount. Spaces anywhere and a leading "$" are ignored. A dot followed by three
 * digits groups thousands ("12.500" is $ 12.500, "1.234.567,89" too); a comma, or a dot followed by one
 * or two digits, starts the centavos ("12500,5", "12500.50"). Whatever else is ambiguous is refused
 * ("12,500", "0.500", "1,234.50"), so a typed amount is never silently multiplied or divided by 1000.
 * A number (a JSON body) is read as pesos, like `pesosToCents`.
 */
export function parseMoney(value: number | string): Cents | null {
  if (typeof value === "number") return pesosToCents(value);
  const text = value.replace(/\s/g, "").replace(/^\$/, "");
  const match = GROUPED.exec(text) ?? PLAIN.exec(text);
  return match ? toCents((match[1] ?? "").replaceAll(".", ""), match[2]) : null;
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

const wholeText = (cents: Cents) => String(Math.floor(cents / 100));
const fractionText = (cents: Cents) => String(cents % 100).padStart(2, "0");

/**
 * The value a text input is pre-filled with: "12.500", "12.500,50", "0,05" (what `parseMoney` reads
 * back). Built by hand, not with Intl, so the server's and the browser's text are the same.
 */
export function formatMoneyInput(cents: Cents): string {
  const whole = wholeText(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return cents % 100 ? `${whole},${fractionText(cents)}` : whole;
}

/** The value of an `<input type="number">` or a URL parameter: pesos with a dot, "12500.5" (HTML's format). */
export function formatNumberInput(cents: Cents): string {
  return String(centsToPesos(cents));
}

/** Spreadsheets (the CSV export): always two decimals after a comma, no grouping: "12345,50". */
export function formatMoneyCsv(cents: Cents): string {
  // A negative amount (a month whose expenses beat its sales) keeps its sign in front: "-12345,67".
  if (cents < 0) return `-${formatMoneyCsv(-cents)}`;
  return `${wholeText(cents)},${fractionText(cents)}`;
}

/** A line's amount: unit price x quantity (a missing price counts as 0, as in the cart). */
export function lineCents(unitCents: Cents | null, quantity: number): Cents {
  return (unitCents ?? 0) * quantity;
}

export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}

/**
 * `cents` x p1% x p2% ..., in exact integer maths and rounded once at the end (half up), so chained
 * discounts do not round twice: percentOf(10_000, 15) = 1500; percentOf(1999, 90, 85) = 1529.
 */
export function percentOf(cents: Cents, ...percents: number[]): Cents {
  let product = cents;
  for (const percent of percents) product *= percent;
  return Math.round(product / 100 ** percents.length);
}
