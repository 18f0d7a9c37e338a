import { z } from "zod";
import { listBooks } from "~/domain/catalog/books.server";
import { shopCategories } from "~/domain/catalog/reference.server";
import { Invalid } from "~/domain/errors";
import { publicSections } from "~/domain/settings/public-settings.server";
import { api, jsonResponse, methodNotAllowed, readQuery } from "~/lib/http.server";
import { positiveIntParam } from "~/lib/query";
import type { ResourceArgs } from "~/lib/resource-route";

const querySchema = z.object({
  page: positiveIntParam("page").default(1),
  limit: positiveIntParam("limit", { max: 100 }).default(100),
  category: z.string().max(60).optional(),
});

export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const query = readQuery(request, querySchema);
    if (query.category) {
      const known = await shopCategories(context.db);
      if (!known.some((category) => category.key === query.category)) throw new Invalid("Categoría desconocida");
    }
    const { taxes } = await publicSections(context.db);
    const view = { storeUrl: context.config.storeUrl, taxes: taxes.categories };
    return jsonResponse(await listBooks(context.db, view, query));
  });
}

export const action = () => methodNotAllowed("GET");
