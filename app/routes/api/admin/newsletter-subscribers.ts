import { parseNewsletterFilters } from "~/domain/newsletter/admin-filters";
import { listSubscribers, newsletterCounts } from "~/domain/newsletter/newsletter.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/newsletter/subscribers?buscar=&tema=&estado=&pagina=: a page of subscribers and the counts. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const filters = parseNewsletterFilters(new URL(request.url).searchParams);
    const [{ rows, total }, counts] = await Promise.all([
      listSubscribers(context.db, filters),
      newsletterCounts(context.db),
    ]);
    return jsonResponse({
      success: true,
      subscribers: rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        interests: row.interests,
        source: row.source,
        status: row.status,
        subscribedAt: row.subscribedAt.toISOString(),
        unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      })),
      pagination: { page: filters.page, limit: 50, total, totalPages: Math.max(1, Math.ceil(total / 50)) },
      counts,
    });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
