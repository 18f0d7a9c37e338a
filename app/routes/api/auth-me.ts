import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/auth-me";

/** GET /api/auth/me -> 200 {email} for a signed-in admin, 401 otherwise. */
export function loader({ context }: Route.LoaderArgs) {
  return api(context, async () => jsonResponse({ email: requireAdminApi(context).email }));
}

export const action = () => methodNotAllowed("GET");
