import { Link, useSubmit } from "react-router";
import type { Expense } from "~/domain/expenses/expenses.server";
import { formatMoney } from "~/lib/money";
import { CONFIRM_DELETE, expensesUrl } from "./expenses-page";

/**
 * Edit opens the form with the expense; delete asks first. With JavaScript the question is a confirm
 * dialog; without it, the link leads to a confirmation step (`?eliminar=ID`) with the real button.
 */
export function RowActions({
  expense,
  month,
  className = "",
}: {
  expense: Expense;
  month: string;
  className?: string;
}) {
  const submit = useSubmit();
  const name = <span className="sr-only"> «{expense.concept}»</span>;
  const link = "font-semibold underline underline-offset-2";
  return (
    <div className={`flex gap-4 whitespace-nowrap ${className}`}>
      <Link to={expensesUrl(month, `&editar=${expense.id}#gasto-form`)} className={`${link} text-moss`}>
        Editar{name}
      </Link>
      <Link
        to={expensesUrl(month, `&eliminar=${expense.id}#gasto-form`)}
        className={`${link} text-terracotta`}
        onClick={(event) => {
          event.preventDefault();
          if (!window.confirm(`${CONFIRM_DELETE}\n\n«${expense.concept}» por ${formatMoney(expense.amountCents)}`))
            return;
          void submit(
            { intent: "delete", id: String(expense.id), month },
            { method: "post", action: expensesUrl(month) },
          );
        }}
      >
        Eliminar{name}
      </Link>
    </div>
  );
}
