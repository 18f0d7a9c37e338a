import { cancelQrSale } from "~/domain/sales/qr-actions.server";
import { recordedSaleJson } from "~/domain/sales/queries.server";
import { saleSigner } from "~/domain/sales/receipt.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/admin/ventas/:number/cancelar: the seller cancels a Mercado Pago QR sale still waiting for its
 * payment. The QR is cancelled at Mercado Pago first, then the sale, and its stock returns: 200 with the sale
 * ('cancelled'). Already paid: 409. Mercado Pago unreachable: 502/504, the sale keeps waiting.
 */
export function action({ request, params, context }: ResourceArgs<"number">) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const ctx = requestContext(context);
    const recorded = await cancelQrSale(ctx, admin, params.number);
    const signer = await saleSigner(context.db, ctx);
    const sale = await recordedSaleJson(context.db, recorded, signer.url(recorded.sale.number));
    return jsonResponse({ success: true, sale });
  });
}

export const loader = () => methodNotAllowed("POST");
