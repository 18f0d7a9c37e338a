import { z } from "zod";
import { DomainError } from "~/domain/errors";
import { subscribe } from "~/domain/newsletter/newsletter.server";
import { apiError, errorInit, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/newsletter/subscribe {email, name?, interests?, source?} -> 200 {success:true, message};
 * errors 4xx {success:false, error, message} (both carry the Spanish text, so both forms of the spec read it).
 */
export async function action({ request, context }: ResourceArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readJson(request, z.unknown());
    const result = await subscribe(requestContext(context), body);
    return jsonResponse({ success: true, message: result.message });
  } catch (error) {
    if (error instanceof DomainError) {
      return jsonResponse({ success: false, error: error.message, message: error.message }, errorInit(error));
    }
    return apiError(error, context);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
