import { openFairs } from "~/domain/fairs/fairs.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /api/admin/ferias: the open fairs, for the sale page's "¿Dónde vendés?" `{success, fairs: [{id, name,
 * place, startsOn, endsOn, discountPercent, youSell}]}` (`youSell`: the signed-in admin may sell there, the
 * rule POST /api/admin/ventas applies). Staff and owners.
 */
export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    return jsonResponse({ success: true, fairs: await openFairs(context.db, admin) });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
