import { signInSchema, signInWithCode } from "~/domain/accounts/sign-in.server";
import { CUSTOMER_COOKIE, sessionCookie } from "~/lib/admin-cookie.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** POST /api/cuenta/ingresar {email, code} -> {success} and the Mi cuenta session cookie. */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = await readJson(request, signInSchema);
    const session = await signInWithCode(requestContext(context), input, { previousToken: context.customerToken });
    const cookie = sessionCookie(session.token, session.expiresAt, context.config.secureCookies, CUSTOMER_COOKIE);
    return jsonResponse({ success: true }, { headers: { "Set-Cookie": cookie } });
  });
}

export const loader = () => methodNotAllowed("POST");
