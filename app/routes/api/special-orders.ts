import { z } from "zod";
import { createSpecialOrder } from "~/domain/special-orders/special-orders.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/special-orders {bookTitle, bookAuthor?, name, email, phone?, scope, note?, bookId?}
 * -> 201 {success:true, message} (the shop's promise for the scope); 400 {success:false, error, field}
 * with the first problem's Spanish message; 429 past the per-IP limit. Nothing is written on an error.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readJson(request, z.unknown());
    const { message } = await createSpecialOrder(requestContext(context), body);
    return jsonResponse({ success: true, message }, { status: 201 });
  });
}

export const loader = () => methodNotAllowed("POST");
