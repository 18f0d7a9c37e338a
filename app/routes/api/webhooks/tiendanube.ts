import { receiveTiendanubeNotification } from "~/domain/tiendanube/webhook.server";
import { jsonResponse, MAX_JSON_BYTES, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * POST /api/webhooks/tiendanube: Tienda Nube's product notifications; see the domain function. The
 * signature covers the exact bytes received, which reach here unparsed (no body parser runs before
 * React Router); a body over the size limit is refused like an unsigned one.
 */
export async function action({ request, context }: ResourceArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const raw = new Uint8Array(await request.arrayBuffer());
  const outcome = await receiveTiendanubeNotification(
    { tiendanube: context.tiendanube ?? null, log: context.log },
    { headers: request.headers, raw: raw.byteLength > MAX_JSON_BYTES ? null : raw },
  );
  return jsonResponse(outcome.body, { status: outcome.status });
}

export const loader = () => methodNotAllowed("POST");
