import { featuredBooks } from "~/domain/catalog/books.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/featured-books";

export function loader({ context }: Route.LoaderArgs) {
  return api(context, async () => jsonResponse(await featuredBooks(context.db, { storeUrl: context.config.storeUrl })));
}

export const action = () => methodNotAllowed("GET");
