import type { ReactNode } from "react";

export interface ReportColumn {
  label: string;
  /** Figures align right. */
  numeric?: boolean;
}

/**
 * A report's numbers as a table (the accessible twin of its chart): a caption, column headers and the
 * first cell of each row as its row header; wide tables scroll inside their own box on a phone, which a
 * keyboard can reach (Tab, then the arrows) and a screen reader announces by the table's caption.
 */
export function ReportTable({
  caption,
  columns,
  rows,
  footer,
}: {
  caption: string;
  columns: ReportColumn[];
  rows: ReactNode[][];
  /** A totals row, first cell as its header. */
  footer?: ReactNode[];
}) {
  const cell = (numeric: boolean | undefined) =>
    `px-3 py-2 ${numeric ? "text-right whitespace-nowrap tabular-nums" : "break-words"}`;
  const line = (cells: ReactNode[], key: string | number) => (
    <tr key={key}>
      {cells.map((value, index) =>
        index === 0 ? (
          <th key={columns[index]?.label} scope="row" className={`${cell(columns[index]?.numeric)} font-normal`}>
            {value}
          </th>
        ) : (
          <td key={columns[index]?.label} className={cell(columns[index]?.numeric)}>
            {value}
          </td>
        ),
      )}
    </tr>
  );
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      data-scroll-region
      className="overflow-x-auto rounded-xl border border-ink/10 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-ink/10 text-ink/75">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cell(column.numeric)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/10">{rows.map((cells, index) => line(cells, index))}</tbody>
        {footer ? <tfoot className="border-t-2 border-ink/15 font-semibold">{line(footer, "total")}</tfoot> : null}
      </table>
    </section>
  );
}
