import { customerOrders } from "~/domain/accounts/orders.server";
import { requireCustomerApi } from "~/lib/customer.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { centsToPesos } from "~/lib/money";
import type { Route } from "./+types/cuenta-pedidos";

/** GET /api/cuenta/pedidos -> {success, orders: [{number, status, total, createdAt}]} (pesos), the reader's own. */
export function loader({ request, context }: Route.LoaderArgs) {
  return api(context, async () => {
    if (request.method !== "GET") return methodNotAllowed("GET");
    const { email } = requireCustomerApi(context);
    const orders = await customerOrders(context.db, email);
    return jsonResponse({
      success: true,
      orders: orders.map((order) => ({
        number: order.number,
        status: order.status,
        total: centsToPesos(order.totalCents),
        createdAt: order.createdAt.toISOString(),
      })),
    });
  });
}

export const action = () => methodNotAllowed("GET");
