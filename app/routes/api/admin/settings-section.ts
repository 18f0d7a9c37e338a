import { z } from "zod";
import { alertBankChange } from "~/domain/auth/owner-alerts.server";
import { settingsToApi } from "~/domain/settings/schema";
import { sectionFromApi, sectionKey, updateSection } from "~/domain/settings/settings.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { alertOrigin, requireApiStepUp, withoutProof } from "~/lib/step-up.server";

const body = z.record(z.string(), z.unknown(), { error: "El cuerpo debe ser un objeto JSON" });

/**
 * PUT /api/admin/settings/{section} with the whole section (shipping costs in pesos) -> every section.
 * Bad input: 400 `{success:false, error, fields}` and nothing written; unknown section: 404. The bank
 * details ask for a fresh proof (`stepUpProof` in the body or the `X-Step-Up` header; else 401
 * `{stepUp:"required", method}`) and tell every owner what changed.
 */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const key = sectionKey(params.section);
    if (request.method !== "PUT") return methodNotAllowed("PUT");
    const json = await readJson(request, body);
    const input = sectionFromApi(key, withoutProof(json));
    if (key !== "bank") {
      return jsonResponse({
        success: true,
        settings: settingsToApi(await updateSection(context.db, admin, key, input)),
      });
    }
    await requireApiStepUp(context, admin, request, json);
    const origin = alertOrigin(request, context);
    const settings = await updateSection(context.db, admin, key, input, { onChange: alertBankChange(admin, origin) });
    return jsonResponse({ success: true, settings: settingsToApi(settings) });
  });
}

export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    sectionKey(params.section);
    return methodNotAllowed("PUT");
  });
}
