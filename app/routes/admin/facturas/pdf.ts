import { DomainError } from "~/domain/errors";
import { invoicePdf } from "~/domain/invoices/document.server";
import { requireAdmin } from "~/lib/admin.server";
import { resource } from "~/lib/http.server";
import { parseId } from "~/lib/params";
import type { ResourceArgs } from "~/lib/resource-route";

const plain = (message: string, status: number) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** GET /admin/facturas/{id}/pdf: an issued voucher's PDF, as a download; anything else is a 404 in words. */
export function loader({ request, params, context }: ResourceArgs) {
  return resource(context, async () => {
    requireAdmin(request, context);
    const id = parseId(params.id);
    if (id === null) return plain("No encontramos esa factura.", 404);
    try {
      const { filename, pdf } = await invoicePdf(context.db, id);
      return new Response(new Uint8Array(pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Cache-Control": "no-store",
        },
      });
    } catch (error) {
      if (error instanceof DomainError) return plain(error.message, error.status);
      throw error;
    }
  });
}
