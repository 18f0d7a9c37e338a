import { z } from "zod";
import { toStoreProduct } from "~/domain/catalog/book-view.server";
import { searchBooks } from "~/domain/catalog/books.server";
import { normaliseSearch } from "~/domain/catalog/search.server";
import { api, jsonResponse, methodNotAllowed, readQuery } from "~/lib/http.server";
import { positiveIntParam } from "~/lib/query";
import type { Route } from "./+types/store-products";

const querySchema = z.object({
  search: z.string().optional().transform(normaliseSearch),
  limit: positiveIntParam("limit", { max: 100 }).default(100),
});

/** GET /api/tienda-nube/products: served from the local catalogue (the sync keeps it current). */
export function loader({ request, context }: Route.LoaderArgs) {
  return api(context, async () => {
    const query = readQuery(request, querySchema);
    const rows = await searchBooks(context.db, query);
    const view = { storeUrl: context.config.storeUrl };
    return jsonResponse({ success: true, products: rows.map((row) => toStoreProduct(row, view)) });
  });
}

export const action = () => methodNotAllowed("GET");
