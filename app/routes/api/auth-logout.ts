import { redirect } from "react-router";
import { deleteSession } from "~/domain/auth/sessions.server";
import { clearedSessionCookie } from "~/lib/admin-cookie.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** POST /api/auth/logout: ends the session. A plain form post (no JavaScript) lands on the sign-in page. */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    if (context.sessionToken) await deleteSession(context.db, context.sessionToken);
    const headers = { "Set-Cookie": clearedSessionCookie(context.config.secureCookies) };
    if ((request.headers.get("accept") ?? "").includes("text/html")) {
      return redirect("/admin/login", { status: 303, headers });
    }
    return jsonResponse({ success: true }, { headers });
  });
}

export const loader = () => methodNotAllowed("POST");
