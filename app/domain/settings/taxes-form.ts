import { slugify } from "~/lib/slug";
import { type FormValues, formRows } from "./form";

/**
 * The tax table's rows in the settings form: "categories.N.key", ".label", ".rate". Like the pickup
 * points, "Agregar" and "Quitar" post a draft back when there is no JavaScript; nothing is saved then.
 */
const FIELDS = ["key", "label", "rate"] as const;

export const taxRows = (values: FormValues) => formRows(values, "categories");

/**
 * Rows renumbered from 0: "Agregar" adds an empty row at 21%, "Quitar" drops one, saving drops the rows
 * whose key and name were both left empty (a row added and never filled).
 */
export function taxesDraft(values: FormValues, op: { add: true } | { remove: number } | { dropEmpty: true }) {
  const blank = (row: number) => !values[`categories.${row}.key`]?.trim() && !values[`categories.${row}.label`]?.trim();
  const rows = taxRows(values).filter((row) =>
    "remove" in op ? row !== op.remove : "dropEmpty" in op ? !blank(row) : true,
  );
  const draft: FormValues = {};
  rows.forEach((row, index) => {
    for (const field of FIELDS) draft[`categories.${index}.${field}`] = values[`categories.${row}.${field}`] ?? "";
  });
  if ("add" in op) {
    draft[`categories.${rows.length}.key`] = "";
    draft[`categories.${rows.length}.label`] = "";
    draft[`categories.${rows.length}.rate`] = "21";
  }
  return draft;
}

/** The section's input: a key left empty is made from the name ("Merchandising" -> "merchandising"). */
export function taxesFromForm(values: FormValues) {
  const categories = taxRows(values).map((row) => {
    const label = values[`categories.${row}.label`] ?? "";
    const key = values[`categories.${row}.key`]?.trim() || slugify(label);
    return { key, label, rate: values[`categories.${row}.rate`] ?? "" };
  });
  return { categories };
}
