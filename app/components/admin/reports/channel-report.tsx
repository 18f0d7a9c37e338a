import { CHANNEL_LABELS, CHANNELS, type SaleChannel } from "~/domain/reports/channels";
import { bucketLabel, type ReportRange } from "~/domain/reports/range";
import type { Reports } from "~/domain/reports/reports.server";
import { formatMoney } from "~/lib/money";
import { ChartSlot } from "./chart-slot";
import { PALETTE } from "./chart-spec";
import { ReportSection } from "./report-section";
import { ReportTable } from "./report-table";

const units = new Intl.NumberFormat("es-AR");
const CHANNEL_COLORS: Record<SaleChannel, string> = {
  online: PALETTE.moss,
  counter: PALETTE.terracotta,
  fair: PALETTE.ochre,
};

const salesCount = (n: number) => `${units.format(n)} ${n === 1 ? "venta" : "ventas"}`;

/**
 * Where the range's sales were made (DESIGN §9): online, at the counter, at fairs, per period, with each
 * channel's count in the note; then the fairs of the range, one line each.
 */
export function ChannelReport({
  data,
  range,
  csv,
  empty,
}: {
  data: Reports;
  range: ReportRange;
  csv: (name: string) => string;
  empty: string | null;
}) {
  const { sales, fairs } = data;
  const channels = range.channel ? [range.channel] : CHANNELS;
  const grain = { dia: "día", semana: "semana", mes: "mes" }[range.grain];
  const counts = channels
    .map((channel) => `${CHANNEL_LABELS[channel]}: ${salesCount(sales.totals.channels[channel].sales)}`)
    .join(" · ");
  return (
    <ReportSection
      id="canales"
      title="Ventas por canal"
      note={`${counts}. Online son los pedidos de la tienda; en el local y en ferias, las ventas cargadas en el panel.`}
      csvHref={csv("canales")}
      empty={empty}
    >
      <ChartSlot
        spec={{
          label: `Ventas por ${grain}, por canal`,
          data: sales.buckets.map((bucket) => ({
            period: bucketLabel(bucket.key, range.grain),
            ...Object.fromEntries(channels.map((channel) => [channel, bucket.channels[channel].cents])),
          })),
          category: "period",
          series: channels.map((channel) => ({
            key: channel,
            label: CHANNEL_LABELS[channel],
            color: CHANNEL_COLORS[channel],
            stack: "canal",
          })),
          money: true,
          layout: "bars",
        }}
      />
      <ReportTable
        caption={`Ventas por ${grain}: montos por canal`}
        columns={[
          { label: "Período" },
          ...channels.map((channel) => ({ label: CHANNEL_LABELS[channel], numeric: true })),
          { label: "Total", numeric: true },
        ]}
        rows={sales.buckets.map((bucket) => [
          bucketLabel(bucket.key, range.grain),
          ...channels.map((channel) => formatMoney(bucket.channels[channel].cents)),
          formatMoney(bucket.revenueCents),
        ])}
        footer={[
          "Total",
          ...channels.map((channel) => formatMoney(sales.totals.channels[channel].cents)),
          formatMoney(sales.totals.revenueCents),
        ]}
      />
      {fairs.length > 0 ? (
        <ReportTable
          caption="Ferias del período: ventas, ejemplares y montos"
          columns={[
            { label: "Feria" },
            { label: "Ventas", numeric: true },
            { label: "Ejemplares", numeric: true },
            { label: "Monto", numeric: true },
          ]}
          rows={fairs.map((fair) => [
            fair.name,
            units.format(fair.sales),
            units.format(fair.units),
            formatMoney(fair.revenueCents),
          ])}
        />
      ) : null}
    </ReportSection>
  );
}
