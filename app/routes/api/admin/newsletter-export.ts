import { recordPersonalExport } from "~/domain/audit/exports.server";
import { parseNewsletterFilters } from "~/domain/newsletter/admin-filters";
import { subscribersCsv } from "~/domain/newsletter/newsletter.server";
import { requireAdminApi } from "~/lib/admin.server";
import { csvResponse, csvRowCount } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { api, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { alertOrigin, exportStepUp } from "~/lib/step-up.server";

/** GET /api/admin/newsletter/export?buscar=&tema=&estado=: the filtered subscribers as a CSV download. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const confirm = await exportStepUp(request, context, admin, "api");
    if (confirm) return confirm;
    const filters = parseNewsletterFilters(new URL(request.url).searchParams);
    const today = todayInBuenosAires();
    const csv = await subscribersCsv(context.db, filters);
    await recordPersonalExport(
      context.db,
      admin,
      {
        subject: "newsletter",
        entity: "newsletter_subscriber",
        what: "los suscriptores al newsletter",
        format: "CSV",
        rows: csvRowCount(csv),
        // In the URL's words, as the admin chose them.
        filters: {
          ...(filters.search ? { buscar: filters.search } : {}),
          ...(filters.topic ? { tema: filters.topic } : {}),
          estado: filters.status === "unsubscribed" ? "bajas" : filters.status === null ? "todos" : "activos",
        },
        ip: context.clientIp,
      },
      alertOrigin(request, context),
    );
    return csvResponse(csv, `suscriptores-${today}.csv`);
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
