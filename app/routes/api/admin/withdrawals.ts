import { z } from "zod";
import { NotFound } from "~/domain/errors";
import { listWithdrawals } from "~/domain/withdrawals/queries.server";
import { booksReturned, cancelForWithdrawal, refundWithdrawal } from "~/domain/withdrawals/resolve.server";
import { isWithdrawalStatus } from "~/domain/withdrawals/status";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { centsToPesos } from "~/lib/money";
import { ownEntry, parseId } from "~/lib/params";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/withdrawals";

/** GET /api/admin/withdrawals?status=requested|cancelled|refunded : newest first (amounts in pesos). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    if (params.id) return methodNotAllowed("POST");
    const status = new URL(request.url).searchParams.get("status");
    const { withdrawals, counts } = await listWithdrawals(context.db, {
      status: isWithdrawalStatus(status) ? status : null,
    });
    return jsonResponse({
      success: true,
      withdrawals: withdrawals.map(({ totalCents, firstName: _first, lastName: _last, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        booksReturnedAt: row.booksReturnedAt?.toISOString() ?? null,
        total: centsToPesos(totalCents),
      })),
      counts,
    });
  });
}

/**
 * POST /api/admin/withdrawals/{id}/{action}: `cancel`, `books-returned`, `refund` (a transfer's
 * {refundedOn, reference}; nothing for Mercado Pago). A step the withdrawal's state does not allow is a
 * 409; Mercado Pago failing, a 502.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST" || !params.id) return methodNotAllowed("GET");
    const id = parseId(params.id);
    if (id === null) throw new NotFound("Arrepentimiento no encontrado");
    const ctx = requestContext(context);
    const body = request.headers.get("content-type")?.includes("json") ? await readJson(request, z.unknown()) : {};
    const runs = {
      cancel: () => cancelForWithdrawal(ctx, id, admin),
      "books-returned": () => booksReturned(ctx, id, admin),
      refund: () => refundWithdrawal(ctx, id, admin, body ?? {}),
    };
    const run = ownEntry<() => Promise<unknown>>(runs, params.action);
    if (!run) throw new NotFound("Acción desconocida");
    await run();
    return jsonResponse({ success: true });
  });
}
