import type { Logger } from "pino";
import type { Db } from "~db/index";

/** Settings a request handler may read (never secrets it does not need). */
export interface AppConfig {
  /** Absolute origin of the shop, e.g. "https://rizoma.com.ar" (canonical URLs, sitemaps). */
  publicUrl: string;
  /** External storefront for "... EN TIENDA" hand-offs, or null. */
  storeUrl: string | null;
}

/**
 * What every loader and action receives as `context` (built per request in server/app.ts). A type alias,
 * not an interface, so it satisfies React Router's index-signature `AppLoadContext`.
 */
export type RequestContext = {
  db: Db;
  config: AppConfig;
  requestId: string;
  log: Logger;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
