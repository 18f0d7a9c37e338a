import { toStoreProduct } from "~/domain/catalog/book-view.server";
import { getVisibleBook } from "~/domain/catalog/books.server";
import { NotFound } from "~/domain/errors";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/store-product";

/** Parses a book id from the URL; anything but a plain positive integer is simply not a product. */
export function bookIdParam(raw: string | undefined): number {
  const id = /^\d{1,9}$/.test(raw ?? "") ? Number(raw) : 0;
  if (id < 1) throw new NotFound("Producto no encontrado");
  return id;
}

export function loader({ params, context }: Route.LoaderArgs) {
  return api(context, async () => {
    const row = await getVisibleBook(context.db, bookIdParam(params.id));
    return jsonResponse({ success: true, product: toStoreProduct(row, { storeUrl: context.config.storeUrl }) });
  });
}

export const action = () => methodNotAllowed("GET");
