import { settingsToApi } from "~/domain/settings/schema";
import { getSettings } from "~/domain/settings/settings.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/settings";

/** GET /api/admin/settings: every section (shipping costs in pesos). */
export function loader({ context }: Route.LoaderArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return jsonResponse({ success: true, settings: settingsToApi(await getSettings(context.db)) });
  });
}

export function action({ context }: Route.ActionArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
