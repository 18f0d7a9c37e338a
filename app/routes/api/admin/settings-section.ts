import { z } from "zod";
import { settingsToApi } from "~/domain/settings/schema";
import { sectionFromApi, sectionKey, updateSection } from "~/domain/settings/settings.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/settings-section";

const body = z.record(z.string(), z.unknown(), { error: "El cuerpo debe ser un objeto JSON" });

/**
 * PUT /api/admin/settings/{section} with the whole section (shipping costs in pesos) -> every section.
 * Bad input: 400 `{success:false, error, fields}` and nothing written; unknown section: 404.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const key = sectionKey(params.section);
    if (request.method !== "PUT") return methodNotAllowed("PUT");
    const input = sectionFromApi(key, await readJson(request, body));
    return jsonResponse({ success: true, settings: settingsToApi(await updateSection(context.db, admin, key, input)) });
  });
}

export function loader({ params, context }: Route.LoaderArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    sectionKey(params.section);
    return methodNotAllowed("PUT");
  });
}
