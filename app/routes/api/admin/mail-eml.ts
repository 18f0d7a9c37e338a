import { getOutboxMessage } from "~/domain/mail/outbox.server";
import { buildRawMessage } from "~/integrations/mail/transport.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, methodNotAllowed } from "~/lib/http.server";
import { idParam } from "~/lib/params";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/admin/mail/{id}/eml: the message exactly as it goes out, to open in a mail program. */
export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const row = await getOutboxMessage(context.db, idParam(params.id, "No encontramos ese correo"));
    const raw = await buildRawMessage({
      messageId: row.messageId,
      from: context.config.mailFrom,
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: row.headers,
      date: row.createdAt,
    });
    return new Response(new Uint8Array(raw), {
      headers: {
        "Content-Type": "message/rfc822",
        "Content-Disposition": `attachment; filename="correo-${row.id}.eml"`,
        "Cache-Control": "no-store",
      },
    });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
