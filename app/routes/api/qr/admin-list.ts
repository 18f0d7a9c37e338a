import { listCodes } from "~/domain/prizes/prizes.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/qr/admin/list -> {success, data: codes (newest first), message}. */
export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const codes = await listCodes(context.db);
    return jsonResponse({ success: true, data: codes, message: `${codes.length} códigos` });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
