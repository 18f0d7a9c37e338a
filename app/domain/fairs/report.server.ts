import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { SalePayment } from "~/domain/sales/input";
import type { Db } from "~db/index";
import { books, fairStock, saleItems, sales } from "~db/schema";
import { type Fair, fairSellerList, getFair } from "./fairs.server";

/**
 * What a fair's page shows (issue 35 item 4): per book what was sent, sold (the paid sales made there),
 * on the table now, back and short; the sales' totals per payment method and who sold what.
 */

export interface FairBookLine {
  bookId: number;
  title: string;
  author: string;
  isbn: string | null;
  /** In the shop now (what the online shop sells). */
  shopStock: number;
  sent: number;
  sold: number;
  onTable: number;
  returned: number;
  short: number;
}

export interface FairSalesSummary {
  count: number;
  copies: number;
  totalCents: number;
  byPayment: { payment: SalePayment; count: number; totalCents: number }[];
  bySeller: {
    seller: string;
    count: number;
    copies: number;
    totalCents: number;
    books: { title: string; quantity: number }[];
  }[];
}

/** Copies per book sold at the fair in paid sales. */
async function soldPerBook(db: Db, fairId: number) {
  const rows = await db
    .select({
      bookId: saleItems.bookId,
      title: sql<string>`min(${saleItems.title})`,
      author: sql<string>`min(${saleItems.author})`,
      isbn: sql<string | null>`min(${saleItems.isbn})`,
      sold: sql<number>`sum(${saleItems.quantity})::int`,
    })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .where(and(eq(sales.fairId, fairId), eq(sales.status, "paid")))
    .groupBy(saleItems.bookId);
  return new Map(rows.map((row) => [row.bookId, { ...row, sold: Number(row.sold) }]));
}

/** One line per book that went to the fair or was sold there, by title. */
export async function fairBooks(db: Db, fairId: number): Promise<FairBookLine[]> {
  const [stock, sold] = await Promise.all([
    db
      .select({
        bookId: fairStock.bookId,
        title: books.title,
        author: books.author,
        isbn: books.isbn,
        shopStock: books.stock,
        sent: fairStock.sentQuantity,
        onTable: fairStock.quantity,
        returned: fairStock.returnedQuantity,
        short: fairStock.shortQuantity,
      })
      .from(fairStock)
      .innerJoin(books, eq(books.id, fairStock.bookId))
      .where(eq(fairStock.fairId, fairId)),
    soldPerBook(db, fairId),
  ]);
  const lines: FairBookLine[] = stock.map((row) => ({ ...row, sold: sold.get(row.bookId)?.sold ?? 0 }));
  // A book sold there that never went (sold beyond the fair's stock: the sale is flagged for the admin).
  const missing = [...sold.values()].filter((row) => !lines.some((line) => line.bookId === row.bookId));
  if (missing.length > 0) {
    const shop = await db
      .select({ id: books.id, stock: books.stock })
      .from(books)
      .where(
        inArray(
          books.id,
          missing.map((row) => row.bookId),
        ),
      );
    for (const row of missing) {
      lines.push({
        bookId: row.bookId,
        title: row.title,
        author: row.author,
        isbn: row.isbn,
        shopStock: shop.find((book) => book.id === row.bookId)?.stock ?? 0,
        sent: 0,
        sold: row.sold,
        onTable: 0,
        returned: 0,
        short: 0,
      });
    }
  }
  return lines.sort((a, b) => a.title.localeCompare(b.title, "es") || a.bookId - b.bookId);
}

/** The paid sales made at the fair: totals, per payment method, per seller with the books each sold. */
export async function fairSales(db: Db, fairId: number): Promise<FairSalesSummary> {
  const paid = and(eq(sales.fairId, fairId), eq(sales.status, "paid"));
  const [payments, sellers, sellerBooks] = await Promise.all([
    db
      .select({
        payment: sales.paymentMethod,
        count: sql<number>`count(*)::int`,
        totalCents: sql<number>`sum(${sales.totalCents})::bigint`,
      })
      .from(sales)
      .where(paid)
      .groupBy(sales.paymentMethod)
      .orderBy(asc(sales.paymentMethod)),
    db
      .select({
        seller: sales.sellerName,
        count: sql<number>`count(*)::int`,
        totalCents: sql<number>`sum(${sales.totalCents})::bigint`,
      })
      .from(sales)
      .where(paid)
      .groupBy(sales.sellerName)
      .orderBy(asc(sales.sellerName)),
    db
      .select({
        seller: sales.sellerName,
        title: saleItems.title,
        quantity: sql<number>`sum(${saleItems.quantity})::int`,
      })
      .from(saleItems)
      .innerJoin(sales, eq(sales.id, saleItems.saleId))
      .where(paid)
      .groupBy(sales.sellerName, saleItems.title)
      .orderBy(asc(sales.sellerName), asc(saleItems.title)),
  ]);
  const byPayment = payments.map((row) => ({ ...row, count: Number(row.count), totalCents: Number(row.totalCents) }));
  const bySeller = sellers.map((row) => {
    const sold = sellerBooks
      .filter((line) => line.seller === row.seller)
      .map((line) => ({ title: line.title, quantity: Number(line.quantity) }));
    return {
      seller: row.seller,
      count: Number(row.count),
      copies: sold.reduce((sum, line) => sum + line.quantity, 0),
      totalCents: Number(row.totalCents),
      books: sold,
    };
  });
  return {
    count: byPayment.reduce((sum, row) => sum + row.count, 0),
    copies: bySeller.reduce((sum, row) => sum + row.copies, 0),
    totalCents: byPayment.reduce((sum, row) => sum + row.totalCents, 0),
    byPayment,
    bySeller,
  };
}

export interface FairDetail {
  fair: Fair;
  sellers: { id: number; email: string }[];
  books: FairBookLine[];
  sales: FairSalesSummary;
  totals: { sent: number; sold: number; onTable: number; returned: number; short: number };
}

export async function fairDetail(db: Db, fairId: number): Promise<FairDetail> {
  const fair = await getFair(db, fairId);
  const [sellers, lines, summary] = await Promise.all([
    fairSellerList(db, fairId),
    fairBooks(db, fairId),
    fairSales(db, fairId),
  ]);
  const total = (key: "sent" | "sold" | "onTable" | "returned" | "short") =>
    lines.reduce((sum, line) => sum + line[key], 0);
  return {
    fair,
    sellers,
    books: lines,
    sales: summary,
    totals: {
      sent: total("sent"),
      sold: total("sold"),
      onTable: total("onTable"),
      returned: total("returned"),
      short: total("short"),
    },
  };
}

/** The packing list ("remito"): every book sent to the fair, by title, with its ISBN and copies. */
export async function packingList(db: Db, fairId: number) {
  const fair = await getFair(db, fairId);
  const lines = await db
    .select({
      bookId: books.id,
      title: books.title,
      author: books.author,
      isbn: books.isbn,
      sent: fairStock.sentQuantity,
      returned: fairStock.returnedQuantity,
    })
    .from(fairStock)
    .innerJoin(books, eq(books.id, fairStock.bookId))
    .where(and(eq(fairStock.fairId, fairId), sql`${fairStock.sentQuantity} > 0`))
    .orderBy(asc(books.title), asc(books.id));
  return {
    fair,
    lines,
    titles: lines.length,
    copies: lines.reduce((sum, line) => sum + line.sent, 0),
    returned: lines.reduce((sum, line) => sum + line.returned, 0),
  };
}
