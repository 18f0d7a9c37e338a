import { Download } from "lucide-react";
import { redirect } from "react-router";
import { DeleteStep } from "~/components/admin/expenses/delete-step";
import { ExpenseForm, type ExpenseFormValues } from "~/components/admin/expenses/expense-form";
import { ExpenseList } from "~/components/admin/expenses/expense-list";
import { ExpenseSummary } from "~/components/admin/expenses/expense-summary";
import { EXPENSES_PAGE, expensesUrl } from "~/components/admin/expenses/expenses-page";
import { MonthPicker } from "~/components/admin/expenses/month-picker";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { Invalid } from "~/domain/errors";
import {
  createExpense,
  deleteExpense,
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
import { todayInBuenosAires } from "~/lib/dates";
import { formAction } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { formatMoneyInput } from "~/lib/money";
import { parseId } from "~/lib/params";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/expenses";

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

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const month = monthSchema.safeParse(text("month")).data ?? todayInBuenosAires().slice(0, 7);
  const values: ExpenseFormValues = {
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
      return redirect(expensesUrl(month, "&ok=eliminado"), 303);
    }
    if (intent !== "create" && intent !== "update") throw new Invalid("Acción desconocida");
    const input = expenseSchema.parse(values);
    const saved =
      intent === "create"
        ? await createExpense(context.db, admin, input)
        : await updateExpense(context.db, admin, expenseId(text("id")), input);
    // Back to the month the expense belongs to, so the admin sees it in its place.
    return redirect(expensesUrl(saved.date.slice(0, 7), `&ok=${intent === "create" ? "creado" : "actualizado"}`), 303);
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
      <ExpenseSummary summary={summary} label={label} previousLabel={loaderData.previous.label} />
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

export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Gastos"
      message="No pudimos mostrar los gastos. Probá de nuevo en unos minutos."
      retry={{ href: EXPENSES_PAGE, label: "Volver a intentar" }}
    />
  );
}
