import { ChevronLeft, ChevronRight, Download, TrendingDown, TrendingUp } from "lucide-react";
import { Form, Link, redirect, useLocation, useNavigation, useSubmit } from "react-router";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { Invalid } from "~/domain/errors";
import { EXPENSE_CATEGORIES } from "~/domain/expenses/categories";
import {
  createExpense,
  deleteExpense,
  type Expense,
  expenseId,
  expenseSchema,
  getExpense,
  listExpenses,
  monthLabel,
  monthSchema,
  monthSummary,
  shiftMonth,
  updateExpense,
} from "~/domain/expenses/expenses.server";
import { requireAdmin } from "~/lib/admin.server";
import { dayMonth, numericDate, todayInBuenosAires } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { formatMoney, formatMoneyInput } from "~/lib/money";
import { parseId } from "~/lib/params";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/expenses";

const CONFIRM_DELETE = "¿Seguro que querés eliminar este gasto?";
const PAGE = "/admin/expenses";
const pageUrl = (month: string, extra = "") => `${PAGE}?month=${month}${extra}`;

/** Results of a change, carried in the URL after the redirect so a reload does not repeat it. */
const notices: Record<string, NoticeData> = {
  creado: { tone: "success", title: "Gasto agregado", message: "Ya suma en el total del mes." },
  actualizado: { tone: "success", title: "Gasto actualizado" },
  eliminado: { tone: "success", title: "Gasto eliminado" },
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const url = new URL(request.url);
  const today = todayInBuenosAires();
  const thisMonth = today.slice(0, 7);
  const month = monthSchema.safeParse(url.searchParams.get("month")).data ?? thisMonth;
  const editId = parseId(url.searchParams.get("editar"));
  const deleteId = parseId(url.searchParams.get("eliminar"));
  const [expenses, summary, target] = await Promise.all([
    listExpenses(context.db, { month }),
    monthSummary(context.db, month),
    editId || deleteId ? getExpense(context.db, editId ?? deleteId ?? 0) : null,
  ]);
  const missing: NoticeData = {
    tone: "error",
    title: "Gasto no encontrado",
    message: "Puede que ya lo hayan eliminado.",
  };
  const asked = url.searchParams.has("editar") || url.searchParams.has("eliminar");
  return {
    month,
    label: capitalise(monthLabel(month)),
    previous: { month: summary.previousMonth, label: capitalise(monthLabel(summary.previousMonth)) },
    next: { month: shiftMonth(month, 1), label: capitalise(monthLabel(shiftMonth(month, 1))) },
    thisMonth: month === thisMonth ? null : thisMonth,
    defaultDate: month === thisMonth ? today : `${month}-01`,
    expenses,
    summary,
    editing: target && editId ? { ...target, amount: formatMoneyInput(target.amountCents) } : null,
    deleting: target && !editId ? target : null,
    notice: asked && !target ? missing : (notices[url.searchParams.get("ok") ?? ""] ?? null),
  };
}

type FormValues = Record<"date" | "concept" | "category" | "amount" | "note", string>;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const month = monthSchema.safeParse(text("month")).data ?? todayInBuenosAires().slice(0, 7);
  const values: FormValues = {
    date: text("date"),
    concept: text("concept"),
    category: text("category"),
    amount: text("amount"),
    note: text("note"),
  };
  const deleting = intent === "delete";
  const work = async () => {
    if (deleting) {
      await deleteExpense(context.db, admin, expenseId(text("id")));
      return redirect(pageUrl(month, "&ok=eliminado"), 303);
    }
    if (intent !== "create" && intent !== "update") throw new Invalid("Acción desconocida");
    const input = expenseSchema.parse(values);
    const saved =
      intent === "create"
        ? await createExpense(context.db, admin, input)
        : await updateExpense(context.db, admin, expenseId(text("id")), input);
    // Back to the month the expense belongs to, so the admin sees it in its place.
    return redirect(pageUrl(saved.date.slice(0, 7), `&ok=${intent === "create" ? "creado" : "actualizado"}`), 303);
  };
  const title = deleting ? "No se pudo eliminar el gasto" : "No se pudo guardar el gasto";
  return formAction(values, work, { title, deleting });
}

export const meta = () => seoMeta({ title: "Gastos", noIndex: true });

export default function AdminExpenses({ loaderData, actionData }: Route.ComponentProps) {
  const { month, label, expenses, summary, editing, deleting } = loaderData;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl">Gastos</h1>
          <p className="mt-1 text-ink/75">Lo que gasta la librería, mes a mes y por categoría.</p>
        </div>
        <a
          href={`/api/admin/expenses/export?month=${month}`}
          download={`gastos-${month}.csv`}
          className="flex items-center gap-2 rounded-full border border-moss px-4 py-2 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
        >
          <Download aria-hidden="true" className="size-4" />
          Descargar CSV
        </a>
      </div>
      <MonthPicker {...loaderData} />
      <Notice notice={failureNotice(actionData, actionData?.title ?? "") ?? loaderData.notice} />
      <Summary summary={summary} label={label} previousLabel={loaderData.previous.label} />
      <div className="grid gap-8 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
        <section
          id="gasto-form"
          aria-labelledby="form-title"
          className="scroll-mt-4 rounded-xl border border-ink/10 bg-white p-5"
        >
          {deleting ? (
            <DeleteStep expense={deleting} month={month} />
          ) : (
            <ExpenseForm
              expense={editing}
              month={month}
              defaultDate={loaderData.defaultDate}
              // A failed delete leaves the add form as it was; a failed save keeps what was typed.
              values={actionData?.deleting ? undefined : actionData?.values}
              errors={actionData?.fields ?? {}}
            />
          )}
        </section>
        <section aria-labelledby="list-title">
          <h2 id="list-title" className="font-serif text-2xl">
            Gastos de {label.toLowerCase()}
          </h2>
          {expenses.length === 0 ? (
            <p className="mt-3 rounded-lg bg-white p-6 text-ink/75">No hay gastos cargados en {label.toLowerCase()}.</p>
          ) : (
            <ExpenseList
              expenses={expenses}
              month={month}
              totalCents={summary.totalCents}
              editingId={(editing ?? deleting)?.id}
            />
          )}
        </section>
      </div>
    </div>
  );
}

function MonthPicker({ month, previous, next, thisMonth, label }: Route.ComponentProps["loaderData"]) {
  // On a phone the arrows alone (named for screen readers), so the picker fits in one line.
  const step =
    "flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-full px-2 text-sm font-semibold text-moss hover:bg-moss/10 sm:px-3";
  return (
    <nav aria-label="Elegir el mes" className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <div className="flex w-full items-center justify-between gap-1 rounded-full border border-ink/15 bg-white p-1 sm:w-auto">
        <Link to={pageUrl(previous.month)} className={step}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="sr-only">Mes anterior: </span>
          <span className="sr-only sm:not-sr-only">{previous.label}</span>
        </Link>
        <p aria-current="date" className="px-1 text-center font-serif text-lg font-semibold whitespace-nowrap">
          {label}
        </p>
        <Link to={pageUrl(next.month)} className={step}>
          <span className="sr-only">Mes siguiente: </span>
          <span className="sr-only sm:not-sr-only">{next.label}</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <Form method="get" className="flex items-center gap-2">
        <label htmlFor="month-jump" className="text-sm font-semibold text-ink/75">
          Ir a
        </label>
        <input
          id="month-jump"
          name="month"
          type="month"
          defaultValue={month}
          key={month}
          className="rounded-md border border-ink/25 bg-white px-2 py-1.5"
        />
        <button
          type="submit"
          className="rounded-md bg-moss px-3 py-1.5 text-sm font-semibold text-white hover:bg-moss-dark"
        >
          Ver
        </button>
      </Form>
      {thisMonth ? (
        <Link to={pageUrl(thisMonth)} className="text-sm text-moss underline">
          Volver al mes actual
        </Link>
      ) : null}
    </nav>
  );
}

type SummaryData = Route.ComponentProps["loaderData"]["summary"];

function Summary({ summary, label, previousLabel }: { summary: SummaryData; label: string; previousLabel: string }) {
  const { totalCents, previousTotalCents, byCategory } = summary;
  const top = byCategory[0]?.totalCents ?? 0;
  const change =
    previousTotalCents > 0 ? Math.round(((totalCents - previousTotalCents) / previousTotalCents) * 100) : null;
  const Trend = totalCents >= previousTotalCents ? TrendingUp : TrendingDown;
  return (
    <section aria-labelledby="summary-title" className="grid gap-4 md:grid-cols-3">
      <h2 id="summary-title" className="sr-only">
        Resumen de {label.toLowerCase()}
      </h2>
      <div className="rounded-xl border border-ink/10 bg-white p-5">
        <p className="text-sm font-semibold text-ink/75">Total de {label.toLowerCase()}</p>
        <p className="mt-1 font-serif text-4xl text-moss" id="month-total">
          {formatMoney(totalCents)}
        </p>
        <p className="mt-1 text-sm text-ink/75">
          {summary.count === 1 ? "1 gasto" : `${summary.count.toLocaleString("es-AR")} gastos`}
        </p>
        <p className="mt-3 flex items-start gap-2 border-t border-ink/10 pt-3 text-sm">
          {change === null ? (
            `En ${previousLabel.toLowerCase()} no hubo gastos cargados.`
          ) : (
            <>
              <Trend aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink/75" />
              <span>
                {change === 0
                  ? "Lo mismo que"
                  : `${Math.abs(change).toLocaleString("es-AR")} % ${change > 0 ? "más" : "menos"} que`}{" "}
                en {previousLabel.toLowerCase()} ({formatMoney(previousTotalCents)})
              </span>
            </>
          )}
        </p>
      </div>
      <div className="rounded-xl border border-ink/10 bg-white p-5 md:col-span-2">
        <h3 className="text-sm font-semibold text-ink/75">Por categoría</h3>
        {byCategory.length === 0 ? (
          <p className="mt-2 text-sm text-ink/75">Cuando cargues gastos, acá vas a ver en qué se fue la plata.</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Totales por categoría">
            {byCategory.map(({ category, totalCents: amount }) => (
              <li key={category}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-semibold">{category}</span>
                  <span className="tabular-nums">
                    {formatMoney(amount)}{" "}
                    <span className="text-ink/75">
                      ({Math.round((amount / totalCents) * 100).toLocaleString("es-AR")} %)
                    </span>
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-ink/10">
                  <div
                    className="h-2 rounded-full bg-moss"
                    style={{ width: `${Math.max(2, (amount / top) * 100)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ExpenseList({
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

/**
 * Edit opens the form with the expense; delete asks first. With JavaScript the question is a confirm
 * dialog; without it, the link leads to a confirmation step (`?eliminar=ID`) with the real button.
 */
function RowActions({ expense, month, className = "" }: { expense: Expense; month: string; className?: string }) {
  const submit = useSubmit();
  const name = <span className="sr-only"> «{expense.concept}»</span>;
  const link = "font-semibold underline underline-offset-2";
  return (
    <div className={`flex gap-4 whitespace-nowrap ${className}`}>
      <Link to={pageUrl(month, `&editar=${expense.id}#gasto-form`)} className={`${link} text-moss`}>
        Editar{name}
      </Link>
      <Link
        to={pageUrl(month, `&eliminar=${expense.id}#gasto-form`)}
        className={`${link} text-terracotta`}
        onClick={(event) => {
          event.preventDefault();
          if (!window.confirm(`${CONFIRM_DELETE}\n\n«${expense.concept}» por ${formatMoney(expense.amountCents)}`))
            return;
          void submit({ intent: "delete", id: String(expense.id), month }, { method: "post", action: pageUrl(month) });
        }}
      >
        Eliminar{name}
      </Link>
    </div>
  );
}

function DeleteStep({ expense, month }: { expense: Expense; month: string }) {
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
      <Form method="post" action={pageUrl(month)} className="mt-4 flex flex-wrap items-center gap-3">
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
        <Link to={pageUrl(month)} className="text-sm font-semibold text-moss underline">
          Cancelar
        </Link>
      </Form>
    </>
  );
}

const blank: FormValues = { date: "", concept: "", category: "", amount: "", note: "" };

function ExpenseForm({
  expense,
  month,
  defaultDate,
  values,
  errors,
}: {
  expense: (Expense & { amount: string }) | null;
  month: string;
  defaultDate: string;
  values: FormValues | undefined;
  errors: Partial<FormValues>;
}) {
  const busy = useNavigation().state !== "idle";
  // A new key after each navigation empties the form once a save went through.
  const { key } = useLocation();
  const initial: FormValues =
    values ?? (expense ? { ...expense, note: expense.note ?? "" } : { ...blank, date: defaultDate });
  const field = (name: keyof FormValues, hint?: string) => ({
    id: `expense-${name}`,
    name,
    defaultValue: initial[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [errors[name] ? `expense-${name}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined,
    className: `mt-1 w-full rounded-md border bg-white px-3 py-2 ${errors[name] ? "border-terracotta" : "border-ink/25"}`,
  });
  const label = "block text-sm font-semibold";
  const problem = (name: keyof FormValues) =>
    errors[name] ? (
      <p id={`expense-${name}-error`} className="mt-1 text-sm font-semibold text-terracotta">
        {errors[name]}
      </p>
    ) : null;
  return (
    <Form method="post" action={pageUrl(month, expense ? `&editar=${expense.id}` : "")} noValidate key={key}>
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
            <Link to={pageUrl(month)} className="text-sm font-semibold text-moss underline">
              Cancelar
            </Link>
          ) : null}
        </div>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Gastos"
      message="No pudimos mostrar los gastos. Probá de nuevo en unos minutos."
      retry={{ href: PAGE, label: "Volver a intentar" }}
    />
  );
}
