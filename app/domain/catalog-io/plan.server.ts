import { inArray } from "drizzle-orm";
import { rowToInput } from "~/domain/catalog/admin-books.server";
import { type BookInput, bookSchema } from "~/domain/catalog/book-input";
import type { BookRow } from "~/domain/catalog/book-view.server";
import { getSection } from "~/domain/settings/settings.server";
import { isbn13Of } from "~/lib/isbn";
import type { Db } from "~db/index";
import { books } from "~db/schema";
import { COLUMNS, type Column, displayValue, readCell } from "./columns";
import type { ImportRow } from "./table";

export interface FieldChange {
  /** The column's header ("precio"). */
  field: string;
  before: string;
  after: string;
}

/** The dry run: what applying the file would do. Lists are in file order; JSON-ready. */
export interface ImportPlan {
  created: { line: number; title: string; isbn: string | null }[];
  updated: { line: number; bookId: number; title: string; changes: FieldChange[] }[];
  unchanged: number;
  /** One entry per refused row: "Línea 7: el precio «abc» no es un número". */
  errors: { line: number; message: string }[];
  warnings: string[];
}

/** The plan with what applying it needs: each row's valid book, and the stored row it replaces. */
export interface PlanDetail extends ImportPlan {
  inserts: { line: number; input: BookInput }[];
  updates: { line: number; input: BookInput; current: BookRow }[];
}

const columnByField = new Map(COLUMNS.map((column) => [column.field as string, column]));
const columnByHeader = new Map(COLUMNS.map((column) => [column.header, column]));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The books the file's keys can match: every book's id, ISBN-13 and SKU (one small query). */
async function catalogueKeys(db: Db) {
  const rows = await db.select({ id: books.id, isbn: books.isbn, sku: books.sku }).from(books).orderBy(books.id);
  const byIsbn = new Map<string, number>();
  const bySku = new Map<string, number>();
  const isbnOf = new Map<number, string | null>();
  for (const row of rows) {
    const isbn13 = isbn13Of(row.isbn);
    isbnOf.set(row.id, isbn13);
    if (isbn13 && !byIsbn.has(isbn13)) byIsbn.set(isbn13, row.id);
    const sku = row.sku?.trim();
    if (sku && !bySku.has(sku)) bySku.set(sku, row.id);
  }
  return { byIsbn, bySku, isbnOf };
}

/**
 * The dry run of an import, with a constant number of queries whatever the file's size: the catalogue's
 * keys, the matched books, the tax table. Each row is keyed by ISBN-13 (a stored ISBN-10 matches its
 * ISBN-13), else by SKU; it is validated by `bookSchema` — the admin form's — merged over the stored book,
 * so the import accepts exactly what the form would. Two rows with the same key: the second is an error.
 */
export async function planImportDetail(
  db: Db,
  rows: readonly ImportRow[],
  warnings: string[] = [],
): Promise<PlanDetail> {
  const keys = await catalogueKeys(db);
  const taxKeys = new Set((await getSection(db, "taxes")).categories.map((category) => category.key));

  const errors: ImportPlan["errors"] = [];
  const claimed = new Map<string, number>();
  const matched: { row: ImportRow; bookId: number | null; cells: Record<string, unknown> }[] = [];

  for (const row of rows) {
    const problems: string[] = [];
    const cells: Record<string, unknown> = {};
    for (const [header, raw] of Object.entries(row.values)) {
      const column = columnByHeader.get(header) as Column;
      const cell = readCell(column, raw);
      if (!cell.ok) problems.push(cell.message);
      else if (cell.value !== undefined) cells[column.field] = cell.value;
    }
    const isbn13 = typeof cells.isbn === "string" ? isbn13Of(cells.isbn) : null;
    const sku = typeof cells.sku === "string" ? cells.sku : null;
    const key = isbn13 ? `isbn:${isbn13}` : sku ? `sku:${sku}` : null;
    const bad = (message: string) => errors.push({ line: row.line, message: `Línea ${row.line}: ${message}` });
    if (!key) {
      if (problems.length === 0) problems.push("falta el ISBN o el SKU para saber qué libro es");
      bad(problems.join("; "));
      continue;
    }
    const firstLine = claimed.get(key);
    if (firstLine !== undefined) {
      bad(`${isbn13 ? `el ISBN «${row.values.isbn?.trim()}»` : `el SKU «${sku}»`} ya está en la línea ${firstLine}`);
      continue;
    }
    claimed.set(key, row.line);
    let bookId = isbn13 ? (keys.byIsbn.get(isbn13) ?? null) : null;
    if (bookId === null && sku) {
      const bySku = keys.bySku.get(sku);
      const otherIsbn = bySku === undefined ? null : keys.isbnOf.get(bySku);
      if (bySku !== undefined && isbn13 && otherIsbn && otherIsbn !== isbn13) {
        problems.push(`el SKU «${sku}» ya es de otro libro (ISBN ${otherIsbn})`);
      } else if (bySku !== undefined) bookId = bySku;
    }
    if (bookId !== null) {
      const byBook = `book:${bookId}`;
      const first = claimed.get(byBook);
      if (first !== undefined) problems.push(`es el mismo libro que la línea ${first}`);
      else claimed.set(byBook, row.line);
    }
    if (problems.length > 0) bad(problems.join("; "));
    else matched.push({ row, bookId, cells });
  }

  const ids = matched.flatMap((entry) => (entry.bookId === null ? [] : [entry.bookId]));
  const stored = new Map<number, BookRow>();
  if (ids.length > 0)
    for (const book of await db.select().from(books).where(inArray(books.id, ids))) stored.set(book.id, book);

  const plan: PlanDetail = { created: [], updated: [], unchanged: 0, errors, warnings, inserts: [], updates: [] };
  for (const { row, bookId, cells } of matched) {
    const current = bookId === null ? undefined : stored.get(bookId);
    const before = current ? rowToInput(current) : undefined;
    // The same ISBN written another way (ISBN-10 stored, ISBN-13 in the file; hyphens) is no change.
    if (before?.isbn && typeof cells.isbn === "string" && isbn13Of(cells.isbn) === isbn13Of(before.isbn)) {
      cells.isbn = before.isbn;
    }
    const parsed = bookSchema.safeParse({ ...before, ...cells });
    const bad = (message: string) => errors.push({ line: row.line, message: `Línea ${row.line}: ${message}` });
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => {
        const column = columnByField.get(String(issue.path[0]));
        return column ? `${issue.message} (columna ${column.header})` : issue.message;
      });
      bad([...new Set(messages)].join("; "));
      continue;
    }
    const input = parsed.data;
    // As the form: a book keeps a category it already had; a new choice must be in the settings' table.
    if (input.taxCategory !== current?.taxCategory && !taxKeys.has(input.taxCategory)) {
      bad(`la categoría fiscal «${input.taxCategory}» no está en la tabla de Ajustes (columna categoria_fiscal)`);
      continue;
    }
    if (!current || !before) {
      plan.created.push({ line: row.line, title: input.title, isbn: input.isbn });
      plan.inserts.push({ line: row.line, input });
      continue;
    }
    const changes = COLUMNS.filter((column) => !same(before[column.field], input[column.field])).map((column) => ({
      field: column.header,
      before: displayValue(column, before[column.field]),
      after: displayValue(column, input[column.field]),
    }));
    if (changes.length === 0) plan.unchanged++;
    else {
      plan.updated.push({ line: row.line, bookId: current.id, title: input.title, changes });
      plan.updates.push({ line: row.line, input, current });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return plan;
}

/** The dry run as the page shows it (no book rows inside). */
export async function planImport(db: Db, rows: readonly ImportRow[], warnings: string[] = []): Promise<ImportPlan> {
  const { inserts: _inserts, updates: _updates, ...plan } = await planImportDetail(db, rows, warnings);
  return plan;
}
