import { listWinners } from "~/domain/prizes/prizes.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/qr/admin/winners -> {success, data: winners (newest first), message}. */
export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const winners = await listWinners(context.db);
    return jsonResponse({ success: true, data: winners, message: `${winners.length} ganadores` });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
