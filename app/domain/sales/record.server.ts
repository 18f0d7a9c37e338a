import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Forbidden, Invalid, NotFound } from "~/domain/errors";
import { enqueueSaleInvoice } from "~/domain/invoices/enqueue.server";
import { currentPriceCents } from "~/domain/orders/book-price.server";
import { documentRequired } from "~/domain/orders/input";
import { afterStockChange } from "~/domain/orders/shared.server";
import type { RequestContext } from "~/domain/request-context";
import { getSettings } from "~/domain/settings/settings.server";
import { recordMovements, type StockMovement } from "~/domain/stock/movements.server";
import { fiscalLines, rateFor } from "~/domain/taxes/fiscal";
import { todayInBuenosAires } from "~/lib/dates";
import { type Cents, fromPesos, lineCents, percentOf, sumCents } from "~/lib/money";
import type { Db } from "~db/index";
import { books, fairSellers, fairStock, fairs, type SaleStockShort, saleItems, sales } from "~db/schema";
import { MAX_OFFLINE_DAYS, SALE_MESSAGES, type SaleInput } from "./input";
import { saleLines } from "./lines.server";
import { afterSaleRecorded } from "./receipt.server";

export type Sale = typeof sales.$inferSelect;
export type SaleItem = typeof saleItems.$inferSelect;

export const FAIR_CLOSED = "Esa feria ya cerró: la venta no se puede cargar en ella";
export const FAIR_NOT_FOUND = "Esa feria no existe";
export const NOT_A_FAIR_SELLER =
  "No estás en la lista de vendedores de esa feria: pedile a quien la organiza que te sume";
export const NO_PRICE = (title: string) => `«${title}» no tiene precio cargado: escribí el precio de la venta`;
export const UNKNOWN_BOOK = (id: number) => `El libro ${id} no existe en el catálogo`;

export interface RecordedSale {
  sale: Sale;
  items: SaleItem[];
  /** False when this `clientId` had already been recorded: the first sale is answered again. */
  created: boolean;
}

type SaleContext = Pick<RequestContext, "db" | "siteUrl" | "configuredSecret" | "shopEmail" | "log">;

/** Who sells: a signed-in admin, or (the demo's history) a seller with no account (`id` null). */
export type Seller = Pick<AdminIdentity, "email" | "role"> & { id: number | null };

interface PricedLine {
  bookId: number;
  title: string;
  author: string;
  isbn: string | null;
  taxCategory: string;
  listPriceCents: Cents | null;
  unitPriceCents: Cents;
  quantity: number;
  discountPercent: number;
  /** unit × quantity less the line's own discount. */
  grossCents: Cents;
}

/** When the sale happened: the phone's moment for a sale made offline, within reason; now otherwise. */
function soldAtOf(input: SaleInput, now: Date): Date {
  if (!input.soldAt) return now;
  const at = new Date(input.soldAt);
  if (at.getTime() > now.getTime() + 5 * 60_000) throw new Invalid(SALE_MESSAGES.soldAtFuture, { field: "soldAt" });
  if (at.getTime() < now.getTime() - MAX_OFFLINE_DAYS * 86_400_000) {
    throw new Invalid(SALE_MESSAGES.soldAtOld, { field: "soldAt" });
  }
  return at;
}

export async function saleByClientId(db: Db, clientId: string): Promise<RecordedSale | null> {
  const [sale] = await db.select().from(sales).where(eq(sales.clientId, clientId));
  if (!sale) return null;
  return { sale, items: await saleLines(db, sale.id), created: false };
}

/** The fair a sale is made at, checked: it exists, it has not closed before the sale, and the seller sells there. */
async function fairFor(tx: Db, admin: Seller, fairId: number, soldAt: Date) {
  const [fair] = await tx.select().from(fairs).where(eq(fairs.id, fairId));
  if (!fair) throw new Invalid(FAIR_NOT_FOUND, { field: "fairId" });
  if (fair.status === "closed" && (!fair.closedAt || soldAt > fair.closedAt)) {
    throw new Invalid(FAIR_CLOSED, { field: "fairId" });
  }
  if (admin.role !== "owner") {
    const sellers = await tx
      .select({ adminId: fairSellers.adminId })
      .from(fairSellers)
      .where(eq(fairSellers.fairId, fairId));
    if (sellers.length > 0 && !sellers.some((seller) => seller.adminId === admin.id)) {
      throw new Forbidden(NOT_A_FAIR_SELLER);
    }
  }
  return fair;
}

/** Each line priced: the given price, else the book's current one; its own discount taken off. */
function priceLines(rows: (typeof books.$inferSelect)[], input: SaleInput, today: string): PricedLine[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return input.items.map((item) => {
    const book = byId.get(item.id);
    if (!book) throw new Invalid(UNKNOWN_BOOK(item.id), { field: "items" });
    const listPriceCents = currentPriceCents(book, today);
    const unitPriceCents = item.price !== undefined ? fromPesos(item.price) : listPriceCents;
    if (unitPriceCents === null) throw new Invalid(NO_PRICE(book.title), { field: "items" });
    const discountPercent = item.discountPercent ?? 0;
    const full = lineCents(unitPriceCents, item.quantity);
    return {
      bookId: book.id,
      title: book.title,
      author: book.author,
      isbn: book.isbn,
      taxCategory: book.taxCategory,
      listPriceCents,
      unitPriceCents,
      quantity: item.quantity,
      discountPercent,
      grossCents: full - percentOf(full, discountPercent),
    };
  });
}

/**
 * Takes the sold books out of the location's stock (the shop's `books.stock`, or the fair's), never below
 * zero: what the location did not have is returned as shortages (the sale stands; the admin is told).
 * Rows are already locked (books) or locked here (fair stock) in ascending book order.
 */
async function takeStock(
  tx: Db,
  lines: readonly PricedLine[],
  fairId: number | null,
  rows: (typeof books.$inferSelect)[],
  saleId: number,
  adminId: number | null,
  at: Date,
): Promise<SaleStockShort[]> {
  const wanted = new Map<number, { title: string; quantity: number }>();
  for (const line of lines) {
    const entry = wanted.get(line.bookId) ?? { title: line.title, quantity: 0 };
    entry.quantity += line.quantity;
    wanted.set(line.bookId, entry);
  }
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const available = new Map<number, number>();
  if (fairId === null) {
    for (const row of rows) available.set(row.id, row.stock);
  } else {
    const held = await tx
      .select({ bookId: fairStock.bookId, quantity: fairStock.quantity })
      .from(fairStock)
      .where(and(eq(fairStock.fairId, fairId), inArray(fairStock.bookId, ids)))
      .orderBy(asc(fairStock.bookId))
      .for("update");
    for (const row of held) available.set(row.bookId, row.quantity);
  }
  const shortages: SaleStockShort[] = [];
  const movements: StockMovement[] = [];
  for (const id of ids) {
    const { title, quantity } = wanted.get(id) as { title: string; quantity: number };
    const had = available.get(id) ?? 0;
    const taken = Math.min(had, quantity);
    if (taken < quantity) shortages.push({ bookId: id, title, requested: quantity, available: had });
    if (taken === 0) continue;
    if (fairId === null) {
      await tx
        .update(books)
        .set({ stock: sql`${books.stock} - ${taken}`, updatedAt: at })
        .where(eq(books.id, id));
    } else {
      await tx
        .update(fairStock)
        .set({ quantity: sql`${fairStock.quantity} - ${taken}` })
        .where(and(eq(fairStock.fairId, fairId), eq(fairStock.bookId, id)));
    }
    movements.push({
      bookId: id,
      location: fairId === null ? "shop" : "fair",
      fairId,
      delta: -taken,
      reason: "sale",
      saleId,
      adminId,
      at,
    });
  }
  await recordMovements(tx, movements);
  return shortages;
}

/**
 * Records a counter or fair sale (POST /api/admin/ventas), all or nothing in one transaction: the sale and
 * its lines, the stock taken from where it was sold, its movements, and (when paid) its invoice. The same
 * `clientId` again answers the first sale — also when two requests race: the unique index settles it, the
 * loser's transaction is rolled back and the winner's sale is read.
 */
export async function recordSale(
  ctx: SaleContext,
  admin: Seller,
  input: SaleInput,
  now = new Date(),
): Promise<RecordedSale> {
  const replay = await saleByClientId(ctx.db, input.clientId);
  if (replay) return replay;
  const soldAt = soldAtOf(input, now);
  const settings = await getSettings(ctx.db);
  const today = todayInBuenosAires(soldAt);
  const outcome = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const fair = input.fairId === undefined ? null : await fairFor(db, admin, input.fairId, soldAt);
    const ids = [...new Set(input.items.map((item) => item.id))].sort((a, b) => a - b);
    // Locks in ascending id order, as orders do, so a sale and an order for the same books never deadlock.
    const rows = await db.select().from(books).where(inArray(books.id, ids)).orderBy(asc(books.id)).for("update");
    const lines = priceLines(rows, input, today);
    const subtotalCents = sumCents(lines.map((line) => line.grossCents));
    const discountPercent = input.discountPercent ?? fair?.discountPercent ?? 0;
    const discountCents = percentOf(subtotalCents, discountPercent);
    const totalCents = subtotalCents - discountCents;
    const customer = input.customer;
    const from = settings.invoicing.identifyConsumerFrom;
    if (settings.invoicing.enabled && !customer?.cuit && !customer?.document && totalCents >= from * 100) {
      throw new Invalid(documentRequired(from), { field: "document" });
    }
    const cashReceivedCents =
      input.payment === "cash" && input.cashReceived !== undefined ? fromPesos(input.cashReceived) : null;
    if (cashReceivedCents !== null && cashReceivedCents < totalCents) {
      throw new Invalid("El efectivo recibido no alcanza para el total de la venta", { field: "cashReceived" });
    }
    const paid = input.payment !== "mercadopago_qr";
    const [sale] = await db
      .insert(sales)
      .values({
        clientId: input.clientId,
        channel: fair ? "fair" : "counter",
        fairId: fair?.id ?? null,
        status: paid ? "paid" : "pending_payment",
        paymentMethod: input.payment,
        subtotalCents,
        discountPercent,
        discountCents,
        totalCents,
        cashReceivedCents,
        changeCents: cashReceivedCents === null ? null : cashReceivedCents - totalCents,
        customerEmail: customer?.email ?? null,
        customerCuit: customer?.cuit ?? null,
        customerLegalName: customer?.legalName ?? null,
        customerTaxCondition: customer?.taxCondition ?? null,
        customerDocument: customer?.document ?? null,
        sellerId: admin.id,
        sellerName: admin.email,
        offline: input.offline ?? false,
        note: input.note || null,
        soldAt,
        paidAt: paid ? soldAt : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: sales.clientId })
      .returning();
    // Another request with this clientId committed first (it held the book locks): answer its sale.
    if (!sale) return null;
    const fiscal = fiscalLines(
      lines.map((line) => ({
        grossCents: line.grossCents,
        taxCategory: line.taxCategory,
        rate: rateFor(settings.taxes.categories, line.taxCategory),
      })),
      discountCents,
    );
    const items = await db
      .insert(saleItems)
      .values(
        lines.map((line, index) => {
          const amounts = fiscal[index];
          if (!amounts) throw new Error("fiscal line missing");
          return {
            saleId: sale.id,
            bookId: line.bookId,
            title: line.title,
            author: line.author,
            isbn: line.isbn,
            listPriceCents: line.listPriceCents,
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
            discountPercent: line.discountPercent,
            taxCategory: amounts.taxCategory,
            taxRate: amounts.rate,
            lineTotalCents: amounts.lineTotalCents,
            netCents: amounts.netCents,
            taxCents: amounts.taxCents,
          };
        }),
      )
      .returning();
    const shortages = await takeStock(db, lines, fair?.id ?? null, rows, sale.id, admin.id, now);
    let stored = sale;
    if (shortages.length > 0) {
      [stored = sale] = await db.update(sales).set({ stockShort: shortages }).where(eq(sales.id, sale.id)).returning();
    }
    if (paid) {
      await enqueueSaleInvoice(db, sale.id);
      await afterSaleRecorded(ctx, db, stored, items);
    }
    return { sale: stored, items: items.sort((a, b) => a.id - b.id), created: true };
  });
  if (!outcome) {
    const first = await saleByClientId(ctx.db, input.clientId);
    if (!first) throw new Error("sale conflict without a sale");
    return first;
  }
  if (!outcome.sale.fairId) await afterStockChange(ctx.db, "sale.recorded");
  return outcome;
}

/** A sale by its number, with its lines. */
export async function saleByNumber(db: Db, number: string): Promise<RecordedSale> {
  const [sale] = await db.select().from(sales).where(eq(sales.number, number));
  if (!sale) throw new NotFound("Esa venta no existe");
  return { sale, items: await saleLines(db, sale.id), created: false };
}
