import { saleVoucherPdf } from "~/domain/invoices/buyer.server";
import { signedSale } from "~/domain/sales/receipt.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";
import { voucherDownload } from "~/lib/voucher-download.server";

/**
 * GET /recibo/{number}/factura/{invoiceId}?token= : one issued voucher of a counter or fair sale, as a PDF
 * download, for whoever holds the receipt's signed link. A wrong token, another sale's voucher or one not
 * yet issued are the same 404 (a small page in Spanish).
 */
export function loader({ params, request, context }: ResourceArgs<"number" | "invoiceId">) {
  const token = new URL(request.url).searchParams.get("token");
  return voucherDownload(
    context,
    async () => {
      const ctx = requestContext(context);
      const { sale } = await signedSale(ctx, params.number, token);
      return saleVoucherPdf(ctx, sale.id, params.invoiceId);
    },
    "El enlace está incompleto, venció o es de otra compra. Abrí la factura desde el comprobante de tu compra (el QR que te mostramos o el correo); si seguís sin poder descargarla, escribinos y te la reenviamos.",
  );
}
