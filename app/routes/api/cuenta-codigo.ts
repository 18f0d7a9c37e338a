import { codeRequestSchema, requestSignInCode } from "~/domain/accounts/sign-in.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** POST /api/cuenta/codigo {email} -> {success, message}: a sign-in code and link by e-mail (any address). */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = await readJson(request, codeRequestSchema);
    const { message } = await requestSignInCode(requestContext(context), input);
    return jsonResponse({ success: true, message });
  });
}

export const loader = () => methodNotAllowed("POST");
