/**
 * "Repetir compra", the browser's half (client-safe, DOM-free): the server says which of an order's books
 * can be bought again and how many (app/domain/accounts/reorder.server.ts); the cart, which lives in this
 * device's storage, takes them here.
 */
import type { CartItem } from "~/domain/cart/cart";
import type { VatRate } from "~/domain/taxes/fiscal";
import { fromPesos } from "~/lib/money";

/** A book of the order that is for sale now, with the quantity to put in the cart (never above what can be ordered). */
export interface ReorderLine {
  id: number;
  title: string;
  author: string;
  coverUrl: string | null;
  /** Today's unit price in pesos (the pre-order price during a pre-order), as every JSON of the shop. */
  price: number;
  isPreorder: boolean;
  taxRate: VatRate;
  quantity: number;
  /** How many the order had: more than `quantity` when the stock left is less. */
  ordered: number;
}

/** A book of the order that cannot be bought now, and why, in the reader's words. */
export interface ReorderSkip {
  title: string;
  reason: string;
}

export interface Reorder {
  number: string;
  lines: ReorderLine[];
  skipped: ReorderSkip[];
}

/**
 * The cart after "Repetir compra": each book of the order at least at the order's quantity (a book already
 * in the cart keeps a larger quantity), so pressing the button twice does not double anything.
 */
export function mergeReorder(items: readonly CartItem[], lines: readonly ReorderLine[]): CartItem[] {
  const merged = items.map((item) => ({ ...item }));
  for (const line of lines) {
    const present = merged.find((item) => item.id === line.id);
    if (present) {
      present.quantity = Math.max(present.quantity, line.quantity);
      continue;
    }
    merged.push({
      id: line.id,
      title: line.title,
      author: line.author,
      coverUrl: line.coverUrl,
      priceCents: fromPesos(line.price),
      isPreorder: line.isPreorder,
      taxRate: line.taxRate,
      quantity: line.quantity,
    });
  }
  return merged;
}

/** What the cart page tells after "Repetir compra" (kept in the navigation's state). */
export interface ReorderNotice {
  number: string;
  added: number;
  /** "«Título»: por qué" for every book left out or capped. */
  problems: string[];
}

export function reorderNotice(reorder: Reorder): ReorderNotice {
  const capped = reorder.lines
    .filter((line) => line.quantity < line.ordered)
    .map(
      (line) =>
        `«${line.title}»: ${line.quantity === 1 ? "queda 1 unidad" : `quedan ${line.quantity} unidades`}, pediste ${line.ordered}.`,
    );
  return {
    number: reorder.number,
    added: reorder.lines.length,
    problems: [...reorder.skipped.map((skip) => `«${skip.title}»: ${skip.reason}`), ...capped],
  };
}

/** A navigation state that is a notice of ours (the state of a history entry is anyone's to set). */
export function isReorderNotice(value: unknown): value is ReorderNotice {
  const notice = value as ReorderNotice | null;
  return (
    typeof notice === "object" &&
    notice !== null &&
    typeof notice.number === "string" &&
    typeof notice.added === "number" &&
    Array.isArray(notice.problems) &&
    notice.problems.every((problem) => typeof problem === "string")
  );
}
