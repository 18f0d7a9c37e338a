import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { NotFound } from "~/domain/errors";
import { SALE_PAYMENTS, type SalePayment } from "~/domain/sales/input";
import { addDays, startOfDay } from "~/lib/dates";
import type { Cents } from "~/lib/money";
import type { Db } from "~db/index";
import { cashClosings, fairs, saleItems, sales } from "~db/schema";
import { type ClosingPlace, fairIdOf } from "./place";

export type CashClosing = typeof cashClosings.$inferSelect;

export interface Tally {
  sales: number;
  cents: Cents;
}

/** One sale as the closing lists it. */
export interface ClosingSale {
  number: string;
  soldAt: Date;
  status: "pending_payment" | "paid" | "cancelled";
  payment: SalePayment;
  totalCents: Cents;
  sellerName: string;
  /** Sold beyond the place's stock and not reviewed yet. */
  flagged: boolean;
  offline: boolean;
}

/** Who sold what: one seller's paid sales of the day and the books in them. */
export interface SellerDay {
  sellerName: string;
  sales: ClosingSale[];
  totalCents: Cents;
  books: { title: string; quantity: number }[];
}

/** The place's day, as the cierre de caja shows it. */
export interface ClosingDay {
  day: string;
  place: ClosingPlace;
  placeName: string;
  /** Paid sales per payment method; every method present. */
  methods: Record<SalePayment, Tally>;
  paid: Tally;
  cancelled: number;
  /** The cash the drawer should hold from the day's sales (paid in cash), before the opening float. */
  cashSalesCents: Cents;
  sellers: SellerDay[];
  /** Mercado Pago QR sales still waiting for their payment. */
  pendingQr: ClosingSale[];
  closing: CashClosing | null;
  /** What changed since the closing (a sale made offline and synced later): null when nothing did. */
  sinceClosing: { sales: number; cashCents: Cents } | null;
}

/** The place's name: "el local" or the fair's; a fair that does not exist is a 404. */
export async function placeName(db: Db, place: ClosingPlace): Promise<string> {
  if (place.kind === "counter") return "El local";
  const [fair] = await db.select({ name: fairs.name }).from(fairs).where(eq(fairs.id, place.fairId));
  if (!fair) throw new NotFound("Esa feria no existe");
  return fair.name;
}

/** The sales of a place on a Buenos Aires day (by when they were made), any status, oldest first. */
export function salesOfPlace(db: Db, day: string, place: ClosingPlace) {
  const fairId = fairIdOf(place);
  return db
    .select()
    .from(sales)
    .where(
      and(
        gte(sales.soldAt, startOfDay(day)),
        lt(sales.soldAt, startOfDay(addDays(day, 1))),
        fairId === null ? eq(sales.channel, "counter") : eq(sales.fairId, fairId),
      ),
    )
    .orderBy(asc(sales.soldAt), asc(sales.id));
}

/** The cash a place took in on a day (paid cash sales' totals) and its paid sales, now. */
export async function cashOfDay(db: Db, day: string, place: ClosingPlace): Promise<{ cents: Cents; sales: number }> {
  const rows = await salesOfPlace(db, day, place);
  const paid = rows.filter((row) => row.status === "paid");
  const cash = paid.filter((row) => row.paymentMethod === "cash");
  return { cents: cash.reduce((sum, row) => sum + row.totalCents, 0), sales: paid.length };
}

export function closingOf(db: Db, day: string, place: ClosingPlace) {
  const fairId = fairIdOf(place);
  return db
    .select()
    .from(cashClosings)
    .where(
      and(eq(cashClosings.day, day), fairId === null ? isNull(cashClosings.fairId) : eq(cashClosings.fairId, fairId)),
    )
    .then((rows) => rows[0] ?? null);
}

/**
 * The cierre de caja of a place's day: totals per payment method, who sold what (each seller's sales and
 * books), the QR sales still waiting, the cash the drawer should hold, and the closing when it was made.
 * Four queries, whatever the day's size.
 */
export async function closingDay(db: Db, day: string, place: ClosingPlace): Promise<ClosingDay> {
  const [name, rows, closing] = await Promise.all([
    placeName(db, place),
    salesOfPlace(db, day, place),
    closingOf(db, day, place),
  ]);
  const paidIds = rows.filter((row) => row.status === "paid").map((row) => row.id);
  const lines = paidIds.length
    ? await db
        .select({ saleId: saleItems.saleId, title: saleItems.title, quantity: saleItems.quantity })
        .from(saleItems)
        .where(inArray(saleItems.saleId, paidIds))
        .orderBy(asc(saleItems.id))
    : [];
  const methods = Object.fromEntries(SALE_PAYMENTS.map((method) => [method, { sales: 0, cents: 0 }])) as Record<
    SalePayment,
    Tally
  >;
  const linesOf = new Map<number, typeof lines>();
  for (const line of lines) linesOf.set(line.saleId, [...(linesOf.get(line.saleId) ?? []), line]);
  const paid: Tally = { sales: 0, cents: 0 };
  const sellers = new Map<string, SellerDay & { titles: Map<string, number> }>();
  const pendingQr: ClosingSale[] = [];
  let cancelled = 0;
  for (const row of rows) {
    const sale: ClosingSale = {
      number: row.number,
      soldAt: row.soldAt,
      status: row.status,
      payment: row.paymentMethod,
      totalCents: row.totalCents,
      sellerName: row.sellerName,
      flagged: !!row.stockShort?.length && row.shortReviewedAt === null,
      offline: row.offline,
    };
    if (row.status === "cancelled") cancelled += 1;
    if (row.status === "pending_payment") pendingQr.push(sale);
    if (row.status !== "paid") continue;
    paid.sales += 1;
    paid.cents += row.totalCents;
    methods[row.paymentMethod].sales += 1;
    methods[row.paymentMethod].cents += row.totalCents;
    const seller: SellerDay & { titles: Map<string, number> } = sellers.get(row.sellerName) ?? {
      sellerName: row.sellerName,
      sales: [],
      totalCents: 0,
      books: [],
      titles: new Map(),
    };
    seller.sales.push(sale);
    seller.totalCents += row.totalCents;
    for (const line of linesOf.get(row.id) ?? []) {
      seller.titles.set(line.title, (seller.titles.get(line.title) ?? 0) + line.quantity);
    }
    sellers.set(row.sellerName, seller);
  }
  const cashSalesCents = methods.cash.cents;
  const changed =
    closing && (closing.cashSalesCents !== cashSalesCents || closing.salesCount !== paid.sales)
      ? { sales: paid.sales - closing.salesCount, cashCents: cashSalesCents - closing.cashSalesCents }
      : null;
  return {
    day,
    place,
    placeName: name,
    methods,
    paid,
    cancelled,
    cashSalesCents,
    sellers: [...sellers.values()]
      .sort((a, b) => b.totalCents - a.totalCents || a.sellerName.localeCompare(b.sellerName, "es"))
      .map(({ titles, ...seller }) => ({
        ...seller,
        books: [...titles].map(([title, quantity]) => ({ title, quantity })),
      })),
    pendingQr,
    closing,
    sinceClosing: changed,
  };
}

/**
 * The places the selector offers for a day: the counter, then the fairs running that day or with sales on
 * it (a fair's last sales may be synced after it closed). One query.
 */
export async function placesOfDay(db: Db, day: string): Promise<{ fairId: number; name: string }[]> {
  const withSales = db
    .select({ fairId: sales.fairId })
    .from(sales)
    .where(and(gte(sales.soldAt, startOfDay(day)), lt(sales.soldAt, startOfDay(addDays(day, 1)))));
  return db
    .select({ fairId: fairs.id, name: fairs.name })
    .from(fairs)
    .where(or(and(lte(fairs.startsOn, day), sql`${fairs.endsOn} >= ${day}`), inArray(fairs.id, withSales)))
    .orderBy(asc(fairs.startsOn), asc(fairs.name));
}
