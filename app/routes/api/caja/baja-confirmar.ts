import { z } from "zod";
import { confirmCancellation } from "~/domain/box/cancellation.server";
import { DomainError } from "~/domain/errors";
import { apiError, errorInit, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/caja/baja/confirmar {email, code} -> 200 {success:true, code:"BAJA-…", message}; a wrong code
 * 422 {success:false, message} with the attempts left; expired, used up or never asked 410; invalid
 * input 400; rate limited 429. The same right code again answers the same cancellation code.
 */
export async function action({ request, context }: ResourceArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readJson(request, z.unknown());
    const result = await confirmCancellation(requestContext(context), body);
    return jsonResponse({ success: true, code: result.code, message: result.message });
  } catch (error) {
    if (error instanceof DomainError) return jsonResponse({ success: false, message: error.message }, errorInit(error));
    return apiError(error, context);
  }
}

export const loader = () => methodNotAllowed("POST");
