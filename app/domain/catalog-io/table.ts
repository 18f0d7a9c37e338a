import { Invalid } from "~/domain/errors";
import { COLUMNS, columnForHeader } from "./columns";

/** Whole-file limits: a distributor's list fits; anything bigger is split by the bookseller. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
export const TOO_MANY_ROWS = "El archivo tiene más de 10.000 filas: dividilo en partes";
export const TOO_LARGE = "El archivo pesa más de 20 MB: dividilo en partes";
export const EMPTY_FILE = "El archivo está vacío: no tiene filas con libros";
export const NOT_A_CATALOGUE = "El archivo no es un CSV, un Excel (.xlsx) ni un ONIX que podamos leer";

/**
 * One row of the file: `line` is what a person sees (the spreadsheet's row number, header = 1; for ONIX
 * the product's ordinal), `values` the cells by column header (see columns.ts), only the columns present.
 */
export interface ImportRow {
  line: number;
  values: Record<string, string>;
}

export interface ParsedFile {
  format: "csv" | "xlsx" | "onix";
  rows: ImportRow[];
  /** Things worth knowing that do not stop the import (unknown columns...). */
  warnings: string[];
}

/** A spreadsheet's header and data rows (each with its line) → rows keyed by our column headers. */
export function tableRows(
  format: "csv" | "xlsx",
  header: { line: number; cells: string[] },
  records: { line: number; cells: string[] }[],
): ParsedFile {
  const warnings: string[] = [];
  const indexes: { index: number; header: string }[] = [];
  const seen = new Set<string>();
  header.cells.forEach((raw, index) => {
    if (!raw.trim()) return;
    const column = columnForHeader(raw);
    if (!column) warnings.push(`La columna «${raw.trim()}» no es del catálogo: la ignoramos`);
    else if (seen.has(column.header)) warnings.push(`La columna «${raw.trim()}» está repetida: usamos la primera`);
    else {
      seen.add(column.header);
      indexes.push({ index, header: column.header });
    }
  });
  if (indexes.length === 0) {
    throw new Invalid(
      `La primera fila no tiene ninguna columna del catálogo (por ejemplo ${COLUMNS.slice(0, 3)
        .map((c) => c.header)
        .join(", ")}). Revisá el encabezado o el separador.`,
    );
  }
  const rows = records
    .filter((record) => record.cells.some((cell) => cell.trim() !== ""))
    .map((record) => ({
      line: record.line,
      values: Object.fromEntries(indexes.map(({ index, header }) => [header, record.cells[index] ?? ""])),
    }));
  if (rows.length > MAX_IMPORT_ROWS) throw new Invalid(TOO_MANY_ROWS);
  if (rows.length === 0) throw new Invalid(EMPTY_FILE);
  return { format, rows, warnings };
}
