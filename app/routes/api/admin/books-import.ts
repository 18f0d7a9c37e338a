import { z } from "zod";
import { applyImport } from "~/domain/catalog-io/apply.server";
import { planImport } from "~/domain/catalog-io/plan.server";
import { type ImportEvent, previewJson } from "~/domain/catalog-io/preview";
import { readImportFile } from "~/domain/catalog-io/read-file.server";
import { MAX_IMPORT_BYTES, TOO_LARGE } from "~/domain/catalog-io/table";
import { DomainError, Invalid, PayloadTooLarge } from "~/domain/errors";
import { requireAdminApi } from "~/lib/admin.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

const modeSchema = z.enum(["preview", "apply"], { error: "Indicá mode=preview o mode=apply" });

/**
 * POST /api/admin/books/import (multipart: `file` = CSV, XLSX or ONIX; `mode` = preview | apply).
 * preview → `{success, format, rows, plan}`. apply → a streamed NDJSON answer: `progress` lines between
 * batches, then one `result` (or `error`: nothing was imported) line. The plan is computed again inside
 * the import's transaction, so an apply never trusts an earlier preview. Whole-file errors are 4xx JSON.
 */
export function action({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const admin = requireAdminApi(context);
    if (request.method !== "POST") return methodNotAllowed("POST");
    if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      throw new Invalid("Mandá el archivo como multipart/form-data en el campo file");
    }
    const form = await request.formData().catch(() => {
      throw new Invalid("El archivo llegó dañado o incompleto: volvé a elegirlo");
    });
    const mode = modeSchema.parse(form.get("mode"));
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) throw new Invalid("Elegí un archivo CSV, Excel (.xlsx) u ONIX");
    if (file.size > MAX_IMPORT_BYTES) throw new PayloadTooLarge(TOO_LARGE);
    const parsed = await readImportFile(new Uint8Array(await file.arrayBuffer()), file.name);
    if (mode === "preview") {
      const plan = await planImport(context.db, parsed.rows, parsed.warnings);
      return jsonResponse({ success: true, format: parsed.format, rows: parsed.rows.length, plan: previewJson(plan) });
    }
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (event: ImportEvent) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        try {
          const result = await applyImport(context.db, admin, parsed.rows, {
            site: requestContext(context),
            onProgress: ({ done, total }) => send({ type: "progress", done, total }),
          });
          send({ ...result, type: "result", errors: result.errors.length });
        } catch (error) {
          if (!(error instanceof DomainError)) {
            context.log.error({ err: error, requestId: context.requestId }, "catalogue import failed");
          }
          const message =
            error instanceof DomainError
              ? error.message
              : "Tuvimos un problema interno y no se importó nada. Probá de nuevo en unos minutos.";
          send({ type: "error", error: message });
        }
        controller.close();
      },
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        // no-transform: `compression` would hold the progress lines back until the end.
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
