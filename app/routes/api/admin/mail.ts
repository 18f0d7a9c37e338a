import { listOutbox, outboxCounts, outboxJson, outboxQuery } from "~/domain/mail/outbox.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readQuery } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/mail?estado=queued|sending|sent|failed&pagina=: the outbox, newest first, and the counts. */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const query = readQuery(request, outboxQuery);
    const page = query.pagina ?? 1;
    const [{ rows, total }, counts] = await Promise.all([
      listOutbox(context.db, { status: query.estado, page }),
      outboxCounts(context.db),
    ]);
    return jsonResponse({
      success: true,
      messages: rows.map(outboxJson),
      counts,
      pagination: { page, limit: 50, total, totalPages: Math.max(1, Math.ceil(total / 50)) },
    });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
