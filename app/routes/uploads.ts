import { NotFound } from "~/domain/errors";
import { readUpload } from "~/domain/uploads/uploads.server";
import { resource } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /uploads/{id}.{ext}: an uploaded cover, as it was uploaded. Uploads never change, so cache hard. */
export function loader({ params, request, context }: ResourceArgs<"file">) {
  return resource(context, async () => {
    try {
      const upload = await readUpload(context.db, params.file);
      const etag = `"${upload.sha256}"`;
      const headers = {
        "Content-Type": upload.contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
        ETag: etag,
        "X-Content-Type-Options": "nosniff",
      };
      if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
      return new Response(new Uint8Array(upload.bytes), { headers });
    } catch (error) {
      if (error instanceof NotFound) return new Response("Archivo no encontrado", { status: 404 });
      throw error;
    }
  });
}
