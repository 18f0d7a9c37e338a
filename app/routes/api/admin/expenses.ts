import {
  createExpense,
  currentMonth,
  expenseJson,
  expenseSchema,
  listExpenses,
  monthQuery,
  monthSummary,
  summaryJson,
} from "~/domain/expenses/expenses.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson, readQuery } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/expenses?month=YYYY-MM (default: this Buenos Aires month): the month's ledger and totals. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const month = readQuery(request, monthQuery).month ?? currentMonth();
    const [expenses, summary] = await Promise.all([
      listExpenses(context.db, { month }),
      monthSummary(context.db, month),
    ]);
    return jsonResponse({ success: true, expenses: expenses.map(expenseJson), summary: summaryJson(summary) });
  });
}

/** POST /api/admin/expenses {date, concept, category, amount, note?}: 201 with the new expense. */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const input = await readJson(request, expenseSchema);
    const expense = await createExpense(context.db, admin, input);
    return jsonResponse({ success: true, expense: expenseJson(expense) }, { status: 201 });
  });
}
