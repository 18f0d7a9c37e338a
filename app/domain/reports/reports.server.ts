import { csvDocument } from "~/lib/csv";
import { formatMoneyCsv } from "~/lib/money";
import type { Db } from "~db/index";
import { boxMonths } from "./box.server";
import { CHANNEL_LABELS, CHANNELS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "./channels";
import { marginMonths } from "./margin.server";
import { bucketLabel, monthLabel, type ReportRange } from "./range";
import {
  categoryShares,
  discountsGiven,
  fairSales,
  inPersonDiscounts,
  salesSeries,
  topAuthors,
  topBooks,
} from "./sales.server";
import { slowMovers, stockValue } from "./stock.server";

/** Everything /admin/reportes shows for a range: a constant number of queries, whatever the data. */
export async function reports(db: Db, range: ReportRange) {
  const [sales, fairs, books, authors, categories, discounts, inPerson, box, margin, stock, slow] = await Promise.all([
    salesSeries(db, range),
    fairSales(db, range),
    topBooks(db, range),
    topAuthors(db, range),
    categoryShares(db, range),
    discountsGiven(db, range),
    inPersonDiscounts(db, range),
    boxMonths(db, range),
    marginMonths(db, range),
    stockValue(db),
    slowMovers(db, range),
  ]);
  return { sales, fairs, books, authors, categories, discounts: { ...discounts, inPerson }, box, margin, stock, slow };
}

export type Reports = Awaited<ReturnType<typeof reports>>;

/** The reports a CSV can be asked for (?informe=), with their file names. */
export const REPORT_FILES = {
  ventas: "ventas",
  canales: "ventas-por-canal",
  libros: "libros-mas-vendidos",
  autores: "autores-mas-vendidos",
  categorias: "ventas-por-categoria",
  descuentos: "descuentos",
  caja: "caja-rizoma",
  margen: "margen",
  stock: "libros-sin-movimiento",
} as const;
export type ReportName = keyof typeof REPORT_FILES;
export const isReportName = (name: string): name is ReportName => Object.hasOwn(REPORT_FILES, name);

const count = (n: number) => String(n);

/**
 * One report as a CSV (the same numbers as its table on the page; money as "12345,50"). The stock report's
 * file lists every slow mover, not only the page's first ones.
 */
export async function reportCsv(db: Db, name: ReportName, range: ReportRange): Promise<string> {
  switch (name) {
    case "ventas": {
      const { buckets } = await salesSeries(db, range);
      // Every method, used or not, so a spreadsheet's columns never move from one month's file to the next.
      return csvDocument(
        ["Período", "Desde", "Ventas", ...PAYMENT_METHODS.map((method) => PAYMENT_METHOD_LABELS[method]), "Total"],
        buckets.map((bucket) => [
          bucketLabel(bucket.key, range.grain),
          bucket.key,
          count(bucket.sales),
          ...PAYMENT_METHODS.map((method) => formatMoneyCsv(bucket.methods[method].cents)),
          formatMoneyCsv(bucket.revenueCents),
        ]),
      );
    }
    case "canales": {
      const { buckets } = await salesSeries(db, range);
      return csvDocument(
        [
          "Período",
          "Desde",
          ...CHANNELS.flatMap((channel) => [
            `Ventas ${CHANNEL_LABELS[channel].toLowerCase()}`,
            CHANNEL_LABELS[channel],
          ]),
          "Total",
        ],
        buckets.map((bucket) => [
          bucketLabel(bucket.key, range.grain),
          bucket.key,
          ...CHANNELS.flatMap((channel) => [
            count(bucket.channels[channel].sales),
            formatMoneyCsv(bucket.channels[channel].cents),
          ]),
          formatMoneyCsv(bucket.revenueCents),
        ]),
      );
    }
    case "libros":
      return csvDocument(
        ["Libro", "Autor", "Unidades", "Ingresos"],
        (await topBooks(db, range)).map((book) => [
          book.title,
          book.author,
          count(book.units),
          formatMoneyCsv(book.revenueCents),
        ]),
      );
    case "autores":
      return csvDocument(
        ["Autor", "Unidades", "Ingresos"],
        (await topAuthors(db, range)).map((row) => [row.author, count(row.units), formatMoneyCsv(row.revenueCents)]),
      );
    case "categorias":
      return csvDocument(
        ["Categoría", "Unidades", "Ingresos", "Porcentaje de las ventas"],
        (await categoryShares(db, range)).map((row) => [
          row.name,
          count(row.units),
          formatMoneyCsv(row.revenueCents),
          String(row.percent).replace(".", ","),
        ]),
      );
    case "descuentos": {
      const [{ codes, transfer }, inPerson] = await Promise.all([
        discountsGiven(db, range),
        inPersonDiscounts(db, range),
      ]);
      // The counter's and the fairs' lines only when they gave some: a shop that sells only online sees its codes.
      const faceToFace = (["counter", "fair"] as const)
        .filter((channel) => inPerson[channel].sales > 0)
        .map((channel) => [
          `Descuentos ${CHANNEL_LABELS[channel].toLowerCase()}`,
          count(inPerson[channel].sales),
          formatMoneyCsv(inPerson[channel].discountCents),
        ]);
      return csvDocument(
        ["Descuento", "Usos", "Total descontado"],
        [
          ...codes.map((row) => [row.code, count(row.uses), formatMoneyCsv(row.discountCents)]),
          ["Transferencia", count(transfer.orders), formatMoneyCsv(transfer.discountCents)],
          ...faceToFace,
        ],
      );
    }
    case "caja":
      return csvDocument(
        ["Mes", "Cobros", "Ingresos", "Altas", "Pausas", "Bajas"],
        (await boxMonths(db, range)).map((row) => [
          monthLabel(row.month),
          count(row.payments),
          formatMoneyCsv(row.revenueCents),
          count(row.gained),
          count(row.paused),
          count(row.cancelled),
        ]),
      );
    case "margen":
      return csvDocument(
        ["Mes", "Ventas sin IVA", "Gastos", "Margen"],
        (await marginMonths(db, range)).map((row) => [
          monthLabel(row.month),
          formatMoneyCsv(row.netSalesCents),
          formatMoneyCsv(row.expensesCents),
          formatMoneyCsv(row.marginCents),
        ]),
      );
    case "stock": {
      const { books } = await slowMovers(db, range, 100_000);
      return csvDocument(
        ["Libro", "Autor", "Stock", "Valor a precio de lista", "Última venta", "En el catálogo desde"],
        books.map((book) => [
          book.title,
          book.author,
          count(book.stock),
          formatMoneyCsv(book.valueCents),
          book.lastSoldOn ?? "Nunca",
          book.addedOn,
        ]),
      );
    }
  }
}
