import { z } from "zod";
import { sendBulkEmail } from "~/domain/box/subscriptions.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** POST /api/caja/bulk-email {subject, content} -> {success, queued}: one outbox e-mail per active subscriber. */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readJson(request, z.unknown());
    const result = await sendBulkEmail(requestContext(context), admin, body);
    return jsonResponse({
      success: true,
      queued: result.queued,
      campaign: result.campaign,
      message: "Emails enviados correctamente",
    });
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("POST");
  });
}
