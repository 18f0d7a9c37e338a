import { settingsToApi } from "~/domain/settings/schema";
import { getSettings } from "~/domain/settings/settings.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/settings: every section (shipping costs in pesos). */
export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return jsonResponse({ success: true, settings: settingsToApi(await getSettings(context.db)) });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
