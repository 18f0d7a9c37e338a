import { NotFound } from "~/domain/errors";
import { campaignProgress } from "~/domain/mail/outbox.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/caja/bulk-email/{campaign} -> {success, progress:{total, queued, sending, sent, failed}}. */
export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const campaign = params.campaign ?? "";
    if (!/^[0-9a-f-]{36}$/.test(campaign)) throw new NotFound("No encontramos ese envío");
    const progress = await campaignProgress(context.db, campaign);
    if (progress.total === 0) throw new NotFound("No encontramos ese envío");
    return jsonResponse({ success: true, progress });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
