import type { AppLoadContext } from "react-router";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
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
    // A session that just signed in: its proof is fresh, so actions behind a step-up go on (tests of the
    // step-up pass an older `provedAt`).
    adminSession: { provedAt: new Date(), mustEnrol: false, saleDevice: false },
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

export type RouteInit = NonNullable<Parameters<typeof routeArgs>[2]> & { asAdmin?: boolean };

/**
 * `call(handler, url, init)`: runs a resource route's loader or action as a request to `url` would, signed
 * in as `admin` unless `asAdmin: false` (`init.context` overrides the rest of the context), and answers
 * `{status, body}`: a JSON body parsed, any other as its bytes.
 */
export function routeCaller(database: Database, admin: AdminIdentity | null = null) {
  return async function call(
    handler: unknown,
    url: string,
    { asAdmin = true, ...init }: RouteInit = {},
    // biome-ignore lint/suspicious/noExplicitAny: tests read many JSON answer shapes.
  ): Promise<{ status: number; body: any }> {
    const context = { admin: asAdmin ? admin : null, ...init.context };
    const run = handler as (args: ReturnType<typeof routeArgs>) => Promise<Response> | Response;
    const response = await run(routeArgs(url, database, { ...init, context }));
    const json = (response.headers.get("content-type") ?? "").includes("json");
    return { status: response.status, body: json ? await response.json() : await response.arrayBuffer() };
  };
}
