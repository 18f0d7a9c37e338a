import { login, loginSchema } from "~/domain/auth/login.server";
import { sessionCookie } from "~/lib/admin-cookie.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { Route } from "./+types/auth-login";

/** POST /api/auth/login {email, password} -> 200 {success:true} and the session cookie. */
export function action({ request, context }: Route.ActionArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = await readJson(request, loginSchema);
    const session = await login(context.db, input, { ip: context.clientIp, previousToken: context.sessionToken });
    return jsonResponse(
      { success: true },
      { headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.config.secureCookies) } },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
