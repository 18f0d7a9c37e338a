import type { Db } from "~db/index";
import type { ArcaConfig } from "./config";
import { arcaSandbox } from "./sandbox.server";
import type { Arca, ArcaLink } from "./types";
import { arcaClient } from "./wsfe.server";

export { type ArcaConfig, ArcaConfigError, arcaConfig } from "./config";
export { ArcaInternalError, ArcaRejected, ArcaUnavailable } from "./errors";
export type * from "./types";

/** Why nothing is sent (the admin reads it on the invoices page). */
export const ARCA_OFF_REASON = "Falta configurar ARCA: ARCA_CUIT, ARCA_CERT y ARCA_KEY";

/** The sandbox's issuer when the shop has no CUIT in its fiscal settings yet (a valid CUIT, check digit included). */
export const SANDBOX_FALLBACK_CUIT = "20111111112";

export interface ArcaSetup {
  db: Db;
  /** From `arcaConfig` (server/env.ts): null without ARCA_CUIT, ARCA_CERT and ARCA_KEY. */
  config: ArcaConfig | null;
  /** Whether the shop is a demo now (app/domain/demo): only then does the sandbox issue test vouchers. */
  isDemo: () => Promise<boolean>;
  /** The shop's CUIT from its fiscal settings (any format), printed on the sandbox's vouchers; null when unset. */
  sandboxCuit?: () => Promise<string | null>;
  /** Each SOAP call to ARCA, in ms (default 20 s). */
  timeoutMs?: number;
}

const off: ArcaLink = { mode: "off", api: null, reason: ARCA_OFF_REASON };

/** The link of a context that may carry no ARCA (a test, a task): none means off. */
export async function arcaLink(arca: Arca | null | undefined): Promise<ArcaLink> {
  return arca ? arca.current() : off;
}

/**
 * The shop's ARCA (types.ts `Arca`): live with credentials, whatever else holds; without them, the sandbox
 * while the shop is a demo (asked at every call: a demo shop can go to production) and off otherwise.
 */
export function createArca(setup: ArcaSetup): Arca {
  if (setup.config) {
    const live: ArcaLink = {
      mode: "live",
      api: arcaClient({ db: setup.db, config: setup.config, timeoutMs: setup.timeoutMs }),
      reason: null,
    };
    return { current: async () => live };
  }
  return {
    async current() {
      if (!(await setup.isDemo())) return off;
      const cuit = ((await setup.sandboxCuit?.()) ?? "").replace(/\D/g, "");
      return {
        mode: "sandbox",
        api: arcaSandbox(setup.db, /^\d{11}$/.test(cuit) ? cuit : SANDBOX_FALLBACK_CUIT),
        reason: null,
      };
    },
  };
}
