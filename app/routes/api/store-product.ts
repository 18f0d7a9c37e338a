import { toStoreProduct } from "~/domain/catalog/book-view.server";
import { getVisibleBook } from "~/domain/catalog/books.server";
import { catalogView } from "~/domain/catalog/view.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { ResourceArgs } from "~/lib/resource-route";
import { STORE_CACHE } from "./store-products";

/** Parses a book id from the URL; anything but a plain positive integer is simply not a product. */
export const bookIdParam = (raw: string | undefined): number => idParam(raw, "Producto no encontrado");

/** GET /api/tienda-nube/products/{id}: one product from the local catalogue, cached like the list. */
export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    const id = bookIdParam(params.id);
    const [row, view] = await Promise.all([getVisibleBook(context.db, id), catalogView(context.db, context.config)]);
    return jsonResponse({ success: true, product: toStoreProduct(row, view) }, { headers: STORE_CACHE });
  });
}

export const action = () => methodNotAllowed("GET");
