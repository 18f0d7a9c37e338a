import { and, asc, eq, isNotNull } from "drizzle-orm";
import { currentPriceCents } from "~/domain/orders/book-price.server";
import { todayInBuenosAires } from "~/lib/dates";
import { DEFAULT_COVER, optimizedUrl, shouldOptimize } from "~/lib/images";
import { centsToPesos } from "~/lib/money";
import type { Db } from "~db/index";
import { books, fairStock } from "~db/schema";

/** One book of the sale page's catalogue snapshot (what the phone keeps to sell offline). */
export interface SnapshotBook {
  id: number;
  title: string;
  author: string;
  isbn: string | null;
  sku: string | null;
  /** Pesos, the price of the day (promotional or pre-sale price included); null: no price loaded. */
  price: number | null;
  /** At the shop, or at the fair when the snapshot is a fair's. */
  stock: number;
  /** A small cover (320 px wide webp), or the default cover. */
  cover: string;
}

const smallCover = (url: string | null) => {
  if (!url) return DEFAULT_COVER;
  return shouldOptimize(url) ? optimizedUrl(url, "webp", 320) : url;
};

/**
 * Every book the counter might sell: published or not (a book hidden online may still be on the shelf),
 * with its price of the day and the stock where the phone sells (the shop, or one fair's table).
 */
export async function catalogSnapshot(db: Db, fairId?: number, now = new Date()) {
  const today = todayInBuenosAires(now);
  const rows = await db.select().from(books).orderBy(asc(books.title), asc(books.id));
  const fairQuantities = fairId
    ? new Map(
        (
          await db
            .select({ bookId: fairStock.bookId, quantity: fairStock.quantity })
            .from(fairStock)
            .where(and(eq(fairStock.fairId, fairId), isNotNull(fairStock.bookId)))
        ).map((row) => [row.bookId, row.quantity]),
      )
    : null;
  const list: SnapshotBook[] = rows.map((book) => {
    const price = currentPriceCents(book, today);
    return {
      id: book.id,
      title: book.title,
      author: book.author,
      isbn: book.isbn,
      sku: book.sku,
      price: price === null ? null : centsToPesos(price),
      stock: fairQuantities ? (fairQuantities.get(book.id) ?? 0) : book.stock,
      cover: smallCover(book.coverUrl),
    };
  });
  return { generatedAt: now.toISOString(), fairId: fairId ?? null, books: list };
}
