import { Form, Link, useLocation, useNavigation } from "react-router";
import { EXPENSE_CATEGORIES } from "~/domain/expenses/categories";
import type { Expense } from "~/domain/expenses/expenses.server";
import { expensesUrl } from "./expenses-page";

/** The form's fields as typed, which a failed save sends back so nothing is lost. */
export type ExpenseFormValues = Record<"date" | "concept" | "category" | "amount" | "note", string>;

const blank: ExpenseFormValues = { date: "", concept: "", category: "", amount: "", note: "" };

/** Adds an expense, or edits `expense` (its amount already written as the admin types it). */
export function ExpenseForm({
  expense,
  month,
  defaultDate,
  values,
  errors,
}: {
  expense: (Expense & { amount: string }) | null;
  month: string;
  defaultDate: string;
  values: ExpenseFormValues | undefined;
  errors: Partial<ExpenseFormValues>;
}) {
  const busy = useNavigation().state !== "idle";
  // A new key after each navigation empties the form once a save went through.
  const { key } = useLocation();
  const initial: ExpenseFormValues =
    values ?? (expense ? { ...expense, note: expense.note ?? "" } : { ...blank, date: defaultDate });
  const field = (name: keyof ExpenseFormValues, hint?: string) => ({
    id: `expense-${name}`,
    name,
    defaultValue: initial[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [errors[name] ? `expense-${name}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined,
    className: `mt-1 w-full rounded-md border bg-white px-3 py-2 ${errors[name] ? "border-terracotta" : "border-ink/25"}`,
  });
  const label = "block text-sm font-semibold";
  const problem = (name: keyof ExpenseFormValues) =>
    errors[name] ? (
      <p id={`expense-${name}-error`} className="mt-1 text-sm font-semibold text-terracotta">
        {errors[name]}
      </p>
    ) : null;
  return (
    <Form method="post" action={expensesUrl(month, expense ? `&editar=${expense.id}` : "")} noValidate key={key}>
      <h2 id="form-title" className="font-serif text-2xl">
        {expense ? "Editar gasto" : "Agregar un gasto"}
      </h2>
      <input type="hidden" name="intent" value={expense ? "update" : "create"} />
      {expense ? <input type="hidden" name="id" value={expense.id} /> : null}
      <input type="hidden" name="month" value={month} />
      <div className="mt-4 space-y-4">
        <div>
          <label htmlFor="expense-date" className={label}>
            Fecha
          </label>
          <input type="date" required {...field("date")} />
          {problem("date")}
        </div>
        <div>
          <label htmlFor="expense-concept" className={label}>
            Concepto
          </label>
          <input type="text" required maxLength={200} placeholder="Envíos Andreani" {...field("concept")} />
          {problem("concept")}
        </div>
        <div>
          <label htmlFor="expense-category" className={label}>
            Categoría
          </label>
          <select required {...field("category")}>
            <option value="">Elegí una categoría</option>
            {EXPENSE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
          {problem("category")}
        </div>
        <div>
          <label htmlFor="expense-amount" className={label}>
            Monto
          </label>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 mt-0.5 -translate-y-1/2">
              $
            </span>
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              {...field("amount", "expense-amount-hint")}
              className={`${field("amount").className} pl-7 tabular-nums`}
            />
          </div>
          <p id="expense-amount-hint" className="mt-1 text-xs text-ink/75">
            En pesos, con coma para los centavos: 12.345,50
          </p>
          {problem("amount")}
        </div>
        <div>
          <label htmlFor="expense-note" className={label}>
            Nota <span className="font-normal text-ink/75">(opcional)</span>
          </label>
          <textarea rows={2} maxLength={1000} {...field("note")} />
          {problem("note")}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
          >
            {expense ? "Guardar cambios" : "Agregar gasto"}
          </button>
          {expense ? (
            <Link to={expensesUrl(month)} className="text-sm font-semibold text-moss underline">
              Cancelar
            </Link>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
