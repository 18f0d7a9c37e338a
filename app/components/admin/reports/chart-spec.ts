/**
 * What a report chart draws, without naming the chart library: the page builds these, and only the lazily
 * loaded `report-chart.tsx` turns them into recharts (so nothing else on the site pulls recharts in).
 */
export interface ChartSeries {
  key: string;
  label: string;
  /** A colour of the site's palette, as a CSS value ("var(--color-moss)"). */
  color: string;
  /** Bars by default; a line over them (the margin). */
  kind?: "bar" | "line";
  /** Series with the same stack id pile up (payment methods). */
  stack?: string;
}

export interface ChartSpec {
  /** What the chart shows, for screen readers (the table after it has the same numbers). */
  label: string;
  data: Array<Record<string, string | number>>;
  /** The field of each datum that names it on the category axis. */
  category: string;
  series: ChartSeries[];
  /** Values are centavos: the value axis and tooltips read "$ 12.345". */
  money: boolean;
  /** "bars": vertical bars over periods; "rows": horizontal bars for long names (books, authors). */
  layout: "bars" | "rows";
}

export const PALETTE = {
  moss: "var(--color-moss)",
  terracotta: "var(--color-terracotta)",
  ochre: "var(--color-ochre)",
  ink: "var(--color-ink)",
  terracottaDark: "var(--color-terracotta-dark)",
} as const;

/** The height every chart gets (recharts measures its box; a fixed height keeps the page from jumping). */
export const CHART_HEIGHT = 288;
