import { featuredSchema, setFeatured } from "~/domain/carousel/carousel.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { bookIdParam } from "../store-product";

/** PATCH /api/books/{id}/featured {featured, featuredOrder}. */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "PATCH") return methodNotAllowed("PATCH");
    const change = await readJson(request, featuredSchema);
    return jsonResponse({ success: true, book: await setFeatured(context.db, admin, bookIdParam(params.id), change) });
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("PATCH");
  });
}
