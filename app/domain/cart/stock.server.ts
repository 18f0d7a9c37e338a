import { z } from "zod";
import { orderableQuantity } from "~/domain/catalog/book-view.server";
import { booksByIds } from "~/domain/catalog/books.server";
import { NotFound } from "~/domain/errors";
import { getSection } from "~/domain/settings/settings.server";
import { rateFor, type VatRate } from "~/domain/taxes/fiscal";
import type { Db } from "~db/index";

export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 999;

export const cartStockSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            id: z
              .number({ error: "El id del producto debe ser un número" })
              .int()
              .positive("El id del producto no es válido"),
            quantity: z
              .number({ error: "La cantidad debe ser un número" })
              .int("La cantidad debe ser un número entero")
              .min(1, "La cantidad debe ser al menos 1")
              .max(MAX_LINE_QUANTITY, `La cantidad máxima por producto es ${MAX_LINE_QUANTITY}`),
          })
          .strict(),
        { error: "Falta la lista de productos (items)" },
      )
      .max(MAX_CART_LINES, `El carrito admite hasta ${MAX_CART_LINES} productos`),
  })
  .strict();

export type CartStockRequest = z.infer<typeof cartStockSchema>;

export interface StockResult {
  id: number;
  valid: boolean;
  /** How many the visitor can order right now (0 when none). */
  availableStock: number;
  error: string | null;
  /**
   * The book's IVA rate, from its fiscal category (absent for a book that does not exist): the cart
   * keeps it to show each price without national taxes (docs/decisions/0025).
   */
  taxRate?: VatRate;
}

export const DEFAULT_STOCK_ERROR = "Stock insuficiente";

/**
 * Checks each cart line against what can be ordered now (stock, or what is left of a pre-order's limit).
 * Unknown or unpublished books make the whole answer a 404 that still lists every line, so the cart can
 * tell which one to drop.
 */
export async function validateCartStock(db: Db, request: CartStockRequest): Promise<StockResult[]> {
  const [rows, taxes] = await Promise.all([
    booksByIds(db, [...new Set(request.items.map((item) => item.id))]),
    getSection(db, "taxes"),
  ]);
  const byId = new Map(rows.filter((row) => row.published).map((row) => [row.id, row]));
  const results = request.items.map(({ id, quantity }): StockResult => {
    const row = byId.get(id);
    if (!row) return { id, valid: false, availableStock: 0, error: "Producto no encontrado" };
    const taxRate = rateFor(taxes.categories, row.taxCategory);
    if (!row.available) {
      return { id, valid: false, availableStock: 0, error: "Este libro no está disponible en este momento", taxRate };
    }
    if (row.priceCents === null) {
      return {
        id,
        valid: false,
        availableStock: 0,
        error: "Este libro no tiene precio publicado: consultanos.",
        taxRate,
      };
    }
    const available = Math.min(orderableQuantity(row), MAX_LINE_QUANTITY);
    return quantity <= available
      ? { id, valid: true, availableStock: available, error: null, taxRate }
      : { id, valid: false, availableStock: available, error: DEFAULT_STOCK_ERROR, taxRate };
  });
  if (results.some((result) => result.error === "Producto no encontrado")) {
    throw new NotFound("Producto no encontrado", { results });
  }
  return results;
}
