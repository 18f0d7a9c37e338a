import { z } from "zod";
import { placeOrder } from "~/domain/orders/place.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { centsToPesos } from "~/lib/money";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/orders {items, customer, delivery, paymentMethod, discountCode?} -> 201 {success:true,
 * order:{number, status, subtotal, discount, shipping, total, paymentUrl?, token}} (pesos). 400 with the
 * field's Spanish message, 409 {error:'Stock insuficiente', items:[{id,title,requested,available}]},
 * 429 past the per-IP limit, 502 when Mercado Pago fails, 504 when it does not answer in time; nothing is
 * written on any of them.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readJson(request, z.unknown());
    const { order, totals, token } = await placeOrder(requestContext(context), body);
    return jsonResponse(
      {
        success: true,
        order: {
          number: order.number,
          status: order.status,
          subtotal: centsToPesos(totals.subtotalCents),
          discount: centsToPesos(totals.discountCents),
          shipping: centsToPesos(totals.shippingCents),
          total: centsToPesos(totals.totalCents),
          ...(order.paymentUrl ? { paymentUrl: order.paymentUrl } : {}),
          token,
        },
      },
      { status: 201 },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
