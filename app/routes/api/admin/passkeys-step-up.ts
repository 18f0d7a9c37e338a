import { z } from "zod";
import { authenticationResponseSchema, relyingParty, stepUpWithPasskey } from "~/domain/auth/passkeys.server";
import { Unauthorized } from "~/domain/errors";
import { requireAdminApi, SIGN_IN_REQUIRED } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

const stepUpSchema = z.strictObject({ response: authenticationResponseSchema });

/**
 * POST /api/admin/passkeys/step-up {response} -> {success:true}: the admin's passkey answered this session's
 * challenge, so the session counts as proved for the next 10 minutes (the sensitive form is then sent
 * without a code). A refused key: 401 in Spanish, counted in the sign-in's lockout.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    const sessionToken = context.sessionToken;
    if (!sessionToken) throw new Unauthorized(SIGN_IN_REQUIRED);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const { response } = await readJson(request, stepUpSchema);
    const rp = relyingParty(context.config.publicUrl, request.headers.get("origin"));
    await stepUpWithPasskey(context.db, admin, sessionToken, response, rp, context.clientIp);
    return jsonResponse({ success: true });
  });
}

export const loader = () => methodNotAllowed("POST");
