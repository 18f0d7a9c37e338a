import { customerOrders } from "~/domain/accounts/orders.server";
import { customerPurchases } from "~/domain/accounts/purchases.server";
import { receiptLinks } from "~/domain/sales/receipt-links.server";
import { requireCustomerApi } from "~/lib/customer.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { centsToPesos } from "~/lib/money";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /api/cuenta/pedidos -> {success, orders: [{number, status, total, createdAt}], purchases: [{number,
 * place: "counter"|"fair", fair, status, total, soldAt, receiptUrl}]} (pesos), the reader's own: the online
 * orders and the counter and fair sales made with their e-mail.
 */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    if (request.method !== "GET") return methodNotAllowed("GET");
    const { email } = requireCustomerApi(context);
    const [orders, purchases] = await Promise.all([
      customerOrders(context.db, email),
      customerPurchases(context.db, email),
    ]);
    const links = await receiptLinks(
      context.db,
      requestContext(context),
      purchases.map((purchase) => purchase.number),
    );
    return jsonResponse({
      success: true,
      orders: orders.map((order) => ({
        number: order.number,
        status: order.status,
        total: centsToPesos(order.totalCents),
        createdAt: order.createdAt.toISOString(),
      })),
      purchases: purchases.map((purchase) => ({
        number: purchase.number,
        place: purchase.channel,
        fair: purchase.fairName,
        status: purchase.status,
        total: centsToPesos(purchase.totalCents),
        soldAt: purchase.soldAt.toISOString(),
        receiptUrl: links[purchase.number]?.url ?? null,
      })),
    });
  });
}

export const action = () => methodNotAllowed("GET");
