import { asc, count, gt } from "drizzle-orm";
import ExcelJS from "exceljs";
import { rowToInput } from "~/domain/catalog/admin-books.server";
import type { BookInput } from "~/domain/catalog/book-input";
import { csvDocument } from "~/lib/csv";
import { fromPesos } from "~/lib/money";
import type { Db } from "~db/index";
import { books } from "~db/schema";
import { COLUMNS, cellText } from "./columns";

const PAGE = 1_000;

/** Every book as BookInput, read in id order a page at a time (keyset), so no query holds the whole table. */
async function* catalogue(db: Db): AsyncGenerator<BookInput[]> {
  let after = 0;
  for (;;) {
    const rows = await db.select().from(books).where(gt(books.id, after)).orderBy(asc(books.id)).limit(PAGE);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.id ?? after;
    yield rows.map(rowToInput);
  }
}

/** The whole catalogue in the import's column set, as the shop's CSV (app/lib/csv.ts). */
export async function catalogueCsv(db: Db): Promise<string> {
  const rows: string[][] = [];
  for await (const page of catalogue(db)) for (const book of page) rows.push(COLUMNS.map((c) => cellText(c, book)));
  return csvDocument(
    COLUMNS.map((column) => column.header),
    rows,
  );
}

/** How many books the catalogue's export holds (the workbook's rows below its header). */
export async function catalogueSize(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(books);
  return row?.n ?? 0;
}

const WIDTHS: Record<string, number> = {
  titulo: 40,
  autor: 28,
  descripcion: 50,
  categorias: 28,
  tapa_url: 40,
  editorial: 22,
};

/**
 * The same as an Excel workbook: bold, frozen header; prices, stock and the other numbers as numbers (so
 * the sheet can sum them); ISBN and SKU as text (an ISBN as a number would lose nothing but show as 9.79E+12).
 */
export async function catalogueXlsx(db: Db): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Rizoma";
  const sheet = workbook.addWorksheet("Catálogo", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({
    header: column.header,
    key: column.header,
    width: WIDTHS[column.header] ?? Math.max(12, column.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const page of catalogue(db)) {
    for (const book of page) {
      sheet.addRow(
        COLUMNS.map((column) => {
          const value = book[column.field];
          if (value === null || value === undefined) return null;
          if (column.kind === "money") return fromPesos(value as number) / 100;
          if (column.kind === "integer") return value;
          return cellText(column, book);
        }),
      );
    }
  }
  for (const column of ["precio", "precio_promocional"]) sheet.getColumn(column).numFmt = "#,##0.00";
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
