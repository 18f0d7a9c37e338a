import { z } from "zod";
import { toStoreProduct } from "~/domain/catalog/book-view.server";
import { searchBooks } from "~/domain/catalog/books.server";
import { normaliseSearch } from "~/domain/catalog/search.server";
import { catalogView } from "~/domain/catalog/view.server";
import { api, jsonResponse, methodNotAllowed, readQuery } from "~/lib/http.server";
import { positiveIntParam } from "~/lib/query";
import type { ResourceArgs } from "~/lib/resource-route";

const querySchema = z.object({
  search: z.string().optional().transform(normaliseSearch),
  limit: positiveIntParam("limit", { max: 100 }).default(100),
});

/**
 * The spec's 5-minute cache of the store endpoints: browsers and proxies keep an answer 5 minutes and may
 * serve it 10 more while they refresh it. Errors are never cached (jsonResponse's no-store).
 */
export const STORE_CACHE = { "Cache-Control": "public, max-age=300, stale-while-revalidate=600" };

/**
 * GET /api/tienda-nube/products: served from the local catalogue (the sync keeps it current), so it
 * answers the same when Tienda Nube is slow or down.
 */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const query = readQuery(request, querySchema);
    const [rows, view] = await Promise.all([searchBooks(context.db, query), catalogView(context.db, context.config)]);
    return jsonResponse(
      { success: true, products: rows.map((row) => toStoreProduct(row, view)) },
      { headers: STORE_CACHE },
    );
  });
}

export const action = () => methodNotAllowed("GET");
