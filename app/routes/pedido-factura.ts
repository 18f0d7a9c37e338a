import { NotFound } from "~/domain/errors";
import { buyerVoucherPdf } from "~/domain/invoices/buyer.server";
import { resource } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { Route } from "./+types/pedido-factura";

/*
 * A resource route (a PDF is not a page), so its 404 cannot be the shop layout's: React Router hands a
 * resource route's thrown error back as JSON. A visitor who follows a broken link reads this small page
 * in Spanish instead, with the shop's colours and a way back (docs/decisions/0029).
 */
const NOT_FOUND_PAGE = `<!DOCTYPE html>
<html lang="es-AR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Factura no encontrada | Rizoma</title>
<style>
body{margin:0;background:#f7f3ea;color:#1c1f1a;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;line-height:1.55}
main{max-width:36rem;margin:0 auto;padding:5rem 1rem;text-align:center}
h1{font-family:Georgia,'Times New Roman',serif;font-size:2rem;margin:1rem 0}
.code{font-family:Georgia,'Times New Roman',serif;font-size:4.5rem;font-weight:700;color:#1f4d3a;margin:0}
a{color:#1f4d3a;font-weight:600}
</style>
</head>
<body>
<main id="contenido">
<p class="code">404</p>
<h1>No encontramos esa factura</h1>
<p>El enlace está incompleto, venció o es de otro pedido. Abrí la factura desde el correo en el que te la mandamos o desde la página de tu pedido; si seguís sin poder descargarla, escribinos y te la reenviamos.</p>
<p><a href="/">Volver a Rizoma</a> · <a href="/tienda">Ir a la tienda</a></p>
</main>
</body>
</html>`;

const privateHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * GET /pedido/{number}/factura/{invoiceId}?token= : one issued voucher of the order, as a PDF download, for
 * whoever holds the order page's signed token. A wrong token, another order's voucher or one not yet
 * issued are the same 404.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return resource(context, async () => {
    const token = new URL(request.url).searchParams.get("token");
    try {
      const { filename, pdf } = await buyerVoucherPdf(requestContext(context), params.number, params.invoiceId, token);
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
