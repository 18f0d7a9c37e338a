import { Invalid } from "~/domain/errors";
import { scheduleCoverVariants } from "~/domain/images/variants.server";
import { storeCover } from "~/domain/uploads/uploads.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** POST /api/admin/uploads (multipart, field "file") -> 201 {success, url}: a cover for a book. */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      throw new Invalid("Mandá la imagen como multipart/form-data en el campo file");
    }
    const form = await request.formData().catch(() => {
      throw new Invalid("El formulario llegó dañado: volvé a elegir la imagen");
    });
    const file = form.get("file");
    if (!(file instanceof File)) throw new Invalid("Falta la imagen (campo file)");
    const url = await storeCover(context.db, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name });
    // Its variants are made in the background, before the shop shows the cover.
    scheduleCoverVariants([url]);
    return jsonResponse({ success: true, url }, { status: 201 });
  });
}

export const loader = () => methodNotAllowed("POST");
