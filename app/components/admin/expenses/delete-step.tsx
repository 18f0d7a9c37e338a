import { Form, Link, useNavigation } from "react-router";
import type { Expense } from "~/domain/expenses/expenses.server";
import { numericDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { CONFIRM_DELETE, expensesUrl } from "./expenses-page";

/** The confirmation a delete link leads to without JavaScript (`?eliminar=ID`), with the real button. */
export function DeleteStep({ expense, month }: { expense: Expense; month: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <h2 id="form-title" className="font-serif text-2xl">
        {CONFIRM_DELETE}
      </h2>
      <div className="mt-3 rounded-md bg-paper p-3 text-sm">
        <p className="font-semibold break-words">{expense.concept}</p>
        <p className="mt-0.5">
          {formatMoney(expense.amountCents)} · {numericDate(expense.date)} · {expense.category}
        </p>
      </div>
      <p className="mt-3 text-sm text-ink/75">El gasto deja de sumar en los totales. No se puede deshacer.</p>
      <Form method="post" action={expensesUrl(month)} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={expense.id} />
        <input type="hidden" name="month" value={month} />
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-terracotta px-5 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-70"
        >
          Sí, eliminar
        </button>
        <Link to={expensesUrl(month)} className="text-sm font-semibold text-moss underline">
          Cancelar
        </Link>
      </Form>
    </>
  );
}
