import { count, eq, notInArray } from "drizzle-orm";
import { Invalid } from "~/domain/errors";
import type { Db } from "~db/index";
import { books, settings } from "~db/schema";
import type { TaxCategory } from "./fiscal";

/**
 * The tax table's rules that need the database: a category some product uses cannot be removed, and a
 * product can only be put in a category of the table. Both sides take the `taxes` settings row's lock
 * (the save FOR UPDATE, the product FOR SHARE), so a product saved into a category while that category
 * is being removed waits for the other and then sees it: one of the two is refused, never neither.
 */

const plural = (n: number) => (n === 1 ? "1 producto la usa" : `${n} productos la usan`);

/** Throws `Invalid` (field `categories`) when the new table drops a category that products still use. */
export async function refuseRemovingUsedCategories(
  db: Db,
  categories: readonly TaxCategory[],
  previous: readonly TaxCategory[],
): Promise<void> {
  const keys = categories.map((category) => category.key);
  const used = await db
    .select({ key: books.taxCategory, n: count() })
    .from(books)
    .where(keys.length > 0 ? notInArray(books.taxCategory, keys) : undefined)
    .groupBy(books.taxCategory)
    .orderBy(books.taxCategory);
  const first = used[0];
  if (!first) return;
  const name = previous.find((category) => category.key === first.key)?.label ?? first.key;
  const message = `No se puede quitar la categoría fiscal «${name}»: ${plural(first.n)}. Cambiales la categoría fiscal en Libros y después quitala.`;
  throw new Invalid(message, { fields: { categories: message } });
}

/** Locks the `taxes` settings row for sharing until the caller's transaction ends (see above). */
export async function lockTaxTable(db: Db): Promise<void> {
  await db.select({ key: settings.key }).from(settings).where(eq(settings.key, "taxes")).for("share");
}

export const UNKNOWN_TAX_CATEGORY = "Elegí una categoría fiscal de la tabla de Ajustes (Impuestos por categoría)";

/** Throws `Invalid` (field `taxCategory`) when `key` is not a row of the table. */
export function requireTaxCategory(categories: readonly TaxCategory[], key: string): void {
  if (!categories.some((category) => category.key === key)) {
    throw new Invalid(UNKNOWN_TAX_CATEGORY, { field: "taxCategory" });
  }
}

/** How many products each category has ("libros" -> 412), for the settings page. */
export async function taxCategoryUsage(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ key: books.taxCategory, n: count() }).from(books).groupBy(books.taxCategory);
  return Object.fromEntries(rows.map((row) => [row.key, row.n]));
}
