import type { Logger } from "pino";
import type { CustomerIdentity } from "~/domain/accounts/sessions.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import type { TiendanubeService } from "~/domain/tiendanube/service.server";
import type { Arca } from "~/integrations/arca/types";
import type { BookData } from "~/integrations/book-data/types";
import type { Carriers } from "~/integrations/carriers/types";
import type { MercadoPago } from "~/integrations/mercadopago/index.server";
import type { Db } from "~db/index";

/** Settings a request handler may read (never secrets it does not need). */
export interface AppConfig {
  /** Absolute origin of the shop, e.g. "https://rizoma.com.ar" (canonical URLs, sitemaps). */
  publicUrl: string;
  /** External storefront for "... EN TIENDA" hand-offs, or null. */
  storeUrl: string | null;
  /** Cookies get `Secure` when the shop is served over https. */
  secureCookies: boolean;
  /** SESSION_SECRET (signs e-mailed links), or null to use the key kept in the database. */
  configuredSecret: string | null;
  /** Sender of the shop's e-mails (MAIL_FROM). */
  mailFrom: string;
  /** Where the shop's own notices go (SHOP_NOTIFY_EMAIL), or null for the contact e-mail of the settings. */
  shopNotifyEmail: string | null;
}

/**
 * What every loader and action receives as `context` (built per request in server/app.ts). A type alias,
 * not an interface, so it satisfies React Router's index-signature `AppLoadContext`. Domain functions
 * never see it: routes hand them `requestContext(context)` (the domain's `RequestContext`).
 */
export type LoadContext = {
  db: Db;
  config: AppConfig;
  requestId: string;
  log: Logger;
  /** The signed-in admin (resolved from the session cookie by server/admin-gate.ts), or null. */
  admin: AdminIdentity | null;
  /** The session token from the cookie, when it named a live session. */
  sessionToken: string | null;
  /**
   * The admin's session as the step-up and the gate read it: when it last proved who holds it, whether it
   * may only enrol a second factor, and whether it is the shop's sale device.
   */
  adminSession?: { provedAt: Date; mustEnrol: boolean; saleDevice: boolean } | null;
  /** The password was right and the sign-in waits for the second factor (its e-mail, for the second step). */
  pendingSignIn?: { email: string } | null;
  /** The reader signed in to Mi cuenta (server/customer-session.ts), or null. */
  customer?: CustomerIdentity | null;
  /** Their session token, when the cookie named a live session. */
  customerToken?: string | null;
  /** The client's address (honours TRUST_PROXY), for rate limits. */
  clientIp: string;
  /** The Tienda Nube link, when TIENDANUBE_STORE_ID and TIENDANUBE_TOKEN are set (else null or absent). */
  tiendanube?: TiendanubeService | null;
  /** The Mercado Pago link (real API, built-in sandbox, or unavailable in production without MP). */
  mercadoPago?: MercadoPago | null;
  /** ARCA's electronic invoicing (real, the demo's sandbox, or off). */
  arca?: Arca | null;
  /** Correo Argentino and Andreani (real, the demo's sandbox, or none). */
  carriers?: Carriers | null;
  /** Open Library and Google Books (or the demo's sandbox), for the ISBN autofill. */
  bookData?: BookData | null;
  /**
   * The page cache is rendering this page for every visitor (server/page-cache.ts): wait for all
   * Suspense content, as for crawlers, so the stored page is complete without JavaScript.
   */
  completeRender?: boolean;
  /** This response's Content-Security-Policy nonce (server/csp.ts); absent in development. */
  cspNonce?: string;
};

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
