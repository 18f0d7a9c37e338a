import { findBookByIsbn } from "~/domain/catalog/isbn-lookup.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /api/admin/isbn/:isbn: what Open Library and Google Books know about an ISBN, for the book form's
 * autofill → `{success, book: {title, author, publisher, pages, year, language, description, coverUrl,
 * source}, sources: {field: source}, isbn13, hyphenated}`; the cover is already stored (`/uploads/…`).
 * A bad check digit is a 400, an ISBN nobody knows a 404 (both with their Spanish message).
 */
export function loader({ params, context }: ResourceArgs<"isbn">) {
  return api(context, async () => {
    requireAdminApi(context);
    const found = await findBookByIsbn(requestContext(context), params.isbn);
    return jsonResponse({ success: true, ...found });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
