import { authenticationOptions, relyingParty } from "~/domain/auth/passkeys.server";
import { Unauthorized } from "~/domain/errors";
import { requireAdminApi, SIGN_IN_REQUIRED } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/admin/passkeys/step-up/options -> {success:true, options}: what the browser needs to prove the
 * signed-in admin's session again with one of their passkeys (a step-up, docs/decisions/0046). The challenge
 * is kept on the session for /api/admin/passkeys/step-up.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const sessionToken = context.sessionToken;
    if (!sessionToken) throw new Unauthorized(SIGN_IN_REQUIRED);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const rp = relyingParty(context.config.publicUrl, request.headers.get("origin"));
    return jsonResponse({
      success: true,
      options: await authenticationOptions(context.db, sessionToken, admin.id, rp),
    });
  });
}

export const loader = () => methodNotAllowed("POST");
