import { toStoreProduct } from "~/domain/catalog/book-view.server";
import { getVisibleBook } from "~/domain/catalog/books.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { Route } from "./+types/store-product";

/** Parses a book id from the URL; anything but a plain positive integer is simply not a product. */
export const bookIdParam = (raw: string | undefined): number => idParam(raw, "Producto no encontrado");

export function loader({ params, context }: Route.LoaderArgs) {
  return api(context, async () => {
    const row = await getVisibleBook(context.db, bookIdParam(params.id));
    return jsonResponse({ success: true, product: toStoreProduct(row, { storeUrl: context.config.storeUrl }) });
  });
}

export const action = () => methodNotAllowed("GET");
