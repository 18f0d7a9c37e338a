import { NotFound } from "~/domain/errors";
import { saleVoucherPdf } from "~/domain/invoices/buyer.server";
import { signedSale } from "~/domain/sales/receipt.server";
import { resource } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { smallPage } from "~/lib/small-page.server";
import type { Route } from "./+types/recibo-factura";

/*
 * A resource route (a PDF is not a page), so its 404 cannot be the shop layout's: React Router hands a
 * resource route's thrown error back as JSON. A visitor who follows a broken link reads this small page
 * in Spanish instead, with the shop's colours and a way back (docs/decisions/0029).
 */
const NOT_FOUND_PAGE = smallPage({
  title: "Factura no encontrada | Rizoma",
  code: 404,
  heading: "No encontramos esa factura",
  text: "El enlace está incompleto, venció o es de otra compra. Abrí la factura desde el comprobante de tu compra (el QR que te mostramos o el correo); si seguís sin poder descargarla, escribinos y te la reenviamos.",
  links: [
    { href: "/", label: "Volver a Rizoma" },
    { href: "/tienda", label: "Ir a la tienda" },
  ],
});

const privateHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * GET /recibo/{number}/factura/{invoiceId}?token= : one issued voucher of a counter or fair sale, as a PDF
 * download, for whoever holds the receipt's signed link. A wrong token, another sale's voucher or one not
 * yet issued are the same 404.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return resource(context, async () => {
    const token = new URL(request.url).searchParams.get("token");
    try {
      const ctx = requestContext(context);
      const { sale } = await signedSale(ctx, params.number, token);
      const { filename, pdf } = await saleVoucherPdf(ctx, sale.id, params.invoiceId);
      return new Response(new Uint8Array(pdf), {
        headers: {
          ...privateHeaders,
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Content-Length": String(pdf.length),
          "X-Content-Type-Options": "nosniff",
        },
      });
    } catch (error) {
      if (error instanceof NotFound) {
        return new Response(NOT_FOUND_PAGE, {
          status: 404,
          headers: { ...privateHeaders, "Content-Type": "text/html; charset=utf-8" },
        });
      }
      throw error;
    }
  });
}
