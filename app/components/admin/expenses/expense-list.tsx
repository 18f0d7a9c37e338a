import type { Expense } from "~/domain/expenses/expenses.server";
import { dayMonth } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { RowActions } from "./row-actions";

/** The month's expenses, the one being edited or deleted marked. */
export function ExpenseList({
  expenses,
  month,
  totalCents,
  editingId,
}: {
  expenses: Expense[];
  month: string;
  totalCents: number;
  editingId: number | undefined;
}) {
  const cell = "px-3 py-2.5 align-top";
  return (
    <>
      {/* Phones get cards, wider screens a table; display:none keeps the hidden one away from readers. */}
      <ul className="mt-3 space-y-3 md:hidden">
        {expenses.map((expense) => (
          <li
            key={expense.id}
            className={`rounded-lg border bg-white p-4 ${expense.id === editingId ? "border-ochre" : "border-ink/10"}`}
          >
            <div className="flex items-baseline justify-between gap-3">
              <p className="min-w-0 font-semibold break-words">{expense.concept}</p>
              <p className="shrink-0 tabular-nums">{formatMoney(expense.amountCents)}</p>
            </div>
            <p className="mt-0.5 text-sm text-ink/75">
              <time dateTime={expense.date}>{dayMonth(expense.date)}</time> · {expense.category}
            </p>
            {expense.note ? <p className="mt-1 text-sm break-words whitespace-pre-line">{expense.note}</p> : null}
            <RowActions expense={expense} month={month} className="mt-3" />
          </li>
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto rounded-xl border border-ink/10 bg-white md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Gastos del mes, del más reciente al más antiguo</caption>
          <thead className="border-b border-ink/10 text-left text-ink/75">
            <tr>
              <th scope="col" className={cell}>
                Fecha
              </th>
              <th scope="col" className={cell}>
                Concepto
              </th>
              <th scope="col" className={cell}>
                Categoría
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Monto
              </th>
              <th scope="col" className={cell}>
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10">
            {expenses.map((expense) => (
              <tr key={expense.id} className={expense.id === editingId ? "bg-ochre/10" : undefined}>
                <td className={`${cell} tabular-nums`}>
                  <time dateTime={expense.date}>{dayMonth(expense.date)}</time>
                </td>
                <td className={`${cell} break-words`}>
                  {expense.concept}
                  {expense.note ? (
                    <span className="mt-0.5 block whitespace-pre-line text-ink/75">{expense.note}</span>
                  ) : null}
                </td>
                <td className={cell}>{expense.category}</td>
                <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                  {formatMoney(expense.amountCents)}
                </td>
                <td className={cell}>
                  <RowActions expense={expense} month={month} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-ink/15 font-semibold">
            <tr>
              <th scope="row" colSpan={3} className={`${cell} text-left`}>
                Total
              </th>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{formatMoney(totalCents)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
