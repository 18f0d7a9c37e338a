import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { type AppLoadContext, isRouteErrorResponse } from "react-router";
import type { ResourceRoute } from "~/resource-routes";

/**
 * Serves the resource routes (app/resource-routes.ts) from Express, outside React Router's route table,
 * with the contracts React Router gave them: the same `Request` (method, headers, streamed body, the URL
 * as React Router builds it), the same load context, `params` matched and decoded as React Router does,
 * `loader` for GET/HEAD/OPTIONS and `action` for POST/PUT/PATCH/DELETE, and the answer written the way
 * @react-router/express writes it (status, every header, each Set-Cookie, a streamed body). Why:
 * docs/decisions/0058-resource-routes-in-express.md.
 *
 * The only answers that differ are React Router's own English fallbacks, which now follow the shop's
 * contracts: a method the module has no function for is a 405 with Spanish JSON (React Router answered
 * `{"message":"Unexpected Server Error"}`), a thrown `data(...)` keeps its message, and an unexpected error
 * goes to the app's error handler (500, Spanish, JSON under /api/; 503 when the database is down) instead
 * of React Router's plain-text "Unexpected Server Error".
 */

export interface ResourceMatch {
  route: ResourceRoute;
  params: Record<string, string | undefined>;
}

interface CompiledRoute {
  route: ResourceRoute;
  matcher: RegExp;
  params: { name: string; optional: boolean }[];
  score: number;
}

const METHOD_NOT_ALLOWED = "Método no permitido";
const LOADER_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ACTION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** React Router's `compilePath` (end: true, case-insensitive): the same regular expression for a path. */
function compilePath(path: string): Pick<CompiledRoute, "matcher" | "params"> {
  const params: CompiledRoute["params"] = [];
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:([\w-]+)(\?)?/g, (_match, name: string, optional: string | undefined) => {
      params.push({ name, optional: optional != null });
      return optional ? "(?:/([^\\/]*))?" : "/([^\\/]+)";
    })
    .replace(/\/([\w-]+)\?(\/|$)/g, "(/$1)?$2")}`;
  if (path.endsWith("*")) {
    params.push({ name: "*", optional: false });
    source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  } else {
    source += "\\/*$";
  }
  return { matcher: new RegExp(source, "i"), params };
}

/** React Router's `computeScore`: static segments outrank dynamic ones, a splat ranks last. */
function computeScore(path: string): number {
  const segments = `/${path}`.split("/");
  const splat = segments.includes("*");
  return segments
    .filter((segment) => segment !== "*")
    .reduce(
      (score, segment) => score + (/^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10),
      segments.length + (splat ? -2 : 0),
    );
}

/** React Router's `decodePath`: each segment decoded, an escaped `/` kept escaped until the params are read. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/**
 * The table, compiled and ranked once (React Router ranks by score, ties in table order), and indexed by
 * the first segment: a page's path is looked up once and goes on to React Router.
 */
export function resourceMatcher(routes: readonly ResourceRoute[]): (pathname: string) => ResourceMatch | null {
  const compiled: CompiledRoute[] = routes
    .map((route) => ({ route, ...compilePath(route.path), score: computeScore(route.path) }))
    // Array.prototype.sort is stable: equal scores keep the table's order.
    .sort((a, b) => b.score - a.score);
  const byFirstSegment = new Map<string, CompiledRoute[]>();
  for (const entry of compiled) {
    const first = entry.route.path.split("/")[0]?.toLowerCase() ?? "";
    if (first.startsWith(":") || first === "*")
      throw new Error(`Resource route ${entry.route.path}: first segment must be static`);
    byFirstSegment.set(first, [...(byFirstSegment.get(first) ?? []), entry]);
  }
  return (pathname) => {
    const decoded = decodePath(pathname);
    const first = decoded.split("/")[1]?.toLowerCase() ?? "";
    const candidates = byFirstSegment.get(first);
    if (!candidates) return null;
    for (const entry of candidates) {
      const groups = entry.matcher.exec(decoded);
      if (!groups) continue;
      const params: Record<string, string | undefined> = {};
      entry.params.forEach(({ name, optional }, index) => {
        const value = groups[index + 1];
        params[name] = optional && !value ? undefined : (value ?? "").replace(/%2F/g, "/");
      });
      return { route: entry.route, params };
    }
    return null;
  };
}

const methodNotAllowed = (allow: string) =>
  Response.json(
    { success: false, error: METHOD_NOT_ALLOWED },
    { status: 405, headers: { Allow: allow, "Cache-Control": "no-store" } },
  );

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}
const isData = (value: unknown): value is DataWithInit =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/** A thrown `data(...)` (or route error response): its status and headers, its message as text or JSON. */
function errorAnswer(body: unknown, init: ResponseInit): Response {
  if (typeof body === "string") {
    const headers = new Headers(init.headers);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(body, { ...init, headers });
  }
  return Response.json(body ?? null, init);
}

/**
 * Runs the route's loader or action and gives its answer as a `Response`, as React Router's resource
 * handling would (a returned or thrown `Response` as it is; `data()` with its init; a string as text;
 * anything else as JSON). An unexpected error is thrown on, for the caller's error handling.
 */
export async function runResourceRoute(match: ResourceMatch, request: Request, context: AppLoadContext) {
  const module = await match.route.load();
  const method = request.method.toUpperCase();
  const handler = LOADER_METHODS.has(method) ? module.loader : ACTION_METHODS.has(method) ? module.action : undefined;
  if (!handler) {
    const allow = [module.loader ? "GET, HEAD" : "", module.action ? "POST" : ""].filter(Boolean).join(", ");
    return methodNotAllowed(allow);
  }
  let result: unknown;
  try {
    result = await handler.call(module, { request, params: match.params, context });
  } catch (error) {
    if (error instanceof Response) return error;
    if (isData(error)) return errorAnswer(error.data, { status: 500, ...error.init });
    if (isRouteErrorResponse(error)) return errorAnswer(error.data, { status: error.status });
    throw error;
  }
  if (result instanceof Response) return result;
  if (isData(result)) return Response.json(result.data, result.init ?? undefined);
  if (typeof result === "string") return new Response(result);
  if (result === undefined) {
    throw new Error(`Resource route ${match.route.path} (${match.route.file}) returned nothing for ${method}`);
  }
  return Response.json(result);
}

/** The URL React Router's Express adapter builds for a request (its host and port rules included). */
export function requestUrl(req: express.Request): URL {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const forwarded = Number.parseInt(forwardedPort ?? "", 10);
  const direct = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(direct) ? direct : "";
  const hostname = req.hostname?.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/**
 * The Fetch request React Router's Express adapter builds: every header, the body as a stream (not read
 * here, so the route's own limits apply), a signal aborted when the client goes away.
 */
export function fetchRequest(req: express.Request, res: express.Response, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Writes a Fetch answer to Express's response as @react-router/express does; HEAD gets no body. */
export async function sendResponse(req: express.Request, res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // Each Set-Cookie comes on its own from a Headers iteration.
  for (const [name, value] of response.headers) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body || req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * The Express middleware: a path in the table is answered here, with the load context React Router
 * would get (`loadContext`, server/app.ts); any other path goes on to React Router.
 */
export function resourceRoutesHandler(
  routes: readonly ResourceRoute[],
  loadContext: (req: express.Request, res: express.Response) => AppLoadContext,
): express.RequestHandler {
  const match = resourceMatcher(routes);
  return async (req, res, next) => {
    let url: URL;
    try {
      url = requestUrl(req);
    } catch (error) {
      return next(error);
    }
    // The path as React Router reads it (WHATWG's parser: dot segments resolved, `\` as `/`).
    const found = match(url.pathname);
    if (!found) return next();
    try {
      const request = fetchRequest(req, res, url);
      await sendResponse(req, res, await runResourceRoute(found, request, loadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
}
