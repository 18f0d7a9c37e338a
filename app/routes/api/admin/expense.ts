import { deleteExpense, expenseId, expenseJson, expenseSchema, updateExpense } from "~/domain/expenses/expenses.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** PUT /api/admin/expenses/{id} (every field, like POST) and DELETE /api/admin/expenses/{id}. */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method === "PUT") {
      const id = expenseId(params.id);
      const input = await readJson(request, expenseSchema);
      return jsonResponse({ success: true, expense: expenseJson(await updateExpense(context.db, admin, id, input)) });
    }
    if (request.method === "DELETE") {
      const deleted = await deleteExpense(context.db, admin, expenseId(params.id));
      return jsonResponse({ success: true, expense: expenseJson(deleted) });
    }
    return methodNotAllowed("PUT, DELETE");
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("PUT, DELETE");
  });
}
