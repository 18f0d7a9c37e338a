import { saleInputSchema } from "~/domain/sales/input";
import { recordSaleWithPayment } from "~/domain/sales/qr.server";
import { recordedSaleJson, salesDayQuery, salesOfDay } from "~/domain/sales/queries.server";
import { saleSigner } from "~/domain/sales/receipt.server";
import { requireAdminApi } from "~/lib/admin.server";
import { todayInBuenosAires } from "~/lib/dates";
import { api, jsonResponse, methodNotAllowed, readJson, readQuery } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/ventas?date=YYYY-MM-DD[&fairId=N]: the day's counter and fair sales, oldest first. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const query = readQuery(request, salesDayQuery);
    const date = query.date ?? todayInBuenosAires();
    return jsonResponse({ success: true, date, sales: await salesOfDay(context.db, date, query.fairId) });
  });
}

/**
 * POST /api/admin/ventas {clientId, items:[{id, quantity, price?, discountPercent?}], discountPercent?, payment,
 * cashReceived?, customer?, fairId?, soldAt?, offline?, note?}: 201 with the new sale, or 200 with the sale
 * this `clientId` already recorded. Bad input: 400 in Spanish, nothing written. A Mercado Pago QR sale answers
 * 'pending_payment' with `qr: {data, expiresAt}`; when Mercado Pago cannot make the QR, 502/504 with
 * `code: "qr_failed"` (the sale cancelled, its stock back; retry with a new clientId). docs/decisions/0051.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const input = await readJson(request, saleInputSchema);
    const ctx = requestContext(context);
    const recorded = await recordSaleWithPayment(ctx, admin, input);
    const signer = await saleSigner(context.db, ctx);
    const sale = await recordedSaleJson(context.db, recorded, signer.url(recorded.sale.number));
    return jsonResponse({ success: true, sale }, { status: recorded.created ? 201 : 200 });
  });
}
