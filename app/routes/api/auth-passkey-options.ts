import { relyingParty, signInOptions } from "~/domain/auth/passkeys.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/auth/passkey/options -> {success:true, options}: the sign-in's second step with a passkey, for
 * the half-session whose password was right (else 401). The challenge is kept on that half-session.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const rp = relyingParty(context.config.publicUrl, request.headers.get("origin"));
    const options = await signInOptions(context.db, context.pendingSignIn ? context.sessionToken : null, rp);
    return jsonResponse({ success: true, options });
  });
}

export const loader = () => methodNotAllowed("POST");
