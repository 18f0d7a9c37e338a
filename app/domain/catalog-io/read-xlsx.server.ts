import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { Invalid } from "~/domain/errors";
import { EMPTY_FILE, MAX_IMPORT_ROWS, type ParsedFile, TOO_MANY_ROWS, tableRows } from "./table";

export const NOT_XLSX =
  "El archivo no es un Excel (.xlsx) válido: puede estar dañado. Guardalo de nuevo como .xlsx o como CSV";
export const XLSX_TOO_BIG = "El Excel ocupa demasiado al descomprimirlo: guardá solo la hoja del catálogo o usá CSV";

/** What a catalogue's workbook may hold once unzipped (10,000 rows of text are a few tens of MB). */
const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2_000;

/**
 * Reads the zip's central directory (no decompression) and refuses a workbook that claims to unzip to
 * more than we would ever read: the cheap guard against a zip bomb before exceljs touches it. The sizes
 * can lie, so the row cap while streaming (readXlsx) is the second guard.
 */
export function checkZipDirectory(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 22 || view.getUint32(0, true) !== 0x04034b50) throw new Invalid(NOT_XLSX);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Invalid(NOT_XLSX);
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (entries > MAX_ZIP_ENTRIES) throw new Invalid(XLSX_TOO_BIG);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new Invalid(NOT_XLSX);
    const size = view.getUint32(at + 24, true);
    // 0xFFFFFFFF: a ZIP64 size, more than 4 GB — no catalogue is.
    if (size === 0xffffffff) throw new Invalid(XLSX_TOO_BIG);
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  if (total > MAX_UNZIPPED_BYTES) throw new Invalid(XLSX_TOO_BIG);
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** A cell's value as text: numbers, rich text, a formula's last result, dates (as YYYY-MM-DD), links. */
export function cellString(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  // A fraction in a catalogue is a price: one a formula computed (=B2*1,12) is read to the centavo.
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  if (typeof value === "boolean") return value ? "sí" : "no";
  if (value instanceof Date) return dayOf(value);
  if (typeof value === "object") {
    const cell = value as {
      richText?: { text: string }[];
      result?: unknown;
      text?: unknown;
      formula?: unknown;
      error?: unknown;
    };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join("");
    if ("formula" in cell || "sharedFormula" in cell) return cellString(cell.result);
    if ("text" in cell) return cellString(cell.text);
    if ("error" in cell) return "";
  }
  return String(value);
}

/**
 * An XLSX catalogue → rows: the first sheet, streamed, header = its first row with content; `line` is
 * the sheet's row number. Stops at the row cap instead of reading a huge sheet to the end.
 */
export async function readXlsx(bytes: Uint8Array): Promise<ParsedFile> {
  checkZipDirectory(bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(bytes)), {
    worksheets: "emit",
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    entries: "ignore",
  });
  let header: { line: number; cells: string[] } | null = null;
  const records: { line: number; cells: string[] }[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells = Array.from((row.values as unknown[]).slice(1), cellString);
        if (!cells.some((cell) => cell.trim() !== "")) continue;
        if (!header) header = { line: row.number, cells };
        else records.push({ line: row.number, cells });
        if (records.length > MAX_IMPORT_ROWS) throw new Invalid(TOO_MANY_ROWS);
      }
      break;
    }
  } catch (error) {
    if (error instanceof Invalid) throw error;
    throw new Invalid(NOT_XLSX);
  }
  if (!header) throw new Invalid(EMPTY_FILE);
  return tableRows("xlsx", header, records);
}
