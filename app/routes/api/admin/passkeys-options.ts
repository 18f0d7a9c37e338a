import { registrationOptions, relyingParty } from "~/domain/auth/passkeys.server";
import { Unauthorized } from "~/domain/errors";
import { requireAdminApi, SIGN_IN_REQUIRED } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/admin/passkeys/options -> {success:true, options}: what the browser needs to create a passkey
 * for the signed-in admin (also an admin who must still enrol). The challenge is kept on their session for
 * /api/admin/passkeys/register.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const sessionToken = context.sessionToken;
    if (!sessionToken) throw new Unauthorized(SIGN_IN_REQUIRED);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const rp = relyingParty(context.config.publicUrl, request.headers.get("origin"));
    const options = await registrationOptions(context.db, admin, sessionToken, rp);
    return jsonResponse({ success: true, options });
  });
}

export const loader = () => methodNotAllowed("POST");
