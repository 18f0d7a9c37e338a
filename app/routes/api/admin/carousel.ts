import { z } from "zod";
import { carouselState, renumberCarousel } from "~/domain/carousel/carousel.server";
import { normaliseSearch } from "~/domain/catalog/search.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson, readQuery } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/carousel?search= : featured books by order and the available ones to add. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const { search } = readQuery(request, z.object({ search: z.string().optional().transform(normaliseSearch) }));
    return jsonResponse({ success: true, ...(await carouselState(context.db, search)) });
  });
}

/** POST /api/admin/carousel {action:"reorder"}: renumbers the featured books 1..n in their order. */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    await readJson(request, z.object({ action: z.literal("reorder", { error: "Acción desconocida" }) }).strict());
    return jsonResponse({ success: true, featured: await renumberCarousel(context.db, admin) });
  });
}
