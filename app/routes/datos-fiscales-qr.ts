import { fiscalQrSvg, qrVersion } from "~/domain/settings/fiscal.server";
import { publicSettings } from "~/domain/settings/public-settings.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /datos-fiscales-qr.svg?v=…: the Data Fiscal QR drawn from ARCA's URL in the settings (the footer's
 * image when no picture of it was uploaded). Its address names the URL's digest, so the answer for the
 * current one is kept for good; another digest (a page cached before a change) still gets today's QR,
 * kept for a minute. No URL saved: 404.
 */
export async function loader({ request, context }: ResourceArgs) {
  const { qrUrl } = (await publicSettings(context.db)).sections.fiscal;
  if (!qrUrl) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const current = new URL(request.url).searchParams.get("v") === qrVersion(qrUrl);
  return new Response(await fiscalQrSvg(qrUrl), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=60",
    },
  });
}
