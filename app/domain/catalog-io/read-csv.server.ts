import { parse } from "csv-parse/sync";
import { Invalid } from "~/domain/errors";
import { EMPTY_FILE, MAX_IMPORT_ROWS, NOT_A_CATALOGUE, type ParsedFile, TOO_MANY_ROWS, tableRows } from "./table";

/**
 * Text from a CSV's bytes: UTF-8 (with or without BOM) or, when the bytes are not valid UTF-8, Windows-1252
 * (what Excel in Spanish saves as "CSV"). Bytes no spreadsheet writes (NUL, most control codes) mean the
 * file is not a CSV at all.
 */
export function csvText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  text = text.replace(/^\uFEFF/, "");
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Tab, line feed and carriage return are a CSV's own; the other C0 codes and DEL are not text.
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) control++;
  }
  if (text.includes("\0") || control > text.length / 100) throw new Invalid(NOT_A_CATALOGUE);
  return text;
}

/** The separator of the header line (outside quotes): the most frequent of ";", "," and tab. */
export function detectDelimiter(text: string): string {
  let counts = { ";": 0, ",": 0, "\t": 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts = { ...counts, [char]: counts[char as keyof typeof counts] + 1 };
  }
  const [best] = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ";";
}

/**
 * What our own export wrote to keep a spreadsheet from running a cell ("'=..." — see app/lib/csv.ts)
 * reads back as the text it was.
 */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A CSV catalogue → rows; line = the record's row in a spreadsheet (header = 1). */
export function readCsv(bytes: Uint8Array): ParsedFile {
  const text = csvText(bytes);
  if (!text.trim()) throw new Invalid(EMPTY_FILE);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
    }) as string[][];
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw new Invalid(`El CSV está mal formado${where ? ` cerca de la línea ${where}` : ""} (revisá las comillas)`);
  }
  const [header, ...data] = records;
  if (!header) throw new Invalid(EMPTY_FILE);
  // Blank lines do not count (tableRows checks the rest), but a file of blank lines is no catalogue either.
  if (data.length > MAX_IMPORT_ROWS * 2) throw new Invalid(TOO_MANY_ROWS);
  return tableRows(
    "csv",
    { line: 1, cells: header },
    data.map((cells, index) => ({ line: index + 2, cells: cells.map(unescapeFormula) })),
  );
}
