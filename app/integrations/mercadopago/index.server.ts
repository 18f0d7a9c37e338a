import type { Db } from "~db/index";
import { mercadoPagoClient } from "./client.server";
import { type MercadoPagoSandbox, mercadoPagoSandbox } from "./sandbox.server";
import type { MercadoPagoApi } from "./types";

export { MercadoPagoError } from "./errors";
export type * from "./types";

/**
 * The shop's one Mercado Pago link (DESIGN §7), for box subscriptions and orders alike:
 * - "live": MP_ACCESS_TOKEN is set; the real API, notifications signed with MP_WEBHOOK_SECRET;
 * - "sandbox": no token and not production; the built-in sandbox (a local checkout page);
 * - "unavailable": production without MP: paying is refused with a clear Spanish error.
 */
export interface MercadoPago {
  mode: "live" | "sandbox" | "unavailable";
  api: MercadoPagoApi | null;
  sandbox: MercadoPagoSandbox | null;
  /** The secret notifications must be signed with; null when none can be checked (all refused). */
  webhookSecret(): Promise<string | null>;
}

export const PAYMENTS_UNAVAILABLE =
  "Los pagos con Mercado Pago no están configurados en este sitio: por ahora no podemos tomar suscripciones. Escribinos y te ayudamos.";

export interface MercadoPagoSetup {
  db: Db;
  nodeEnv: "development" | "production" | "test";
  siteUrl: string;
  configuredSecret: string | null;
  apiBase: string;
  accessToken: string | null;
  webhookSecret: string | null;
  timeoutMs?: number;
  retries?: number;
}

export function createMercadoPago(setup: MercadoPagoSetup): MercadoPago {
  if (setup.accessToken) {
    return {
      mode: "live",
      api: mercadoPagoClient({
        apiBase: setup.apiBase,
        accessToken: setup.accessToken,
        timeoutMs: setup.timeoutMs,
        retries: setup.retries,
      }),
      sandbox: null,
      webhookSecret: async () => setup.webhookSecret,
    };
  }
  if (setup.nodeEnv === "production") {
    return { mode: "unavailable", api: null, sandbox: null, webhookSecret: async () => null };
  }
  const sandbox = mercadoPagoSandbox({
    db: setup.db,
    siteUrl: setup.siteUrl,
    configuredSecret: setup.configuredSecret,
    webhookSecret: setup.webhookSecret,
  });
  return { mode: "sandbox", api: sandbox, sandbox, webhookSecret: () => sandbox.webhookSecret() };
}
