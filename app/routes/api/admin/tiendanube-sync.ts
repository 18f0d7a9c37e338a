import { startSyncAsAdmin, syncStatus } from "~/domain/tiendanube/admin.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET: the sync's state and progress. */
export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return jsonResponse({ success: true, ...(await syncStatus(context.db, context.tiendanube)) });
  });
}

/** POST: starts a full sync (202); 409 when one is running or the store is not configured. */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const status = await startSyncAsAdmin(context.db, context.tiendanube, admin);
    return jsonResponse({ success: true, ...status }, { status: 202 });
  });
}
