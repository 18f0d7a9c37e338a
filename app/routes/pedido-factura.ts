import { buyerVoucherPdf } from "~/domain/invoices/buyer.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { voucherDownload } from "~/lib/voucher-download.server";

/**
 * GET /pedido/{number}/factura/{invoiceId}?token= : one issued voucher of the order, as a PDF download, for
 * whoever holds the order page's signed token. A wrong token, another order's voucher or one not yet
 * issued are the same 404 (a small page in Spanish).
 */
export function loader({ params, request, context }: ResourceArgs<"number" | "invoiceId">) {
  const token = new URL(request.url).searchParams.get("token");
  return voucherDownload(
    context,
    () => buyerVoucherPdf(requestContext(context), params.number, params.invoiceId, token),
    "El enlace está incompleto, venció o es de otro pedido. Abrí la factura desde el correo en el que te la mandamos o desde la página de tu pedido; si seguís sin poder descargarla, escribinos y te la reenviamos.",
  );
}
