/**
 * CSV for a spreadsheet in Spanish (every export of the admin, all through csvDocument): UTF-8 with a BOM
 * so Excel reads the accents, `;` between fields, CRLF line ends.
 */

/**
 * One field: a cell that would start a formula (=, +, -, @, tab, CR) gets an apostrophe first, so
 * opening the file never runs what someone typed; a cell holding `;`, `,`, a quote or a line break is
 * quoted (RFC 4180). The comma too, though ours is not the separator: a program that reads the file
 * with commas (Google Sheets' or Numbers' guess, a script) must not split "Borges, Jorge Luis" or
 * "12345,67" in two. A negative amount ("-12345,67", a credit note's) is a number, not a formula: it gets
 * no apostrophe, so the spreadsheet can sum its column (quotes do not make it text).
 */
export function csvField(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) && !/^-\d+(,\d+)?$/.test(value) ? `'${value}` : value;
  return /[";,\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** The whole file: a header row and the rows, every field through csvField. */
export function csvDocument(header: string[], rows: string[][]): string {
  const lines = [header, ...rows].map((fields) => fields.map(csvField).join(";"));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** A download response for a CSV document. */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * The data rows of a document csvDocument wrote (its header left out): line ends inside a quoted field are
 * part of the field, not a new row.
 */
export function csvRowCount(document: string): number {
  let quoted = false;
  let lines = 0;
  for (const char of document) {
    if (char === '"') quoted = !quoted;
    else if (char === "\n" && !quoted) lines++;
  }
  return Math.max(0, lines - 1);
}
