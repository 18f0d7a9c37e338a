import { NotFound } from "~/domain/errors";
import { qrImage, qrPng } from "~/domain/prizes/prizes.server";
import { normaliseCode } from "~/domain/prizes/rules";
import { requireAdminApi } from "~/lib/admin.server";
import { api, methodNotAllowed } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /api/qr/admin/image/{code}.png|svg: the code's QR (for `{site}/qr/{code}`) as a download —
 * PNG for screens, SVG for print.
 */
export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    const match = /^([A-Za-z0-9]{1,8})\.(png|svg)$/.exec(params.file ?? "");
    if (!match?.[1] || !match[2]) throw new NotFound("Código QR no válido");
    const code = normaliseCode(match[1]);
    const headers = {
      "Content-Disposition": `attachment; filename="qr-${code}.${match[2]}"`,
      "Cache-Control": "no-store",
    };
    if (match[2] === "svg") {
      return new Response(await qrImage(context.config.publicUrl, code, "svg"), {
        headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" },
      });
    }
    return new Response(new Uint8Array(await qrPng(context.config.publicUrl, code)), {
      headers: { ...headers, "Content-Type": "image/png" },
    });
  });
}

export function action({ context }: ResourceArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
