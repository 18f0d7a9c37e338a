import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "~/lib/money";
import { CHART_HEIGHT, type ChartSpec } from "./chart-spec";

const count = new Intl.NumberFormat("es-AR");
const axisText = { fill: "var(--color-ink)", fontSize: 12 };

/**
 * One report chart (recharts). Loaded only through `ChartSlot`'s React.lazy, after hydration, so its code
 * stays in a chunk of its own that only /admin/reportes asks for. Width follows the box, height is fixed.
 */
export default function ReportChart({ spec }: { spec: ChartSpec }) {
  const format = (value: unknown) => (spec.money ? formatMoney(Number(value)) : count.format(Number(value)));
  const rows = spec.layout === "rows";
  const valueAxis = { tickFormatter: format, tick: axisText, width: spec.money ? 96 : 48, allowDecimals: spec.money };
  const categoryAxis = { dataKey: spec.category, tick: axisText };
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={{ width: 320, height: CHART_HEIGHT }}>
      <ComposedChart
        data={spec.data}
        layout={rows ? "vertical" : "horizontal"}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="var(--color-ink)" strokeOpacity={0.1} vertical={rows} horizontal={!rows} />
        {rows ? (
          <>
            <XAxis type="number" {...valueAxis} />
            <YAxis type="category" {...categoryAxis} width={140} interval={0} />
          </>
        ) : (
          <>
            <XAxis type="category" {...categoryAxis} />
            <YAxis type="number" {...valueAxis} />
          </>
        )}
        <Tooltip formatter={(value) => format(value)} cursor={{ fill: "var(--color-cream)" }} />
        {spec.series.length > 1 ? (
          // The swatch carries the series' colour; the text stays ink, readable whatever the colour (ochre is light).
          <Legend wrapperStyle={{ fontSize: 13 }} formatter={(value) => <span className="text-ink">{value}</span>} />
        ) : null}
        {spec.series.map((series) =>
          series.kind === "line" ? (
            <Line
              key={series.key}
              dataKey={series.key}
              name={series.label}
              stroke={series.color}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ) : (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.label}
              fill={series.color}
              stackId={series.stack}
              isAnimationActive={false}
              maxBarSize={48}
            />
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
