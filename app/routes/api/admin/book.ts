import { z } from "zod";
import { deleteBook, getAdminBook, updateBook } from "~/domain/catalog/admin-books.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { bookIdParam } from "../store-product";

export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return jsonResponse({ success: true, book: await getAdminBook(context.db, bookIdParam(params.id)) });
  });
}

/** PUT /api/admin/books/{id} (the changed fields) and DELETE /api/admin/books/{id}. */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const id = bookIdParam(params.id);
    if (request.method === "PUT") {
      const body = await readJson(request, z.record(z.string(), z.unknown()));
      return jsonResponse({
        success: true,
        book: await updateBook(context.db, admin, id, body, requestContext(context)),
      });
    }
    if (request.method === "DELETE") {
      const { unpublished, message } = await deleteBook(context.db, admin, id);
      return jsonResponse(unpublished ? { success: true, unpublished, message } : { success: true });
    }
    return methodNotAllowed("GET, PUT, DELETE");
  });
}
