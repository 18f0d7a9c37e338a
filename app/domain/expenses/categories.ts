/**
 * The expense ledger's categories, in the order the form lists them. Stored as these exact names (the
 * CSV and the totals show them as they are), so renaming one means migrating the rows that use it.
 * Not a server module: the page's form lists them too.
 */
export const EXPENSE_CATEGORIES = [
  "Compra de libros",
  "Envíos",
  "Packaging",
  "Alquiler",
  "Servicios",
  "Publicidad",
  "Comisiones de cobro",
  "Impuestos",
  "Sueldos y honorarios",
  "Otros",
] as const;

export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export function isExpenseCategory(value: string): value is ExpenseCategory {
  return (EXPENSE_CATEGORIES as readonly string[]).includes(value);
}
