import { z } from "zod";
import { ADMIN_BOOK_FILTERS, createBook, listAdminBooks } from "~/domain/catalog/admin-books.server";
import { normaliseSearch } from "~/domain/catalog/search.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson, readQuery } from "~/lib/http.server";
import { positiveIntParam } from "~/lib/query";
import type { ResourceArgs } from "~/lib/resource-route";

const querySchema = z.object({
  search: z.string().optional().transform(normaliseSearch),
  filter: z.enum(ADMIN_BOOK_FILTERS, { error: "Filtro desconocido" }).default("todos"),
  page: positiveIntParam("page").default(1),
  limit: positiveIntParam("limit", { max: 100 }).default(100),
});

/** GET /api/admin/books: every book (published or not), newest first, with search and filters. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return jsonResponse({ success: true, ...(await listAdminBooks(context.db, readQuery(request, querySchema))) });
  });
}

/** POST /api/admin/books: creates a book -> 201 {success, book}. */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const body = await readJson(request, z.record(z.string(), z.unknown()));
    return jsonResponse({ success: true, book: await createBook(context.db, admin, body) }, { status: 201 });
  });
}
