/** A column of an admin table: its heading, `hidden` when only screen readers need it, `right` for figures. */
export type TableColumn = string | { label: string; hidden?: boolean; right?: boolean };

/** The heading row of the panel's tables: one `th scope="col"` per column, in the panel's cell padding. */
export function TableHead({ columns, className }: { columns: readonly TableColumn[]; className: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => {
          const { label, hidden = false, right = false } = typeof column === "string" ? { label: column } : column;
          return (
            // `relative` keeps a hidden heading (positioned by sr-only) inside the table's scroll box: without
            // it the label escapes the box and widens the whole page on a phone.
            <th
              key={label}
              scope="col"
              className={`${right ? "px-3 py-2 text-right" : "px-3 py-2"}${hidden ? " relative" : ""}`}
            >
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
