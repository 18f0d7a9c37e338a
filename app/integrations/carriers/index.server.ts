import { andreaniClient } from "./andreani.server";
import type { CarriersConfig } from "./config";
import { correoArgentinoClient } from "./correo-argentino.server";
import { cachedCarrier } from "./quote-cache";
import { sandboxCarriers } from "./sandbox.server";
import type { Carrier, Carriers } from "./types";

export { type CarriersConfig, CarriersConfigError, carriersConfig } from "./config";
export { CarrierRejected, CarrierUnavailable } from "./errors";
export type * from "./types";

export interface CarriersSetup {
  /** From `carriersConfig` (server/env.ts). */
  config: CarriersConfig;
  /** Whether the shop is a demo now (app/domain/demo): only then, and only without real carriers, the sandbox. */
  isDemo: () => Promise<boolean>;
  /** The sandbox's clock (tests move it); its parcels advance with the time since they were created. */
  now?: () => Date;
}

type CarriersNow = Awaited<ReturnType<Carriers["current"]>>;

/** The carriers of a context that may carry none (a test, a task): none means off. */
export async function currentCarriers(carriers: Carriers | null | undefined): Promise<CarriersNow> {
  return carriers ? carriers.current() : { mode: "off", carriers: [] };
}

/**
 * The shop's carriers (types.ts `Carriers`): the configured real ones, whatever else holds; without any,
 * the sandbox's two while the shop is a demo (asked at every call: a demo can go to production), else none.
 */
export function createCarriers(setup: CarriersSetup): Carriers {
  const live: Carrier[] = [];
  const { config } = setup;
  // Quotes and branch lists come from a short cache (quote-cache.ts); shipments and tracking never do.
  if (config.correoArgentino) live.push(cachedCarrier(correoArgentinoClient(config.correoArgentino, config.timeoutMs)));
  if (config.andreani) live.push(cachedCarrier(andreaniClient(config.andreani, config.timeoutMs)));
  if (live.length > 0) {
    const answer = { mode: "live" as const, carriers: live };
    return { current: async () => answer };
  }
  const sandbox = sandboxCarriers({ now: setup.now ?? (() => new Date()) }).map((carrier) => cachedCarrier(carrier));
  const demo: CarriersNow = { mode: "sandbox", carriers: sandbox };
  const off: CarriersNow = { mode: "off", carriers: [] };
  return { current: async () => ((await setup.isDemo()) ? demo : off) };
}
