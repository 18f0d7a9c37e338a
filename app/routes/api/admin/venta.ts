import { refreshQrSale } from "~/domain/sales/qr-actions.server";
import { recordedSaleJson } from "~/domain/sales/queries.server";
import { saleSigner } from "~/domain/sales/receipt.server";
import { saleByNumber } from "~/domain/sales/record.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /api/admin/ventas/:number: one sale as POST /api/admin/ventas answers it. The sale page polls it while a
 * Mercado Pago QR sale waits (`status: "pending_payment"`, `qr: {data, expiresAt}`) until it is 'paid' or
 * 'cancelled'; now and then this also asks Mercado Pago, in case its notification is late (docs/decisions/0051).
 */
export function loader({ params, context }: ResourceArgs<"number">) {
  return api(context, async () => {
    requireAdminApi(context);
    const ctx = requestContext(context);
    let recorded = await saleByNumber(context.db, params.number.toUpperCase());
    if (await refreshQrSale(ctx, recorded.sale)) recorded = await saleByNumber(context.db, recorded.sale.number);
    const signer = await saleSigner(context.db, ctx);
    const sale = await recordedSaleJson(context.db, recorded, signer.url(recorded.sale.number));
    return jsonResponse({ success: true, sale });
  });
}

export const action = () => methodNotAllowed("GET");
