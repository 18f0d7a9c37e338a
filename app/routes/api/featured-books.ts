import { featuredBooks } from "~/domain/catalog/books.server";
import { publicSections } from "~/domain/settings/public-settings.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    const { taxes } = await publicSections(context.db);
    const view = { storeUrl: context.config.storeUrl, taxes: taxes.categories };
    return jsonResponse(await featuredBooks(context.db, view));
  });
}

export const action = () => methodNotAllowed("GET");
