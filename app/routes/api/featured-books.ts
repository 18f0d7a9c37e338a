import { featuredBooks } from "~/domain/catalog/books.server";
import { publicSections } from "~/domain/settings/public-settings.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/featured-books";

export function loader({ context }: Route.LoaderArgs) {
  return api(context, async () => {
    const { taxes } = await publicSections(context.db);
    const view = { storeUrl: context.config.storeUrl, taxes: taxes.categories };
    return jsonResponse(await featuredBooks(context.db, view));
  });
}

export const action = () => methodNotAllowed("GET");
