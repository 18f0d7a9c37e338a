import type { Db } from "~db/index";
import { mercadoPagoClient } from "./client.server";
import { type MercadoPagoSandbox, mercadoPagoSandbox } from "./sandbox.server";
import type { MercadoPagoApi } from "./types";

export { MercadoPagoError } from "./errors";
export type * from "./types";

/**
 * The shop's one Mercado Pago link (DESIGN §7), for box subscriptions and orders alike, as it is now:
 * - "live": MP_ACCESS_TOKEN is set; the real API, notifications signed with MP_WEBHOOK_SECRET;
 * - "sandbox": no token and the shop may simulate (a demo shop, or not production); the built-in sandbox;
 * - "unavailable": otherwise; paying is refused with a clear Spanish error.
 */
export interface MercadoPagoLink {
  mode: "live" | "sandbox" | "unavailable";
  api: MercadoPagoApi | null;
  sandbox: MercadoPagoSandbox | null;
  /** The secret notifications must be signed with; null when none can be checked (all refused). */
  webhookSecret(): Promise<string | null>;
  /**
   * The shop's point of sale at Mercado Pago (`external_pos_id`, MP_QR_POS_ID) that QR sales are charged
   * at; null when QR sales are not set up (the sandbox always has its own).
   */
  qrPosId: string | null;
}

/**
 * What the request context carries. Without credentials the answer can change while the server runs (the
 * admin takes a demo shop to production), so every payment asks for the link at that moment.
 */
export interface MercadoPago {
  current(): Promise<MercadoPagoLink>;
  /**
   * Whether it takes payments in a shop of this mode ("demo" | "live" | "plain"), without asking the
   * database: pages that only advertise it (instalments) read the mode from memory, so a page's render
   * costs no query and still renders while the database is away. A payment always asks `current()`.
   */
  takesPaymentsIn(mode: "demo" | "live" | "plain"): boolean;
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
  /** MP_QR_POS_ID: the point of sale (caja) created once at Mercado Pago for QR sales. */
  qrPosId?: string | null;
  timeoutMs?: number;
  retries?: number;
  /**
   * Whether the shop may simulate Mercado Pago now (app/domain/demo's maySimulate). Without it: only
   * outside production.
   */
  maySimulate?: () => Promise<boolean>;
}

const unavailable: MercadoPagoLink = {
  mode: "unavailable",
  api: null,
  sandbox: null,
  webhookSecret: async () => null,
  qrPosId: null,
};

/** The point of sale the built-in sandbox charges QR sales at. */
export const SANDBOX_QR_POS_ID = "RIZOMA-SANDBOX";

/** The link of a context that may have none (a test, a task): no Mercado Pago means unavailable. */
export async function mercadoPagoLink(mercadoPago: MercadoPago | null | undefined): Promise<MercadoPagoLink> {
  return mercadoPago ? mercadoPago.current() : unavailable;
}

export function createMercadoPago(setup: MercadoPagoSetup): MercadoPago {
  if (setup.accessToken) {
    const live: MercadoPagoLink = {
      mode: "live",
      api: mercadoPagoClient({
        apiBase: setup.apiBase,
        accessToken: setup.accessToken,
        timeoutMs: setup.timeoutMs,
        retries: setup.retries,
      }),
      sandbox: null,
      webhookSecret: async () => setup.webhookSecret,
      qrPosId: setup.qrPosId ?? null,
    };
    return { current: async () => live, takesPaymentsIn: () => true };
  }
  const sandbox = mercadoPagoSandbox({
    db: setup.db,
    siteUrl: setup.siteUrl,
    configuredSecret: setup.configuredSecret,
    webhookSecret: setup.webhookSecret,
  });
  const simulated: MercadoPagoLink = {
    mode: "sandbox",
    api: sandbox,
    sandbox,
    webhookSecret: () => sandbox.webhookSecret(),
    qrPosId: SANDBOX_QR_POS_ID,
  };
  const maySimulate = setup.maySimulate ?? (async () => setup.nodeEnv !== "production");
  return {
    current: async () => ((await maySimulate()) ? simulated : unavailable),
    // The same answer as app/domain/demo's maySimulate, for a mode already known.
    takesPaymentsIn: (mode) => mode === "demo" || (mode === "plain" && setup.nodeEnv !== "production"),
  };
}
