import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/auth/me -> 200 {email} for a signed-in admin, 401 otherwise. */
export function loader({ context }: ResourceArgs) {
  return api(context, async () => jsonResponse({ email: requireAdminApi(context).email }));
}

export const action = () => methodNotAllowed("GET");
