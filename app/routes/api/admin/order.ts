import { z } from "zod";
import { alertPaidOrderCancelled } from "~/domain/auth/owner-alerts.server";
import { NotFound } from "~/domain/errors";
import { cancelOrder, confirmPayment, deliverOrder, shipOrder } from "~/domain/orders/lifecycle.server";
import { adminOrder, orderJson } from "~/domain/orders/queries.server";
import { createOrderShipment } from "~/domain/shipping/shipments.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { ownEntry } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { alertOrigin, requireApiStepUp, withoutProof } from "~/lib/step-up.server";

/** GET /api/admin/orders/{number}: the whole order (customer, delivery, items, totals, events). */
export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const { order, items, events } = await adminOrder(context.db, params.number ?? "");
    return jsonResponse({
      success: true,
      order: {
        ...orderJson(order, items),
        paymentUrl: order.paymentUrl,
        customer: { firstName: order.firstName, lastName: order.lastName, email: order.email, phone: order.phone },
        address: { address: order.address, city: order.city, province: order.province, zipCode: order.zipCode },
        providerPaymentId: order.providerPaymentId,
        cancelReason: order.cancelReason,
        events: events.map((event) => ({ ...event, at: event.at.toISOString() })),
      },
    });
  });
}

/**
 * POST /api/admin/orders/{number}/{action}: `confirm-payment`, `ship` {trackingCode?}, `deliver`,
 * `cancel` {reason}, and `create-shipment` (the carrier's shipment, as the order page's "Crear envío": the
 * answer adds `shipment` {carrier, trackingNumber, status}). A change the order's status does not allow is
 * a 409; a carrier that refuses or does not answer, a 502 with its reason. `cancel` (its money goes back)
 * asks for a fresh proof: `stepUpProof` in the body or `X-Step-Up`, else 401 `{stepUp:"required"}`.
 */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const ctx = requestContext(context);
    const number = params.number ?? "";
    const json = request.headers.get("content-type")?.includes("json") ? await readJson(request, z.unknown()) : {};
    const body = withoutProof(json);
    if (params.action === "create-shipment") {
      const shipment = await createOrderShipment(ctx, admin, number);
      const { order } = await adminOrder(context.db, number);
      return jsonResponse({
        success: true,
        order: { number: order.number, status: order.status },
        shipment: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, status: shipment.status },
      });
    }
    const runs = {
      "confirm-payment": () => confirmPayment(ctx, admin, number),
      ship: () => shipOrder(ctx, admin, number, body),
      deliver: () => deliverOrder(ctx, admin, number),
      cancel: async () => {
        const order = await cancelOrder(ctx, admin, number, body);
        if (order.paidAt) await alertPaidOrderCancelled(ctx.db, admin, alertOrigin(request, context), order);
        return order;
      },
    };
    const run = ownEntry(runs, params.action);
    if (!run) throw new NotFound("Acción desconocida");
    if (params.action === "cancel") await requireApiStepUp(context, admin, request, json);
    const order = await run();
    return jsonResponse({ success: true, order: { number: order.number, status: order.status } });
  });
}
