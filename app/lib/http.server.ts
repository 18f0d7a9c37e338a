import { type AppLoadContext, data, type HeadersFunction } from "react-router";
import { ZodError, type z } from "zod";
import { DomainError, Invalid, PayloadTooLarge, TooManyRequests, UnsupportedMediaType } from "~/domain/errors";
import { isDatabaseUnavailable } from "~db/errors";
import { zodMessage } from "./zod-spanish";

/** Largest JSON body any public endpoint accepts; a cart or a form is a few KB. */
export const MAX_JSON_BYTES = 64 * 1024;
/** Page forms without files (admin book form with a long description...). */
export const MAX_FORM_BYTES = 256 * 1024;
/** A multipart request: a 5 MB cover plus the rest of the form. */
export const MAX_UPLOAD_BODY_BYTES = 6 * 1024 * 1024;
/** The catalogue import (a 20 MB file plus the form) is the one larger upload. */
export const CATALOG_IMPORT_PATH = "/api/admin/books/import";
export const MAX_CATALOG_IMPORT_BODY_BYTES = 21 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = "El cuerpo de la solicitud es demasiado grande";
/** The database is down or restarting: nothing is wrong with the request, it can be sent again. */
export const DATABASE_UNAVAILABLE =
  "La base de datos no está disponible en este momento. Probá de nuevo en unos minutos.";

const noStore = { "Cache-Control": "no-store" };

export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  return Response.json(data, { ...init, headers: { ...noStore, ...init.headers } });
}

/**
 * The status and headers of a typed error's answer, for the API and for page actions alike: a refused
 * rate limit says in `Retry-After` how many seconds until it frees.
 */
export function errorInit(error: DomainError): { status: number; headers: Record<string, string> } {
  const headers: Record<string, string> =
    error instanceof TooManyRequests ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return { status: error.status, headers };
}

/**
 * `headers` of a page whose action or loader may be refused by a rate limit: React Router keeps only the
 * cookies of an action's or loader's headers unless the route passes them on, and a 429 page must say in
 * `Retry-After` when to try again.
 */
export const retryAfterHeaders: HeadersFunction = ({ parentHeaders, actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = [actionHeaders, loaderHeaders, errorHeaders].map((h) => h?.get("Retry-After")).find(Boolean);
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * Maps a thrown error to the API's `{success:false, error}` answer: typed errors keep their status, an
 * unreachable database is a 503, anything else a 500.
 */
export function apiError(error: unknown, context: Pick<AppLoadContext, "log" | "requestId">): Response {
  if (error instanceof DomainError) {
    return jsonResponse({ success: false, error: error.message, ...error.details }, errorInit(error));
  }
  if (error instanceof ZodError) {
    return jsonResponse({ success: false, error: zodMessage(error) }, { status: 400 });
  }
  if (isDatabaseUnavailable(error)) {
    context.log.warn({ err: error, requestId: context.requestId }, "database unavailable");
    return jsonResponse(
      { success: false, error: DATABASE_UNAVAILABLE },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
  context.log.error({ err: error, requestId: context.requestId }, "unhandled API error");
  return jsonResponse(
    { success: false, error: "Tuvimos un problema interno. Probá de nuevo en unos minutos." },
    { status: 500 },
  );
}

/** Runs an API handler and turns any thrown error into its JSON answer. */
export async function api(
  context: Pick<AppLoadContext, "log" | "requestId">,
  handler: () => Promise<Response>,
): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    return apiError(error, context);
  }
}

/**
 * Runs a resource route that answers neither JSON nor a page (the sitemap, an uploaded file): an
 * unreachable database is a 503 in plain text with Retry-After, as for pages and the API, instead of
 * React Router's 500 "Unexpected Server Error". Any other error goes on as it was.
 */
export function resource(
  context: Pick<AppLoadContext, "log" | "requestId">,
  handler: () => Promise<Response>,
): Promise<Response> {
  return handler().catch((error: unknown) => {
    if (!isDatabaseUnavailable(error)) throw error;
    context.log.warn({ err: error, requestId: context.requestId }, "database unavailable");
    return new Response(DATABASE_UNAVAILABLE, {
      status: 503,
      headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" },
    });
  });
}

/**
 * Reads a JSON body with a byte cap (checked while streaming, so a lying Content-Length does not help)
 * and validates it. Non-JSON, too large or wrong-shaped bodies become Spanish 4xx errors.
 */
export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new UnsupportedMediaType("El cuerpo debe ser JSON (Content-Type: application/json)");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw new PayloadTooLarge(TOO_LARGE_MESSAGE);
  const text = await readCapped(request, MAX_JSON_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(text, (key, value) => {
      // Never let a payload name an object's prototype, whatever schema reads it next.
      if (key === "__proto__") throw new Invalid("Campo no permitido: __proto__");
      // PostgreSQL text cannot hold a NUL byte: refuse it here rather than fail at the database.
      if ((typeof value === "string" && value.includes("\u0000")) || key.includes("\u0000")) {
        throw new Invalid("El texto tiene caracteres no válidos");
      }
      return value;
    });
  } catch (error) {
    if (error instanceof Invalid) throw error;
    throw new Invalid("El cuerpo no es un JSON válido");
  }
  return schema.parse(body);
}

async function readCapped(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new PayloadTooLarge(TOO_LARGE_MESSAGE);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Validates URL query parameters (`?page=2`) against a schema; errors are 400s in Spanish. */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  // fromEntries defines own properties, so "?__proto__=x" cannot reach a prototype.
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}

export function methodNotAllowed(allowed: string): Response {
  return jsonResponse({ success: false, error: "Método no permitido" }, { status: 405, headers: { Allow: allowed } });
}

/**
 * A page action's form. A body that is not a readable form (damaged multipart, a JSON body posted to a
 * page) or that carries a NUL byte (PostgreSQL text cannot hold one) is a 400 answer, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("El formulario llegó dañado o incompleto. Volvé a intentarlo.", { status: 400 });
  }
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      throw data("El formulario tiene caracteres no válidos.", { status: 400 });
    }
  }
  return form;
}
