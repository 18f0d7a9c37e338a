import { z } from "zod";
import { createCode } from "~/domain/prizes/prizes.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readJson } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** POST /api/qr/admin/create {bookTitle, description?, code?, expiresAt?} -> 201 {success, data:{code, qrUrl, qrImage}, message}. */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readJson(request, z.unknown());
    const data = await createCode(context.db, admin, body, context.config.publicUrl);
    return jsonResponse(
      { success: true, data, message: `Código QR ${data.code} creado correctamente` },
      { status: 201 },
    );
  });
}

export function loader({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("POST");
  });
}
