import type { AppLoadContext } from "react-router";
import { NotFound } from "~/domain/errors";
import { resource } from "~/lib/http.server";
import { smallPage } from "~/lib/small-page.server";

const privateHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/*
 * A buyer's voucher download is a resource route (a PDF is not a page), so its 404 cannot be the shop
 * layout's: React Router hands a resource route's thrown error back as JSON. A visitor who follows a broken
 * link reads a small page in Spanish instead, with the shop's colours and a way back (docs/decisions/0029).
 */
function notFoundPage(text: string): string {
  return smallPage({
    title: "Factura no encontrada | Rizoma",
    code: 404,
    heading: "No encontramos esa factura",
    text,
    links: [
      { href: "/", label: "Volver a Rizoma" },
      { href: "/tienda", label: "Ir a la tienda" },
    ],
  });
}

/**
 * Answers `load()`'s PDF as a private download, or the small 404 page (`notFoundText` says where the buyer
 * finds the voucher) when it throws NotFound.
 */
export function voucherDownload(
  context: AppLoadContext,
  load: () => Promise<{ filename: string; pdf: Buffer }>,
  notFoundText: string,
): Promise<Response> {
  return resource(context, async () => {
    try {
      const { filename, pdf } = await load();
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
        return new Response(notFoundPage(notFoundText), {
          status: 404,
          headers: { ...privateHeaders, "Content-Type": "text/html; charset=utf-8" },
        });
      }
      throw error;
    }
  });
}
