import { z } from "zod";
import { catalogSnapshot } from "~/domain/sales/catalog.server";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed, readQuery } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

const query = z.object({
  fairId: z.coerce
    .number({ error: "La feria no es válida" })
    .int("La feria no es válida")
    .positive("La feria no es válida")
    .optional(),
});

/**
 * GET /api/admin/ventas/catalogo[?fairId=N]: the sale page's catalogue snapshot, `{success, generatedAt, fairId,
 * books:[{id, title, author, isbn, sku, price, stock, cover}]}`. The sale page's service worker keeps the last
 * one, so the page can search and sell with no connection.
 */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const { fairId } = readQuery(request, query);
    return jsonResponse(
      { success: true, ...(await catalogSnapshot(context.db, fairId)) },
      {
        headers: { "Cache-Control": "private, no-cache" },
      },
    );
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
