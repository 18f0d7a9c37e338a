import {
  CHANNEL_LABELS,
  IN_PERSON_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type SalePaymentMethod,
} from "~/domain/reports/channels";
import { bucketLabel, type ReportRange } from "~/domain/reports/range";
import type { Reports } from "~/domain/reports/reports.server";
import { formatMoney } from "~/lib/money";
import { ChannelReport } from "./channel-report";
import { ChartSlot } from "./chart-slot";
import { PALETTE } from "./chart-spec";
import { ReportSection } from "./report-section";
import { ReportTable } from "./report-table";

const NO_SALES = "No hay ventas en estas fechas";
const units = new Intl.NumberFormat("es-AR");

const METHOD_COLORS: Record<SalePaymentMethod, string> = {
  transfer: PALETTE.moss,
  mercadopago: PALETTE.terracotta,
  cash: PALETTE.ochre,
  card: PALETTE.ink,
  mercadopago_qr: PALETTE.terracottaDark,
};

/** The reports that read the range's sales: per period, top books and authors, categories, discounts. */
export function SalesReports({
  data,
  range,
  csv,
}: {
  data: Reports;
  range: ReportRange;
  csv: (name: string) => string;
}) {
  const { sales, books, authors, categories, discounts } = data;
  const empty = sales.totals.sales === 0 ? NO_SALES : null;
  const grain = { dia: "día", semana: "semana", mes: "mes" }[range.grain];
  // The online shop's two methods always; the counter's only when the range has sales paid with them.
  const methods = PAYMENT_METHODS.filter(
    (method) => !IN_PERSON_METHODS.includes(method) || sales.totals.methods[method].sales > 0,
  );
  const onlyChannel = range.channel ? CHANNEL_LABELS[range.channel].toLowerCase() : null;
  return (
    <>
      <ReportSection
        id="ventas"
        title="Ventas"
        note={`${onlyChannel ? `Solo las ventas ${onlyChannel}. ` : ""}Pedidos online pagados, enviados o entregados (por el día en que se pagaron) y ventas en el local y en ferias cobradas (por el día en que se hicieron); el monto es lo que pagó cada comprador (con envío y descuentos). Los cancelados, los arrepentidos y los que esperan el pago no cuentan.`}
        csvHref={csv("ventas")}
        empty={empty}
      >
        <ChartSlot
          spec={{
            label: `Ventas por ${grain}, por medio de pago`,
            data: sales.buckets.map((bucket) => ({
              period: bucketLabel(bucket.key, range.grain),
              ...Object.fromEntries(methods.map((method) => [method, bucket.methods[method].cents])),
            })),
            category: "period",
            series: methods.map((method) => ({
              key: method,
              label: PAYMENT_METHOD_LABELS[method],
              color: METHOD_COLORS[method],
              stack: "pago",
            })),
            money: true,
            layout: "bars",
          }}
        />
        <ReportTable
          caption={`Ventas por ${grain}: cantidad y montos por medio de pago`}
          columns={[
            { label: "Período" },
            { label: "Ventas", numeric: true },
            ...methods.map((method) => ({ label: PAYMENT_METHOD_LABELS[method], numeric: true })),
            { label: "Total", numeric: true },
          ]}
          rows={sales.buckets.map((bucket) => [
            bucketLabel(bucket.key, range.grain),
            units.format(bucket.sales),
            ...methods.map((method) => formatMoney(bucket.methods[method].cents)),
            formatMoney(bucket.revenueCents),
          ])}
          footer={[
            "Total",
            units.format(sales.totals.sales),
            ...methods.map((method) => formatMoney(sales.totals.methods[method].cents)),
            formatMoney(sales.totals.revenueCents),
          ]}
        />
      </ReportSection>

      <ChannelReport data={data} range={range} csv={csv} empty={empty} />

      <div className="grid gap-10 lg:grid-cols-2">
        <ReportSection
          id="libros"
          title="Libros más vendidos"
          note="Los 10 con más ejemplares vendidos; ingresos con los descuentos aplicados, sin envío."
          csvHref={csv("libros")}
          empty={empty}
        >
          <ChartSlot
            spec={{
              label: "Libros más vendidos, en ejemplares",
              data: books.map((book) => ({ name: book.title, units: book.units })),
              category: "name",
              series: [{ key: "units", label: "Ejemplares", color: PALETTE.moss }],
              money: false,
              layout: "rows",
            }}
          />
          <ReportTable
            caption="Libros más vendidos: ejemplares e ingresos"
            columns={[
              { label: "Libro" },
              { label: "Autor" },
              { label: "Ejemplares", numeric: true },
              { label: "Ingresos", numeric: true },
            ]}
            rows={books.map((book) => [
              book.title,
              book.author,
              units.format(book.units),
              formatMoney(book.revenueCents),
            ])}
          />
        </ReportSection>
        <ReportSection
          id="autores"
          title="Autores más vendidos"
          note="Por el autor que figuraba en el libro al venderse."
          csvHref={csv("autores")}
          empty={empty}
        >
          <ChartSlot
            spec={{
              label: "Autores más vendidos, en ejemplares",
              data: authors.map((author) => ({ name: author.author, units: author.units })),
              category: "name",
              series: [{ key: "units", label: "Ejemplares", color: PALETTE.terracotta }],
              money: false,
              layout: "rows",
            }}
          />
          <ReportTable
            caption="Autores más vendidos: ejemplares e ingresos"
            columns={[{ label: "Autor" }, { label: "Ejemplares", numeric: true }, { label: "Ingresos", numeric: true }]}
            rows={authors.map((author) => [
              author.author,
              units.format(author.units),
              formatMoney(author.revenueCents),
            ])}
          />
        </ReportSection>
      </div>

      <div className="grid gap-10 lg:grid-cols-2">
        <ReportSection
          id="categorias"
          title="Ventas por categoría"
          note="Un libro que está en dos categorías suma en las dos, así que los porcentajes pueden pasar de 100 %."
          csvHref={csv("categorias")}
          empty={empty}
        >
          <ChartSlot
            spec={{
              label: "Ingresos por categoría",
              data: categories.map((category) => ({ name: category.name, revenue: category.revenueCents })),
              category: "name",
              series: [{ key: "revenue", label: "Ingresos", color: PALETTE.ochre }],
              money: true,
              layout: "rows",
            }}
          />
          <ReportTable
            caption="Ventas por categoría: ejemplares, ingresos y porcentaje de las ventas"
            columns={[
              { label: "Categoría" },
              { label: "Ejemplares", numeric: true },
              { label: "Ingresos", numeric: true },
              { label: "% de las ventas", numeric: true },
            ]}
            rows={categories.map((category) => [
              category.name,
              units.format(category.units),
              formatMoney(category.revenueCents),
              `${category.percent.toLocaleString("es-AR")} %`,
            ])}
          />
        </ReportSection>
        <ReportSection
          id="descuentos"
          title="Descuentos"
          note={`Lo descontado con cada código en las ventas del período. Aparte, el descuento por transferencia: ${formatMoney(discounts.transfer.discountCents)} en ${units.format(discounts.transfer.orders)} ${discounts.transfer.orders === 1 ? "pedido" : "pedidos"}.${inPersonNote(discounts.inPerson)}`}
          csvHref={csv("descuentos")}
          empty={empty}
        >
          {discounts.codes.length === 0 ? (
            <p className="rounded-lg bg-white p-6 text-ink/75">Ninguna venta del período usó un código de descuento.</p>
          ) : (
            <>
              <ChartSlot
                spec={{
                  label: "Total descontado por código",
                  data: discounts.codes.map((code) => ({ name: code.code, discount: code.discountCents })),
                  category: "name",
                  series: [{ key: "discount", label: "Descontado", color: PALETTE.terracotta }],
                  money: true,
                  layout: "rows",
                }}
              />
              <ReportTable
                caption="Descuentos por código: usos y total descontado"
                columns={[
                  { label: "Código" },
                  { label: "Usos", numeric: true },
                  { label: "Total descontado", numeric: true },
                ]}
                rows={discounts.codes.map((code) => [
                  code.code,
                  units.format(code.uses),
                  formatMoney(code.discountCents),
                ])}
              />
            </>
          )}
        </ReportSection>
      </div>
    </>
  );
}

/** The counter's and the fairs' discounts, said after the transfer's when there were some. */
function inPersonNote(inPerson: Reports["discounts"]["inPerson"]): string {
  const parts = (["counter", "fair"] as const)
    .filter((channel) => inPerson[channel].sales > 0)
    .map(
      (channel) =>
        `${CHANNEL_LABELS[channel].toLowerCase()}, ${formatMoney(inPerson[channel].discountCents)} en ${units.format(inPerson[channel].sales)} ${inPerson[channel].sales === 1 ? "venta" : "ventas"}`,
    );
  return parts.length ? ` Descuentos ${parts.join("; ")}.` : "";
}
