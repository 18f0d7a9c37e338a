import type { AppLoadContext } from "react-router";
import { logger } from "~/lib/logger.server";
import type { Database } from "~db/connect";

/** The `context` a loader or action receives in the running app, for calling routes directly in tests. */
export function routeContext(database: Database, overrides: Partial<AppLoadContext> = {}): AppLoadContext {
  return {
    db: database.db,
    config: {
      publicUrl: "http://localhost:3000",
      storeUrl: null,
      secureCookies: false,
      configuredSecret: null,
      mailFrom: "Rizoma <hola@rizoma.test>",
      shopNotifyEmail: null,
    },
    requestId: "test",
    log: logger,
    admin: null,
    sessionToken: null,
    clientIp: "127.0.0.1",
    ...overrides,
  };
}

/** Arguments for a route module's loader/action: `await loader(args("/api/books?page=2", db))`. */
export function routeArgs(
  url: string,
  database: Database,
  init: {
    params?: Record<string, string>;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    context?: Partial<AppLoadContext>;
  } = {},
) {
  const absolute = new URL(url, "http://localhost:3000");
  return {
    url: absolute,
    pattern: "",
    request: new Request(absolute, {
      method: init.method ?? "GET",
      body: init.body,
      headers: init.headers,
    }),
    params: init.params ?? {},
    context: routeContext(database, init.context),
  };
}
