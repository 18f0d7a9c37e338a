import { safeNext } from "~/domain/auth/admin-paths";
import { completeSignIn } from "~/domain/auth/login.server";
import {
  PASSKEY_MESSAGES,
  relyingParty,
  signInPasskeySchema,
  verifyPasskeyAssertion,
} from "~/domain/auth/passkeys.server";
import { sessionCookie } from "~/lib/admin-cookie.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/auth/passkey/verify {response, next?} -> {success:true, redirect} and the session cookie: the
 * passkey's answer to /api/auth/passkey/options completes the sign-in. A refused answer is a 401 counted in
 * the sign-in lockout like a wrong code; a body of the wrong shape is a 400 that writes nothing.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = await readJson(request, signInPasskeySchema);
    const rp = relyingParty(context.config.publicUrl, request.headers.get("origin"));
    const token = context.pendingSignIn ? context.sessionToken : null;
    const session = await completeSignIn(
      context.db,
      token,
      (userId) => verifyPasskeyAssertion(context.db, token ?? "", userId, input.response, rp),
      { ip: context.clientIp, previousToken: token, userAgent: request.headers.get("user-agent") },
      PASSKEY_MESSAGES.refused,
    );
    return jsonResponse(
      { success: true, redirect: safeNext(input.next) },
      { headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.config.secureCookies) } },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
