import { z } from "zod";
import { centsToPesos, formatMoney, parseMoney } from "~/lib/money";
import type { PriceUpdateChange, PriceUpdateScope } from "~db/schema";

/**
 * The rules of a bulk price update (issue 22, docs/decisions/0038-bulk-prices.md): how one price moves,
 * how it is rounded, what happens to a book's promotional and pre-order prices, and how an update is
 * described to people. Pure and client-safe: the page, the preview and the apply share them, so what the
 * preview shows is what the update writes.
 */
export type { PriceUpdateChange, PriceUpdateScope };
export type Rounding = PriceUpdateChange["rounding"];
export type ScopeKind = PriceUpdateScope["kind"];

export const PERCENT_MIN = -90;
export const PERCENT_MAX = 500;
/** In pesos, either way. */
export const AMOUNT_MAX = 1_000_000;

export const ROUNDINGS: readonly { value: Rounding; label: string }[] = [
  { value: "none", label: "Sin redondeo" },
  { value: "100", label: "A $100" },
  { value: "500", label: "A $500" },
  { value: "900", label: "Terminado en 900" },
];

/** The smallest price each rounding gives a book that had a price above $0 (centavos). */
const MINIMUM: Record<Rounding, number> = { none: 1, "100": 10_000, "500": 50_000, "900": 90_000 };

/** The price after the change, to the centavo (half up), before rounding; never below 0. */
export function changedCents(cents: number, change: Pick<PriceUpdateChange, "mode" | "value">): number {
  // Hundredths of a percent and centavos are integers, so the maths is exact up to the final division.
  const moved =
    change.mode === "percent"
      ? Math.round((cents * (10_000 + Math.round(change.value * 100))) / 10_000)
      : cents + Math.round(change.value * 100);
  return Math.max(0, moved);
}

/**
 * Rounds a changed price (centavos). "100" and "500": to the nearest multiple, halves up ($12.350 →
 * $12.400). "900": the nearest price ending in 900 that is not below it — always up, a price already
 * ending in $900,00 stays ($12.345 → $12.900, $12.950 → $13.900). A book whose price was above $0
 * (`wasPositive`) never ends at $0: it gets the rounding's smallest price ($0,01, $100, $500, $900).
 */
export function roundCents(cents: number, rounding: Rounding, wasPositive: boolean): number {
  if (cents <= 0) return wasPositive ? MINIMUM[rounding] : 0;
  let rounded = cents;
  if (rounding === "100" || rounding === "500") {
    const step = MINIMUM[rounding];
    rounded = Math.floor((cents + step / 2) / step) * step;
  } else if (rounding === "900") {
    rounded = Math.ceil((cents - 90_000) / 100_000) * 100_000 + 90_000;
  }
  return Math.max(rounded, MINIMUM[rounding]);
}

/** One price through the change and its rounding (centavos). */
export function newPrice(cents: number, change: Pick<PriceUpdateChange, "mode" | "value" | "rounding">): number {
  return roundCents(changedCents(cents, change), change.rounding, cents > 0);
}

export interface BookPrices {
  priceCents: number;
  promotionalPriceCents: number | null;
  preorderPriceCents: number | null;
}

export const PROMOTION_REMOVED = "Se quita la promoción";
export const PREORDER_CAPPED = "La preventa baja al precio nuevo";

/**
 * A book's three prices after the change. A promotional price follows the change when the admin asked;
 * if it would not stay below the new price it is removed (the shop's rule: a promotion is cheaper). A
 * pre-order price follows when asked and is capped to the new price (it may equal it, never exceed it).
 */
export function repriceBook(
  book: BookPrices,
  change: PriceUpdateChange,
): BookPrices & { notes: string[]; changed: boolean } {
  const priceCents = newPrice(book.priceCents, change);
  const notes: string[] = [];
  let promotionalPriceCents = book.promotionalPriceCents;
  if (promotionalPriceCents !== null) {
    if (change.followPromotional) promotionalPriceCents = newPrice(promotionalPriceCents, change);
    if (promotionalPriceCents >= priceCents) {
      promotionalPriceCents = null;
      notes.push(PROMOTION_REMOVED);
    }
  }
  let preorderPriceCents = book.preorderPriceCents;
  if (preorderPriceCents !== null) {
    if (change.followPreorder) preorderPriceCents = newPrice(preorderPriceCents, change);
    if (preorderPriceCents > priceCents) {
      preorderPriceCents = priceCents;
      notes.push(PREORDER_CAPPED);
    }
  }
  const changed =
    priceCents !== book.priceCents ||
    promotionalPriceCents !== book.promotionalPriceCents ||
    preorderPriceCents !== book.preorderPriceCents;
  return { priceCents, promotionalPriceCents, preorderPriceCents, notes, changed };
}

const hasTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A change as the domain takes it (numbers): the page's form and tests both reach it. */
export const priceChangeSchema = z
  .object({
    mode: z.enum(["percent", "amount"], { error: "Elegí si el cambio es en % o en $" }),
    value: z.number({ error: "El cambio tiene que ser un número" }),
    rounding: z.enum(["none", "100", "500", "900"], { error: "Elegí un redondeo de la lista" }),
    followPromotional: z.boolean({ error: "followPromotional debe ser verdadero o falso" }),
    followPreorder: z.boolean({ error: "followPreorder debe ser verdadero o falso" }),
  })
  .strict()
  .superRefine((change, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["value"], message });
    if (change.value === 0) return issue("Indicá cuánto cambian los precios");
    if (!hasTwoDecimals(change.value)) return issue("El cambio admite hasta 2 decimales");
    if (change.mode === "percent" && (change.value < PERCENT_MIN || change.value > PERCENT_MAX)) {
      return issue(`El porcentaje tiene que estar entre ${PERCENT_MIN}% y +${PERCENT_MAX}%`);
    }
    if (change.mode === "amount" && Math.abs(change.value) > AMOUNT_MAX) {
      return issue("El monto no puede superar $ 1.000.000");
    }
  });

const SCOPE_FIELD: Record<Exclude<ScopeKind, "all">, string> = {
  category: "category",
  publisher: "publisher",
  author: "author",
};

/** Which books: all, or one category key, publisher or author (the value's field names match the form). */
export const priceScopeSchema = z
  .object({
    kind: z.enum(["all", "category", "publisher", "author"], { error: "Elegí qué libros actualizar" }),
    value: z.string({ error: "Indicá cuáles" }).trim().max(200, "El nombre es demasiado largo").nullable(),
  })
  .strict()
  .superRefine((scope, ctx) => {
    if (scope.kind === "all" || scope.value) return;
    const messages = { category: "Elegí una categoría", publisher: "Escribí la editorial", author: "Escribí el autor" };
    ctx.addIssue({ code: "custom", path: [SCOPE_FIELD[scope.kind]], message: messages[scope.kind] });
  })
  .transform((scope): PriceUpdateScope => ({ kind: scope.kind, value: scope.kind === "all" ? null : scope.value }));

/** The page's form as typed (every field text; checkboxes "on" or absent). */
export type PriceFormValues = Record<
  | "scope"
  | "category"
  | "publisher"
  | "author"
  | "direction"
  | "unit"
  | "amount"
  | "rounding"
  | "followPromotional"
  | "followPreorder",
  string
>;

export const blankPriceForm: PriceFormValues = {
  scope: "all",
  category: "",
  publisher: "",
  author: "",
  direction: "up",
  unit: "percent",
  amount: "",
  rounding: "100",
  followPromotional: "",
  followPreorder: "",
};

/** "12", "5,5", "5.5", "12 %": a percent as people type it; null when it is not one. */
function readPercent(text: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?%?$/.exec(text.replace(/\s/g, ""));
  return match ? Number(`${match[1]}.${match[2] ?? "0"}`) : null;
}

/** "1.500", "1500,50", "$ 300": pesos as people type them in es-AR (parseMoney); null when not an amount. */
const readPesos = (text: string): number | null => centsToPesos(parseMoney(text));

/**
 * The page's form → the domain's scope and change. Throws a ZodError whose paths are the form's field
 * names, so each message lands under its field.
 */
export function priceFormToRequest(values: PriceFormValues): { scope: PriceUpdateScope; change: PriceUpdateChange } {
  const fail = (path: string, message: string): never => {
    throw new z.ZodError([{ code: "custom", path: [path], message, input: values[path as keyof PriceFormValues] }]);
  };
  const kind = values.scope;
  const value = kind === "category" || kind === "publisher" || kind === "author" ? values[kind] : null;
  const scope = priceScopeSchema.safeParse({ kind, value });
  if (!scope.success) {
    // An unknown kind is the scope's fault; a missing or too long name, its own field's.
    const issue = scope.error.issues[0];
    const at = issue?.path[0];
    fail(at === "kind" || at === undefined ? "scope" : at === "value" ? kind : String(at), issue?.message ?? "");
  }
  if (values.direction !== "up" && values.direction !== "down") fail("direction", "Elegí si aumentan o bajan");
  if (values.unit !== "percent" && values.unit !== "amount") fail("unit", "Elegí si el cambio es en % o en $");
  const typed = values.amount.trim();
  if (!typed) fail("amount", "Indicá cuánto cambian los precios");
  const magnitude = values.unit === "percent" ? readPercent(typed) : readPesos(typed);
  if (magnitude === null) {
    fail(
      "amount",
      values.unit === "percent"
        ? "Escribí un porcentaje, por ejemplo 12 o 5,5"
        : "Escribí un monto en pesos, por ejemplo 1.500",
    );
  }
  const change = priceChangeSchema.safeParse({
    mode: values.unit,
    value: values.direction === "down" ? -(magnitude as number) : (magnitude as number),
    rounding: values.rounding,
    followPromotional: values.followPromotional === "on" || values.followPromotional === "true",
    followPreorder: values.followPreorder === "on" || values.followPreorder === "true",
  });
  if (!change.success) {
    const issue = change.error.issues[0];
    fail(issue?.path[0] === "rounding" ? "rounding" : "amount", issue?.message ?? "El cambio no es válido");
  }
  return { scope: scope.data as PriceUpdateScope, change: change.data as PriceUpdateChange };
}

const ROUNDING_TEXT: Record<Rounding, string> = {
  none: "sin redondeo",
  "100": "redondeo a $100",
  "500": "redondeo a $500",
  "900": "terminado en 900",
};

/** "+12%", "-5,5%", "+$ 1.500". */
export function describeAmount(change: Pick<PriceUpdateChange, "mode" | "value">): string {
  const sign = change.value < 0 ? "-" : "+";
  const size = Math.abs(change.value);
  return change.mode === "percent"
    ? `${sign}${size.toLocaleString("es-AR", { maximumFractionDigits: 2 })}%`
    : `${sign}${formatMoney(Math.round(size * 100))}`;
}

/** "Literatura y Ficción", "todo el catálogo", "la editorial Anagrama", "los libros de Borges". */
export function describeScope(scope: PriceUpdateScope, categoryName?: string): string {
  switch (scope.kind) {
    case "all":
      return "todo el catálogo";
    case "category":
      return categoryName ?? scope.value ?? "";
    case "publisher":
      return `la editorial ${scope.value}`;
    case "author":
      return `los libros de ${scope.value}`;
  }
}

/** "+12% a Literatura y Ficción (redondeo a $100; también promociones)": the audit line and the history. */
export function describeUpdate(scope: PriceUpdateScope, change: PriceUpdateChange, categoryName?: string): string {
  const also = [change.followPromotional ? "promociones" : "", change.followPreorder ? "preventas" : ""].filter(
    Boolean,
  );
  const details = [ROUNDING_TEXT[change.rounding], also.length ? `también ${also.join(" y ")}` : ""].filter(Boolean);
  return `${describeAmount(change)} a ${describeScope(scope, categoryName)} (${details.join("; ")})`;
}

/** "1 libro", "37 libros". */
export const booksText = (count: number) => (count === 1 ? "1 libro" : `${count} libros`);
