import type { z } from "zod";
import { type Cents, centsToPesos, lineCents, parseMoney, percentOf, sumCents } from "~/lib/money";
import { MAX_SALE_LINES, MAX_SALE_QUANTITY, SALE_MESSAGES, type SalePayment, type saleInputSchema } from "./input";
import type { CatalogBook } from "./lookup";

/**
 * The sale being made on the phone, and its totals computed exactly as the server will (app/domain/sales/
 * record.server.ts: each line's own discount on unit x quantity, then the whole sale's on the subtotal, in
 * integer centavos rounded once), so the total the buyer is told is the one recorded. Client-safe and pure.
 */
export interface CartLine {
  bookId: number;
  title: string;
  author: string;
  /** The book's price of the day in the snapshot (centavos), null when it has none. */
  listCents: Cents | null;
  quantity: number;
  /** A price typed for this sale (a fair price, a signed copy), centavos; null keeps the book's. */
  priceCents: Cents | null;
  /** This line's own discount, a whole percent. */
  discountPercent: number;
}

export interface SaleCustomer {
  email: string;
  cuit: string;
  legalName: string;
  taxCondition: string;
  document: string;
}

export const EMPTY_CUSTOMER: SaleCustomer = { email: "", cuit: "", legalName: "", taxCondition: "", document: "" };

/** Everything the seller has entered so far (kept in the phone between reloads). */
export interface SaleDraft {
  lines: CartLine[];
  /** The whole sale's discount, a whole percent (a fair's discount is its default). */
  discountPercent: number;
  payment: SalePayment;
  /** Cash handed over, as typed ("20.000"); empty: the exact amount. */
  cashReceived: string;
  customer: SaleCustomer;
}

export const emptyDraft = (discountPercent = 0): SaleDraft => ({
  lines: [],
  discountPercent,
  payment: "cash",
  cashReceived: "",
  customer: EMPTY_CUSTOMER,
});

export const CART_MESSAGES = {
  empty: "Agregá al menos un libro a la venta",
  noPrice: (title: string) => `«${title}» no tiene precio cargado: escribí el precio de la venta`,
  tooManyLines: `Una venta tiene como máximo ${MAX_SALE_LINES} libros distintos: cobrá esta y empezá otra`,
  cashShort: "El efectivo recibido no alcanza para el total de la venta",
  cashInvalid: "Escribí el efectivo recibido en pesos, por ejemplo 20.000",
} as const;

/** A book into the sale: one more copy when it is already there. */
export function addBook(lines: readonly CartLine[], book: CatalogBook): CartLine[] | string {
  const existing = lines.find((line) => line.bookId === book.id);
  if (existing) return changeQuantity(lines, book.id, existing.quantity + 1);
  if (lines.length >= MAX_SALE_LINES) return CART_MESSAGES.tooManyLines;
  const listCents = book.price === null ? null : Math.round(book.price * 100);
  return [
    ...lines,
    {
      bookId: book.id,
      title: book.title,
      author: book.author,
      listCents,
      quantity: 1,
      priceCents: null,
      discountPercent: 0,
    },
  ];
}

/** A line's quantity set (1 to the API's maximum); 0 takes the line out. */
export function changeQuantity(lines: readonly CartLine[], bookId: number, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((line) => line.bookId !== bookId);
  const bounded = Math.min(MAX_SALE_QUANTITY, Math.floor(quantity));
  return lines.map((line) => (line.bookId === bookId ? { ...line, quantity: bounded } : line));
}

export const unitCents = (line: CartLine): Cents | null => line.priceCents ?? line.listCents;

/** unit x quantity less the line's own discount; null while the line has no price. */
export function lineTotalCents(line: CartLine): Cents | null {
  const unit = unitCents(line);
  if (unit === null) return null;
  const full = lineCents(unit, line.quantity);
  return full - percentOf(full, line.discountPercent);
}

export interface SaleTotals {
  subtotalCents: Cents;
  discountCents: Cents;
  totalCents: Cents;
  copies: number;
  /** Lines without a price: the sale cannot be charged until one is typed. */
  unpriced: CartLine[];
}

export function saleTotals(lines: readonly CartLine[], discountPercent: number): SaleTotals {
  const subtotalCents = sumCents(lines.map((line) => lineTotalCents(line) ?? 0));
  const discountCents = percentOf(subtotalCents, discountPercent);
  return {
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    copies: lines.reduce((sum, line) => sum + line.quantity, 0),
    unpriced: lines.filter((line) => unitCents(line) === null),
  };
}

/** The change for the cash handed over; null when none was typed; negative when it is not enough. */
export const changeCents = (totalCents: Cents, receivedCents: Cents | null): Cents | null =>
  receivedCents === null ? null : receivedCents - totalCents;

/** What the phone sends (the schema's input side: the server normalises CUIT and DNI itself). */
export type SaleBody = z.input<typeof saleInputSchema>;

const blankToUndefined = (value: string) => (value.trim() === "" ? undefined : value.trim());

/**
 * The body of POST /api/admin/ventas for a draft: every price and percent as the seller saw it (the sale's
 * discount always explicit, so a fair's default is recorded as shown), the customer only with what was typed.
 */
export function saleBody(
  draft: SaleDraft,
  options: { clientId: string; soldAt: string; fairId: number | null; cashReceivedCents: Cents | null },
): SaleBody {
  const customer = {
    email: blankToUndefined(draft.customer.email),
    cuit: blankToUndefined(draft.customer.cuit),
    legalName: blankToUndefined(draft.customer.legalName),
    taxCondition: blankToUndefined(draft.customer.taxCondition),
    document: blankToUndefined(draft.customer.document),
  };
  const hasCustomer = Object.values(customer).some((value) => value !== undefined);
  return {
    clientId: options.clientId,
    items: draft.lines.map((line) => ({
      id: line.bookId,
      quantity: line.quantity,
      ...(line.priceCents !== null ? { price: centsToPesos(line.priceCents) } : {}),
      ...(line.discountPercent ? { discountPercent: line.discountPercent } : {}),
    })),
    discountPercent: draft.discountPercent,
    payment: draft.payment,
    ...(draft.payment === "cash" && options.cashReceivedCents !== null
      ? { cashReceived: centsToPesos(options.cashReceivedCents) }
      : {}),
    ...(hasCustomer ? { customer } : {}),
    ...(options.fairId !== null ? { fairId: options.fairId } : {}),
    soldAt: options.soldAt,
  };
}

export type DraftField = "lines" | "cash" | "payment" | keyof SaleCustomer;

/**
 * What stops the draft from being charged, with the field to show it on; else the cash received in
 * centavos (null: the exact amount). The schema checks the rest (CUIT, e-mail) when the body is built.
 */
export function chargeCheck(
  draft: SaleDraft,
  options: { identifyFromCents: Cents | null; online: boolean; documentMessage: (fromCents: Cents) => string },
): { ok: true; cashReceivedCents: Cents | null } | { ok: false; field: DraftField; message: string } {
  const totals = saleTotals(draft.lines, draft.discountPercent);
  if (draft.lines.length === 0) return { ok: false, field: "lines", message: CART_MESSAGES.empty };
  const [unpriced] = totals.unpriced;
  if (unpriced) return { ok: false, field: "lines", message: CART_MESSAGES.noPrice(unpriced.title) };
  let cashReceivedCents: Cents | null = null;
  if (draft.payment === "cash" && draft.cashReceived.trim() !== "") {
    cashReceivedCents = parseMoney(draft.cashReceived);
    if (cashReceivedCents === null) return { ok: false, field: "cash", message: CART_MESSAGES.cashInvalid };
    if (cashReceivedCents < totals.totalCents) return { ok: false, field: "cash", message: CART_MESSAGES.cashShort };
  }
  if (draft.payment === "mercadopago_qr" && !options.online) {
    return { ok: false, field: "payment", message: SALE_MESSAGES.qrOffline };
  }
  const { identifyFromCents } = options;
  if (
    identifyFromCents !== null &&
    totals.totalCents >= identifyFromCents &&
    !draft.customer.cuit.trim() &&
    !draft.customer.document.trim()
  ) {
    return { ok: false, field: "document", message: options.documentMessage(identifyFromCents) };
  }
  return { ok: true, cashReceivedCents };
}
