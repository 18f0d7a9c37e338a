import { z } from "zod";
import { requestCancellationCode } from "~/domain/box/cancellation.server";
import { DomainError } from "~/domain/errors";
import { apiError, errorInit, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/caja/baja {email} -> 200 {success:true, message}, the same for an address with a
 * subscription and one without (no subscriber enumeration); 400 for an invalid address; 429 rate limited.
 */
export async function action({ request, context }: ResourceArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readJson(request, z.unknown());
    const { message } = await requestCancellationCode(requestContext(context), body);
    return jsonResponse({ success: true, message });
  } catch (error) {
    if (error instanceof DomainError) return jsonResponse({ success: false, message: error.message }, errorInit(error));
    return apiError(error, context);
  }
}

export const loader = () => methodNotAllowed("POST");
