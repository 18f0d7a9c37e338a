import type { Arca } from "~/integrations/arca/types";
import type { BookData } from "~/integrations/book-data/types";
import type { Carriers } from "~/integrations/carriers/types";
import type { MercadoPago } from "~/integrations/mercadopago/index.server";
import type { Db } from "~db/index";

/** The log lines a domain function writes (pino's logger fits). */
export interface DomainLog {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
}

/**
 * What a domain function may need from the request that calls it: the one shape for every area. A
 * function takes the whole thing or only the fields it reads (`Pick<RequestContext, "db" | "clientIp">`),
 * so tests and the server's own jobs build just those. Routes get it from React Router's load context
 * with `requestContext()` (app/lib/request-context.server.ts). Framework-free on purpose.
 */
export interface RequestContext {
  db: Db;
  /** The shop's absolute origin (PUBLIC_URL), for links in e-mails and payment hand-offs. */
  siteUrl: string;
  /** SESSION_SECRET, or null to use the key kept in the database: signs e-mailed links. */
  configuredSecret: string | null;
  /** SHOP_NOTIFY_EMAIL, or null for the contact e-mail of the settings. */
  shopEmail: string | null;
  /** The Mercado Pago link (real API, built-in sandbox), or null when payments are unavailable. */
  mercadoPago: MercadoPago | null;
  /** ARCA's electronic invoicing (real web services, the demo's sandbox, or off); absent in most tests. */
  arca?: Arca | null;
  /** Correo Argentino and Andreani (real clients, the demo's sandbox, or none); absent in most tests. */
  carriers?: Carriers | null;
  /** Open Library and Google Books (or the demo's sandbox), for the ISBN autofill; absent in most tests. */
  bookData?: BookData | null;
  log: DomainLog;
  /** The visitor's address, for the per-IP limits; absent when the server itself calls (jobs). */
  clientIp?: string;
}
