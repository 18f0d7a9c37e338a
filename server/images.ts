import type { RequestHandler } from "express";
import { DomainError } from "~/domain/errors";
import { type OptimizerOptions, optimizeImage, parseImageRequest } from "~/domain/images/optimize.server";

export const IMAGE_ROUTE = "/api/images/optimize/";

/** `v` names the original the bytes were made from: that URL's answer never changes. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** No `v`, or one that is not the current original's: a day, then revalidated in the background. */
export const SHORT_CACHE = "public, max-age=86400, stale-while-revalidate=604800";

/**
 * GET /api/images/optimize/{path}: an Express route (not a React Router resource route) because it
 * answers bytes and never needs the page machinery. Errors are the API's `{success:false, error}`.
 * Caching: immutable for a year when `v` is the original's current version, else SHORT_CACHE
 * (docs/decisions/0012-cover-variants.md).
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
      const request = parseImageRequest(decoded, query, req.get("accept") ?? "");
      const result = await optimizeImage(request, options);
      res.status(200).set({
        "Content-Type": result.contentType,
        "Cache-Control": result.immutable ? IMMUTABLE_CACHE : SHORT_CACHE,
        "X-Image-Cache": result.cached ? "hit" : "miss",
      });
      // Without `f` the format came from Accept: shared caches must keep one answer per Accept.
      if (request.negotiated) res.vary("Accept");
      res.send(result.bytes);
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
