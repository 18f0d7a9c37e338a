import { z } from "zod";
import { checkDiscountCode } from "~/domain/discounts/validate.server";
import { DomainError } from "~/domain/errors";
import { apiError, errorInit, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/discount-codes/validate {code, subtotal (pesos)} -> 200 {valid:true, code, discountAmount,
 * message} or {valid:false, discountAmount:0, message}. Public (the checkout asks it). Bad input is a
 * 400 and too many checks a 429, both `{success:false, error}` that also carry `valid`/`message`, so the
 * checkout reads every answer the same way.
 */
export async function action({ request, context }: ResourceArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readJson(request, z.unknown());
    return jsonResponse(await checkDiscountCode(requestContext(context), body));
  } catch (error) {
    if (!(error instanceof DomainError)) return apiError(error, context);
    return jsonResponse(
      { success: false, valid: false, discountAmount: 0, error: error.message, message: error.message },
      errorInit(error),
    );
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
