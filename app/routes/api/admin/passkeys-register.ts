import { registerPasskey, registerPasskeySchema, relyingParty } from "~/domain/auth/passkeys.server";
import { Unauthorized } from "~/domain/errors";
import { requireAdminApi, SIGN_IN_REQUIRED } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/admin/passkeys/register {response, label?} -> 201 {success:true, label, recoveryCodes}: the
 * passkey the browser created with /api/admin/passkeys/options, checked and added. `recoveryCodes` are the
 * ten codes when it is the admin's first factor (shown once), else null. A body of the wrong shape is a 400
 * that writes nothing; a response that does not verify is a 400 and spends the challenge.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const sessionToken = context.sessionToken;
    if (!sessionToken) throw new Unauthorized(SIGN_IN_REQUIRED);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = await readJson(request, registerPasskeySchema);
    const rp = relyingParty(context.config.publicUrl, request.headers.get("origin"));
    const added = await registerPasskey(context.db, admin, sessionToken, input, rp);
    return jsonResponse({ success: true, ...added }, { status: 201 });
  });
}

export const loader = () => methodNotAllowed("POST");
