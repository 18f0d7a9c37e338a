import { parseNewsletterFilters } from "~/domain/newsletter/admin-filters";
import { subscribersCsv } from "~/domain/newsletter/newsletter.server";
import { requireAdminApi } from "~/lib/admin.server";
import { csvResponse } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { api, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/newsletter-export";

/** GET /api/admin/newsletter/export?buscar=&tema=&estado=: the filtered subscribers as a CSV download. */
export function loader({ request, context }: Route.LoaderArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const filters = parseNewsletterFilters(new URL(request.url).searchParams);
    const today = todayInBuenosAires();
    return csvResponse(await subscribersCsv(context.db, filters), `suscriptores-${today}.csv`);
  });
}

export function action({ context }: Route.ActionArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
