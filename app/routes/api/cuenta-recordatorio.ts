import {
  forgetCart,
  forgetCartSchema,
  rememberCart,
  rememberCartSchema,
} from "~/domain/accounts/cart-reminders.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * "Recordame mi carrito" from the checkout's script (the box ticked, a valid email):
 * POST /api/cuenta/recordatorio {email, items:[{bookId, quantity}]} saves or moves forward the email's
 * reminder; DELETE {email} (the box unticked) cancels it. Both answer {success, message}.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method === "POST") {
      const input = await readJson(request, rememberCartSchema);
      const { message } = await rememberCart(requestContext(context), input);
      return jsonResponse({ success: true, message });
    }
    if (request.method === "DELETE") {
      const input = await readJson(request, forgetCartSchema);
      const { message } = await forgetCart(requestContext(context), input);
      return jsonResponse({ success: true, message });
    }
    return methodNotAllowed("POST, DELETE");
  });
}

export const loader = () => methodNotAllowed("POST, DELETE");
