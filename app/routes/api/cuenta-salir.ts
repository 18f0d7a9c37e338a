import { redirect } from "react-router";
import { deleteAllCustomerSessions, deleteCustomerSession } from "~/domain/accounts/sessions.server";
import { CUSTOMER_COOKIE, clearedSessionCookie } from "~/lib/admin-cookie.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/cuenta/salir: ends this session; with `?todas=1` ("Cerrar todas las sesiones") every session
 * of the email. A plain form post (no JavaScript) lands on the home page.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const everywhere = new URL(request.url).searchParams.get("todas") === "1";
    if (everywhere && context.customer) await deleteAllCustomerSessions(context.db, context.customer.email);
    else if (context.customerToken) await deleteCustomerSession(context.db, context.customerToken);
    const headers = { "Set-Cookie": clearedSessionCookie(context.config.secureCookies, CUSTOMER_COOKIE) };
    if ((request.headers.get("accept") ?? "").includes("text/html")) {
      return redirect(everywhere ? "/cuenta/ingresar?salida=todas" : "/", { status: 303, headers });
    }
    return jsonResponse({ success: true }, { headers });
  });
}

export const loader = () => methodNotAllowed("POST");
