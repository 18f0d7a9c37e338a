import { Link } from "react-router";
import { monthLabel } from "~/domain/reports/range";
import type { Reports } from "~/domain/reports/reports.server";
import { numericDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { ChartSlot } from "./chart-slot";
import { PALETTE } from "./chart-spec";
import { ReportSection } from "./report-section";
import { ReportTable } from "./report-table";

const units = new Intl.NumberFormat("es-AR");

/** The Caja Rizoma, the margin against expenses, and what the stock is worth (with the books that do not move). */
export function BusinessReports({ data, csv }: { data: Reports; csv: (name: string) => string }) {
  const { box, margin, stock, slow } = data;
  const boxEmpty = box.every((row) => row.payments + row.gained + row.paused + row.cancelled === 0);
  const marginEmpty = margin.every((row) => row.netSalesCents === 0 && row.expensesCents === 0);
  return (
    <>
      <ReportSection
        id="caja"
        title="Caja Rizoma"
        note="Cobros aprobados por Mercado Pago, por el día del cobro; altas son suscripciones que se activaron por primera vez (una pausada que vuelve no cuenta)."
        csvHref={csv("caja")}
        empty={boxEmpty ? "No hay cobros ni movimientos de la Caja Rizoma en estas fechas" : null}
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <ChartSlot
            spec={{
              label: "Ingresos de la Caja Rizoma por mes",
              data: box.map((row) => ({ month: monthLabel(row.month), revenue: row.revenueCents })),
              category: "month",
              series: [{ key: "revenue", label: "Ingresos", color: PALETTE.moss }],
              money: true,
              layout: "bars",
            }}
          />
          <ChartSlot
            spec={{
              label: "Suscripciones de la Caja Rizoma por mes: altas, pausas y bajas",
              data: box.map((row) => ({
                month: monthLabel(row.month),
                gained: row.gained,
                paused: row.paused,
                cancelled: row.cancelled,
              })),
              category: "month",
              series: [
                { key: "gained", label: "Altas", color: PALETTE.moss },
                { key: "paused", label: "Pausas", color: PALETTE.ochre },
                { key: "cancelled", label: "Bajas", color: PALETTE.terracotta },
              ],
              money: false,
              layout: "bars",
            }}
          />
        </div>
        <ReportTable
          caption="Caja Rizoma por mes: cobros, ingresos, altas, pausas y bajas"
          columns={[
            { label: "Mes" },
            { label: "Cobros", numeric: true },
            { label: "Ingresos", numeric: true },
            { label: "Altas", numeric: true },
            { label: "Pausas", numeric: true },
            { label: "Bajas", numeric: true },
          ]}
          rows={box.map((row) => [
            monthLabel(row.month),
            units.format(row.payments),
            formatMoney(row.revenueCents),
            units.format(row.gained),
            units.format(row.paused),
            units.format(row.cancelled),
          ])}
        />
      </ReportSection>

      <ReportSection
        id="margen"
        title="Margen contra gastos"
        note={
          <>
            «Margen» acá es lo vendido sin IVA (los pedidos online y las ventas en el local y en ferias, con sus
            descuentos y sin el envío, aunque arriba elijas un solo canal) menos los gastos cargados en{" "}
            <Link to="/admin/expenses" className="text-moss underline">
              Gastos
            </Link>
            . No descuenta lo que costaron los libros, porque la tienda no guarda ese dato, ni suma la Caja Rizoma.
          </>
        }
        csvHref={csv("margen")}
        empty={marginEmpty ? "No hay ventas ni gastos en estas fechas" : null}
      >
        <ChartSlot
          spec={{
            label: "Ventas sin IVA, gastos y margen por mes",
            data: margin.map((row) => ({
              month: monthLabel(row.month),
              sales: row.netSalesCents,
              expenses: row.expensesCents,
              margin: row.marginCents,
            })),
            category: "month",
            series: [
              { key: "sales", label: "Ventas sin IVA", color: PALETTE.moss },
              { key: "expenses", label: "Gastos", color: PALETTE.terracotta },
              { key: "margin", label: "Margen", color: PALETTE.ochre, kind: "line" },
            ],
            money: true,
            layout: "bars",
          }}
        />
        <ReportTable
          caption="Margen por mes: ventas sin IVA, gastos y margen"
          columns={[
            { label: "Mes" },
            { label: "Ventas sin IVA", numeric: true },
            { label: "Gastos", numeric: true },
            { label: "Margen", numeric: true },
          ]}
          rows={margin.map((row) => [
            monthLabel(row.month),
            formatMoney(row.netSalesCents),
            formatMoney(row.expensesCents),
            formatMoney(row.marginCents),
          ])}
        />
      </ReportSection>

      <ReportSection
        id="stock"
        title="Stock"
        note="Lo que vale hoy lo que hay en los estantes y en las mesas de las ferias, y los libros con stock que no se vendieron en el período por ningún canal (primero los que están hace más tiempo en el catálogo)."
        csvHref={csv("stock")}
      >
        <ReportTable
          caption="Valor del stock de hoy"
          columns={[{ label: "Concepto" }, { label: "Valor", numeric: true }]}
          rows={[
            ["Títulos con stock", units.format(stock.titles)],
            ["Ejemplares", units.format(stock.units)],
            ["A precio de lista", formatMoney(stock.listCents)],
            ["A precio de venta (con promociones)", formatMoney(stock.sellingCents)],
            ...(stock.withoutPrice > 0 ? [["Títulos con stock y sin precio", units.format(stock.withoutPrice)]] : []),
          ]}
        />
        <h3 className="font-serif text-xl">Sin ventas en el período</h3>
        {slow.total === 0 ? (
          <p className="rounded-lg bg-white p-6 text-ink/75">
            Todos los libros con stock se vendieron en estas fechas.
          </p>
        ) : (
          <>
            <p className="text-sm text-ink/75">
              {slow.total > slow.books.length
                ? `Los primeros ${slow.books.length} de ${units.format(slow.total)}; el CSV tiene todos.`
                : `${units.format(slow.total)} ${slow.total === 1 ? "libro" : "libros"}.`}
            </p>
            <ReportTable
              caption="Libros con stock sin ventas en el período, los más antiguos en el catálogo primero"
              columns={[
                { label: "Libro" },
                { label: "Autor" },
                { label: "Stock", numeric: true },
                { label: "Valor", numeric: true },
                { label: "Última venta" },
                { label: "En el catálogo desde" },
              ]}
              rows={slow.books.map((book) => [
                <Link key="title" to={`/admin/libros/${book.bookId}`} className="text-moss underline">
                  {book.title}
                </Link>,
                book.author,
                units.format(book.stock),
                formatMoney(book.valueCents),
                book.lastSoldOn ? numericDate(book.lastSoldOn) : "Nunca",
                numericDate(book.addedOn),
              ])}
            />
          </>
        )}
      </ReportSection>
    </>
  );
}
