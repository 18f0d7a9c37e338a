import { z } from "zod";
import { alertRefund } from "~/domain/auth/owner-alerts.server";
import { listBoxWithdrawals } from "~/domain/box/withdrawal-list.server";
import { NotFound } from "~/domain/errors";
import { listWithdrawals } from "~/domain/withdrawals/queries.server";
import { booksReturned, cancelForWithdrawal, refundWithdrawal } from "~/domain/withdrawals/resolve.server";
import { isWithdrawalStatus } from "~/domain/withdrawals/status";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { centsToPesos } from "~/lib/money";
import { ownEntry, parseId } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { alertOrigin, requireApiStepUp, withoutProof } from "~/lib/step-up.server";

/**
 * GET /api/admin/withdrawals?status=requested|cancelled|refunded : the orders' withdrawals, newest first
 * (amounts in pesos), and `boxWithdrawals`: the Caja Rizoma's (CR- numbers, where each refund stands), as
 * /admin/arrepentimientos lists both.
 */
export function loader({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    if (params.id) return methodNotAllowed("POST");
    const status = new URL(request.url).searchParams.get("status");
    const [{ withdrawals, counts }, boxes] = await Promise.all([
      listWithdrawals(context.db, { status: isWithdrawalStatus(status) ? status : null }),
      listBoxWithdrawals(context.db),
    ]);
    return jsonResponse({
      success: true,
      withdrawals: withdrawals.map(({ totalCents, firstName: _first, lastName: _last, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        booksReturnedAt: row.booksReturnedAt?.toISOString() ?? null,
        total: centsToPesos(totalCents),
      })),
      counts,
      boxWithdrawals: boxes.map(({ amountCents, ...row }) => ({
        ...row,
        amount: amountCents === null ? null : centsToPesos(amountCents),
      })),
    });
  });
}

/**
 * POST /api/admin/withdrawals/{id}/{action}: `cancel`, `books-returned`, `refund` (a transfer's
 * {refundedOn, reference}; nothing for Mercado Pago). A step the withdrawal's state does not allow is a
 * 409; Mercado Pago failing, a 502. `refund` asks for a fresh proof: `stepUpProof` in the body or
 * `X-Step-Up`, else 401 `{stepUp:"required"}`; every owner is told of the refund.
 */
export function action({ request, params, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST" || !params.id) return methodNotAllowed("GET");
    const id = parseId(params.id);
    if (id === null) throw new NotFound("Arrepentimiento no encontrado");
    const ctx = requestContext(context);
    const json = request.headers.get("content-type")?.includes("json") ? await readJson(request, z.unknown()) : {};
    const body = withoutProof(json);
    const runs = {
      cancel: () => cancelForWithdrawal(ctx, id, admin),
      "books-returned": () => booksReturned(ctx, id, admin),
      refund: async () => {
        const refunded = await refundWithdrawal(ctx, id, admin, body ?? {});
        await alertRefund(ctx.db, admin, alertOrigin(request, context), refunded);
      },
    };
    const run = ownEntry<() => Promise<unknown>>(runs, params.action);
    if (!run) throw new NotFound("Acción desconocida");
    if (params.action === "refund") await requireApiStepUp(context, admin, request, json);
    await run();
    return jsonResponse({ success: true });
  });
}
