import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import type { AppConfig, LoadContext } from "~/context";
import { isStockOnlyChange, onPublicPagesChanged } from "~/domain/cache/public-pages.server";
import type { TiendanubeService } from "~/domain/tiendanube/service.server";
import type { Arca } from "~/integrations/arca/types";
import type { BookData } from "~/integrations/book-data/types";
import type { Carriers } from "~/integrations/carriers/types";
import type { MercadoPago } from "~/integrations/mercadopago/index.server";
import {
  CATALOG_IMPORT_PATH,
  DATABASE_UNAVAILABLE,
  MAX_CATALOG_IMPORT_BODY_BYTES,
  MAX_FORM_BYTES,
  MAX_JSON_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  TOO_LARGE_MESSAGE,
} from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { resourceRoutes } from "~/resource-routes";
import type { Database } from "~db/connect";
import { isDatabaseUnavailable } from "~db/errors";
import { adminGate, adminSession, csrfGuard } from "./admin-gate";
import { controlRouter } from "./control";
import { hashPolicy, isAdminPath, newNonce, noncePolicy } from "./csp";
import { customerSession } from "./customer-session";
import { IMAGE_ROUTE, imageHandler } from "./images";
import { createPageCache } from "./page-cache";
import { resourceMatcher, resourceRoutesHandler, runResourceRoute } from "./resource-routes";
import { staticFiles } from "./static-files";

/** How much of an unread request body is drained so an early answer reaches the client intact. */
const MAX_DRAINED_BYTES = 16 * 1024 * 1024;

export interface AppOptions {
  database: Database;
  config: AppConfig;
  /** The React Router server build, or a function returning it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (hashed assets + copied public files); absent in development. */
  clientDir?: string;
  trustProxy?: number | string;
  /** Development: Vite's middleware serves and transforms the client files. */
  devMiddleware?: express.RequestHandler;
  /** Token for the loopback-only endpoints command-line tasks use (embedded database only). */
  controlToken?: string;
  /** The Tienda Nube link (syncs, webhooks), when the store is configured. */
  tiendanube?: TiendanubeService | null;
  /** The image endpoint (server/images.ts): public files, cache folder and remote-host policy. */
  images?: { publicDir: string; cacheDir: string; remoteHosts: string[]; production: boolean };
  /** Mercado Pago (real, sandbox or unavailable): box subscriptions and the payments webhook. */
  mercadoPago?: MercadoPago | null;
  /** ARCA's electronic invoicing (real, the demo's sandbox, or off). */
  arca?: Arca | null;
  /** Correo Argentino and Andreani (real, the demo's sandbox, or none). */
  carriers?: Carriers | null;
  /** Open Library and Google Books (or the demo's sandbox), for the ISBN autofill. */
  bookData?: BookData | null;
  /** The page cache's byte budget (PAGE_CACHE_MB); absent or null: no page cache (PAGE_CACHE=off, development). */
  pageCache?: { maxBytes: number } | null;
}

/**
 * The last answer to an error no route handled: 503 when the database is down, a client error's status, else
 * 500; Spanish, as JSON under /api/ and as text elsewhere.
 */
export const onError: ErrorRequestHandler = (error, req, res, _next) => {
  const unavailable = isDatabaseUnavailable(error);
  res.locals.log?.[unavailable ? "warn" : "error"]({ err: error }, "unhandled request error");
  if (res.headersSent) return;
  const clientError = typeof error?.status === "number" && error.status >= 400 && error.status < 500;
  const status = unavailable ? 503 : clientError ? error.status : 500;
  const message = unavailable
    ? DATABASE_UNAVAILABLE
    : status === 500
      ? "Tuvimos un problema interno. Probá de nuevo en unos minutos."
      : "Solicitud inválida";
  if (unavailable) res.set("Retry-After", "5");
  if (req.path.startsWith("/api/")) res.status(status).json({ success: false, error: message });
  else res.status(status).type("text/plain; charset=utf-8").send(message);
};

/**
 * Node's request listener for the app: a fresh page from the page cache is answered before Express
 * (see PageCache.serveHit); everything else goes through Express.
 */
export function requestListener(app: express.Express): RequestListener {
  const serveCachedPage = app.locals.serveCachedPage as
    | ((req: IncomingMessage, res: ServerResponse) => boolean)
    | undefined;
  if (!serveCachedPage) return app;
  return (req, res) => {
    if (!serveCachedPage(req, res)) app(req, res);
  };
}

/** The shop's HTTP surface: static files, health check, the resource routes (/api...), then React Router for pages. */
export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  if (options.trustProxy !== undefined) app.set("trust proxy", options.trustProxy);

  const policyBase = { secure: options.config.secureCookies, publicOrigin: new URL(options.config.publicUrl).origin };

  /**
   * What every answer carries, from Express or from the page cache's fast path (`serveCachedPage`), as a
   * flat header list (the form `writeHead` takes), the request id first.
   */
  const commonHeaderList = (req: IncomingMessage, path: string): string[] => {
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const headers = [
      "X-Request-Id",
      requestId,
      "X-Content-Type-Options",
      "nosniff",
      "Referrer-Policy",
      "strict-origin-when-cross-origin",
      // The admin is never framed by anyone, not even by the shop itself (clickjacking of its buttons).
      "X-Frame-Options",
      isAdminPath(path) ? "DENY" : "SAMEORIGIN",
    ];
    // Served over https: browsers must never come back over plain http (a year, as preload lists ask).
    if (options.config.secureCookies) headers.push("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    return headers;
  };
  const commonHeaders = (req: IncomingMessage, res: ServerResponse, path: string): string => {
    const headers = commonHeaderList(req, path);
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i] as string, headers[i + 1] as string);
    return headers[1] as string;
  };

  app.use((req, res, next) => {
    const requestId = commonHeaders(req, res, req.path);
    res.locals.requestId = requestId;
    res.locals.log = logger.child({ requestId });
    // Scripts only from here or with this response's nonce. Development (Vite's injected scripts) only
    // keeps the admin's frame-ancestors.
    if (options.devMiddleware) {
      if (isAdminPath(req.path)) res.setHeader("Content-Security-Policy", "frame-ancestors 'none'");
    } else {
      res.locals.cspNonce = newNonce();
      res.setHeader("Content-Security-Policy", noncePolicy(res.locals.cspNonce, { path: req.path, ...policyBase }));
    }
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      res.locals.log.info(
        { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms) },
        "request",
      );
    });
    next();
  });

  const mode = process.env.NODE_ENV === "development" ? "development" : "production";
  const loadContext = (req: express.Request, res: express.Response): LoadContext => ({
    db: options.database.db,
    config: options.config,
    requestId: res.locals.requestId,
    log: res.locals.log,
    admin: res.locals.admin ?? null,
    sessionToken: res.locals.sessionToken ?? null,
    adminSession: res.locals.adminSession ?? null,
    pendingSignIn: res.locals.pendingSignIn ?? null,
    customer: res.locals.customer ?? null,
    customerToken: res.locals.customerToken ?? null,
    cspNonce: res.locals.cspNonce,
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    tiendanube: options.tiendanube ?? null,
    mercadoPago: options.mercadoPago ?? null,
    arca: options.arca ?? null,
    carriers: options.carriers ?? null,
    bookData: options.bookData ?? null,
  });

  // A NUL byte can never be stored in PostgreSQL text. An API refuses it; a page drops it from the address,
  // so any query string still renders a page (spec: garbage in /tienda's address gives a valid page).
  app.use((req, res, next) => {
    if (!/%00/.test(req.originalUrl)) return next();
    if (req.path.startsWith("/api/")) {
      res.status(400).json({ success: false, error: "La dirección tiene caracteres no válidos" });
      return;
    }
    req.url = req.url.replace(/%00/g, "");
    req.originalUrl = req.originalUrl.replace(/%00/g, "");
    next();
  });

  // Before `compression` (cached bodies are stored compressed) and before the static files and the
  // session lookup (a hit should cost as little as possible). Pages are rendered for everyone: the
  // request carries only its URL and Accept, never the visitor's cookies.
  if (options.pageCache) {
    const renderPage = createReactRouterHandler(options.build, mode);
    const resourceRoute = resourceMatcher(resourceRoutes);
    const origin = new URL(options.config.publicUrl).origin;
    const pageCache = createPageCache({
      maxBytes: options.pageCache.maxBytes,
      // A stored page is served with other requests' nonces: its policy names by hash the inline scripts
      // its render wrote (those with the render's own nonce), never any other script in the HTML.
      htmlPolicy: (html, path, scriptNonce) => hashPolicy(html, scriptNonce, { path, ...policyBase }),
      render: async (req, res, scriptNonce) => {
        const request = new Request(`${origin}${req.originalUrl}`, { headers: { accept: req.get("accept") ?? "*/*" } });
        const context = {
          ...loadContext(req, res),
          admin: null,
          sessionToken: null,
          customer: null,
          customerToken: null,
          cspNonce: scriptNonce,
          completeRender: true,
        };
        // The cacheable JSON endpoints are resource routes, served outside React Router (below).
        const resource = resourceRoute(new URL(request.url).pathname);
        const response = resource
          ? await runResourceRoute(resource, request, context)
          : await renderPage(request, context);
        // An answer that is not stored (a 404, say) goes only to this request, with the render's nonce.
        response.headers.set("Content-Security-Policy", noncePolicy(scriptNonce, { path: req.path, ...policyBase }));
        return response;
      },
    });
    onPublicPagesChanged((reason) => {
      if (isStockOnlyChange(reason)) pageCache.markStale();
      else pageCache.clear();
      logger.debug({ reason }, "page cache cleared");
    });
    app.use(pageCache.middleware);
    app.locals.serveCachedPage = (req: IncomingMessage, res: ServerResponse): boolean =>
      pageCache.serveHit(req, res, (path) => {
        const headers = commonHeaderList(req, path);
        if (logger.isLevelEnabled("info")) {
          const requestId = headers[1];
          const started = process.hrtime.bigint();
          res.once("finish", () => {
            const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
            logger.info({ requestId, method: req.method, url: req.url, status: res.statusCode, ms }, "request");
          });
        }
        return headers;
      });
  }

  app.use(compression());

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDir) {
    // Hashed assets never change under their name: kept a year, never revalidated; with their brotli and
    // gzip copies from the build (server/static-files.ts).
    app.use("/assets", staticFiles(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  // An answer given before the request's body arrived (413, 401, 404...) would otherwise be followed by
  // Node closing the socket with the body unread: the client gets a reset instead of our message. So the
  // end of the answer waits for the body to drain, up to a bound past which the reset is the lesser harm.
  app.use((req, res, next) => {
    const declared = Number(req.get("content-length") ?? 0);
    if (req.method === "GET" || req.method === "HEAD" || declared > MAX_DRAINED_BYTES) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      // React Router owns the body stream once a route runs (it pauses it): only our early answers drain.
      if (req.complete || req.readableEnded || req.destroyed || res.locals.routed) return end(...args);
      let drained = 0;
      req.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > MAX_DRAINED_BYTES) req.destroy();
      });
      req.once("end", () => end(...args));
      req.once("close", () => {
        if (!res.writableEnded) end(...args);
      });
      req.resume();
      return res;
    }) as typeof res.end;
    next();
  });

  // Refuse a declared oversized body before anyone reads it. The connection stays open and Node drains
  // the rest, so the client reads this answer instead of a reset.
  // Uploads (multipart) may be larger, up to a cover's 5 MB plus the form; they must say their size.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const multipart = (req.get("content-type") ?? "").startsWith("multipart/form-data");
    const declared = req.get("content-length");
    const upload = req.path === CATALOG_IMPORT_PATH ? MAX_CATALOG_IMPORT_BODY_BYTES : MAX_UPLOAD_BODY_BYTES;
    const limit = multipart ? upload : req.path.startsWith("/api/") ? MAX_JSON_BYTES : MAX_FORM_BYTES;
    const tooLarge = Number(declared ?? 0) > limit;
    if (!tooLarge && !(multipart && declared === undefined)) return next();
    const status = tooLarge ? 413 : 411;
    const error = tooLarge ? TOO_LARGE_MESSAGE : "Falta el tamaño del archivo (Content-Length)";
    if (req.path.startsWith("/api/")) res.status(status).json({ success: false, error });
    else res.status(status).type("text/plain; charset=utf-8").send(error);
  });

  app.get("/healthz", async (_req, res) => {
    try {
      await options.database.ping();
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", error: "La base de datos no responde" });
    }
  });

  if (options.images) {
    const { publicDir, cacheDir, remoteHosts, production } = options.images;
    app.get(
      `${IMAGE_ROUTE}{*path}`,
      imageHandler({
        db: options.database.db,
        publicDir,
        cacheDir,
        remote: { allowedHosts: remoteHosts, production },
      }),
    );
  }

  if (options.controlToken)
    app.use(
      "/internal",
      controlRouter(
        options.database.db,
        options.controlToken,
        options.tiendanube ?? null,
        options.database.pglite ?? null,
      ),
    );

  app.use(csrfGuard(options.config.publicUrl));
  app.use(adminSession(options.database.db, options.config.secureCookies));
  app.use(adminGate());
  app.use(customerSession(options.database.db, options.config.secureCookies));

  app.all("/{*splat}", (_req, res, next) => {
    res.locals.routed = true;
    next();
  });
  // JSON, files and feeds (app/resource-routes.ts) are answered here, so React Router's route table holds
  // only pages (docs/decisions/0058-resource-routes-in-express.md); everything above applies to both.
  app.use(resourceRoutesHandler(resourceRoutes, loadContext));
  app.all("/{*splat}", createRequestHandler({ build: options.build, mode, getLoadContext: loadContext }));

  app.use(onError);
  return app;
}
