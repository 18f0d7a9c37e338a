import { eq } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "~/domain/cart/stock.server";
import { isPreorder, orderableQuantity } from "~/domain/catalog/book-view.server";
import { booksByIds } from "~/domain/catalog/books.server";
import { NotFound } from "~/domain/errors";
import { currentPriceCents } from "~/domain/orders/place.server";
import { getSection } from "~/domain/settings/settings.server";
import { rateFor } from "~/domain/taxes/fiscal";
import { todayInBuenosAires } from "~/lib/dates";
import { centsToPesos } from "~/lib/money";
import type { Db } from "~db/index";
import { orderItems } from "~db/schema";
import { ORDER_NOT_FOUND, ownOrderId } from "./orders.server";
import type { Reorder, ReorderLine, ReorderSkip } from "./reorder";

export const REORDER_REASONS = {
  gone: "ya no está a la venta.",
  unavailable: "no está disponible en este momento.",
  noPrice: "no tiene precio publicado: consultanos.",
  soldOut: "está sin stock por ahora.",
  preorderFull: "se agotaron los lugares de la preventa.",
} as const;

/**
 * "Repetir compra": which books of the reader's order can be bought again today, by the cart's own rules
 * (published, available, with a price, in stock or in pre-sale; see validateCartStock), each at the
 * order's quantity capped at what can be ordered now, and why the others cannot. Another person's order
 * is a 404. It reserves nothing: the cart and the checkout check the stock again, as for any cart.
 */
export async function reorder(db: Db, email: string, number: string, today = todayInBuenosAires()): Promise<Reorder> {
  const orderId = await ownOrderId(db, email, number);
  if (orderId === null) throw new NotFound(ORDER_NOT_FOUND);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
  const ordered = new Map<number, { title: string; quantity: number }>();
  for (const item of items) {
    const seen = ordered.get(item.bookId);
    ordered.set(item.bookId, { title: item.title, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  const [rows, taxes] = await Promise.all([booksByIds(db, [...ordered.keys()]), getSection(db, "taxes")]);
  const books = new Map(rows.map((row) => [row.id, row]));
  const lines: ReorderLine[] = [];
  const skipped: ReorderSkip[] = [];
  for (const [bookId, { title, quantity }] of ordered) {
    const book = books.get(bookId);
    const skip = (reason: string) => skipped.push({ title: book?.title ?? title, reason });
    if (!book?.published) {
      skip(REORDER_REASONS.gone);
      continue;
    }
    if (!book.available) {
      skip(REORDER_REASONS.unavailable);
      continue;
    }
    const priceCents = currentPriceCents(book, today);
    if (priceCents === null) {
      skip(REORDER_REASONS.noPrice);
      continue;
    }
    const preorder = isPreorder(book, today);
    const orderable = Math.min(orderableQuantity(book, today), MAX_LINE_QUANTITY);
    if (orderable <= 0) {
      skip(preorder ? REORDER_REASONS.preorderFull : REORDER_REASONS.soldOut);
      continue;
    }
    lines.push({
      id: book.id,
      title: book.title,
      author: book.author,
      coverUrl: book.coverUrl,
      price: centsToPesos(priceCents),
      isPreorder: preorder,
      taxRate: rateFor(taxes.categories, book.taxCategory),
      quantity: Math.min(quantity, orderable),
      ordered: quantity,
    });
  }
  return { number, lines, skipped };
}
