import { type BookRow, isPreorder, salePriceCents } from "~/domain/catalog/book-view.server";
import type { Cents } from "~/lib/money";

/** The price a book sells at today: the pre-order price during a pre-order, else the promotional one when lower. */
export function currentPriceCents(book: BookRow, today: string): Cents | null {
  if (isPreorder(book, today) && book.preorderPriceCents !== null) return book.preorderPriceCents;
  return salePriceCents(book);
}
