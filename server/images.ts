import type { RequestHandler } from "express";
import { DomainError } from "~/domain/errors";
import { type OptimizerOptions, optimizeImage, parseImageRequest } from "~/domain/images/optimize.server";

export const IMAGE_ROUTE = "/api/images/optimize/";

/**
 * GET /api/images/optimize/{path}: an Express route (not a React Router resource route) because it
 * answers bytes and never needs the page machinery. Errors are the API's `{success:false, error}`.
 */
export function imageHandler(options: OptimizerOptions): RequestHandler {
  return async (req, res) => {
    try {
      const raw = req.path.slice(IMAGE_ROUTE.length);
      let decoded: string;
      try {
        decoded = decodeURIComponent(raw);
      } catch {
        decoded = "";
      }
      const query = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
      const request = parseImageRequest(decoded, query);
      const result = await optimizeImage(request, options);
      res
        .status(200)
        .set({
          "Content-Type": result.contentType,
          "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
          "X-Image-Cache": result.cached ? "hit" : "miss",
        })
        .send(result.bytes);
    } catch (error) {
      if (error instanceof DomainError) {
        res.status(error.status).set("Cache-Control", "no-store").json({ success: false, error: error.message });
        return;
      }
      res.locals.log?.error({ err: error }, "image optimisation failed");
      res.status(500).set("Cache-Control", "no-store").json({ success: false, error: "No se pudo procesar la imagen" });
    }
  };
}
