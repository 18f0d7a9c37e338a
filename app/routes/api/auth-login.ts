import { login, loginSchema } from "~/domain/auth/login.server";
import { sessionCookie } from "~/lib/admin-cookie.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/auth/login {email, password, code?} -> 200 {success:true} and the session cookie. An admin with
 * a second factor sends its `code` (the app's six digits or a recovery code); without it the answer is 401
 * {success:false, error, factor:"required"}. An admin who must still enrol one gets a session that reaches
 * only /admin/seguridad, and `{success:true, factor:"enrol"}` says so.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = await readJson(request, loginSchema);
    const session = await login(context.db, input, {
      ip: context.clientIp,
      previousToken: context.sessionToken,
      userAgent: request.headers.get("user-agent"),
    });
    return jsonResponse(session.stage === "enrol" ? { success: true, factor: "enrol" } : { success: true }, {
      headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.config.secureCookies) },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
