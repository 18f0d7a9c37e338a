import { z } from "zod";
import { DomainError } from "~/domain/errors";
import { requestAnyWithdrawal } from "~/domain/withdrawals/any.server";
import { apiError, errorInit, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/arrepentimiento {orderNumber, email, reason?} (the botón de arrepentimiento, no sign-in):
 * an order ("RZ-000123") or a Caja Rizoma subscription ("CR-000123", cancelled at Mercado Pago and its
 * first charge refunded when due) -> 201 {success:true, code, message} for a new request, 200 with the same code when the order already
 * had one; errors {success:false, message, error} (both carry the Spanish text): 400 bad input (with
 * `field`), 404 no order or subscription with that number and email, 409 cancelled or past the window (a
 * subscription's says what is left: the botón de baja), 429 past the
 * per-IP limit (with Retry-After).
 */
export async function action({ request, context }: ResourceArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readJson(request, z.unknown());
    const result = await requestAnyWithdrawal(requestContext(context), body);
    return jsonResponse(
      { success: true, code: result.code, message: result.message },
      { status: result.created ? 201 : 200 },
    );
  } catch (error) {
    if (error instanceof DomainError) {
      return jsonResponse(
        { success: false, message: error.message, error: error.message, ...error.details },
        errorInit(error),
      );
    }
    return apiError(error, context);
  }
}

export const loader = () => methodNotAllowed("POST");
