import { getSection } from "~/domain/settings/settings.server";
import type { AlertSite } from "~/domain/stock-alerts/release.server";
import { TiendanubeClient } from "~/integrations/tiendanube/client.server";
import type { StoreCatalog } from "~/integrations/tiendanube/store-catalog";
import { logger } from "~/lib/logger.server";
import type { Db } from "~db/index";
import { claimSync, executeSync, runSync, SyncAlreadyRunning, syncProduct } from "./sync.server";
import { readSyncState, type SyncKind, type SyncState } from "./sync-state.server";

/**
 * The running shop's Tienda Nube link (exists only when TIENDANUBE_STORE_ID and TIENDANUBE_TOKEN are
 * set): background syncs for the admin button, webhook refetches, and the periodic incremental sync.
 */
export class TiendanubeService {
  private readonly background = new Set<Promise<unknown>>();
  /** Product refetches in flight; `again` when a webhook arrived meanwhile, so the newest state wins. */
  private readonly refetches = new Map<string, { again: boolean }>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    readonly catalog: StoreCatalog,
    /** `site`: the shop's address and link key for the restock alerts a sync fires. */
    readonly config: { storeId: string; appSecret: string | null; site: AlertSite },
  ) {}

  /**
   * Starts a sync in the background and answers at once: `started: false` when one is already running
   * (here or on another instance). Progress is read with `status()`.
   */
  async startSync(kind: SyncKind): Promise<{ started: boolean; state: SyncState }> {
    const claimed = await claimSync(this.db, kind);
    if (!claimed) return { started: false, state: await readSyncState(this.db) };
    this.track(
      executeSync(this.db, this.catalog, claimed, this.config.site).catch((error) =>
        logger.error({ err: error, kind }, "tiendanube sync failed"),
      ),
    );
    return { started: true, state: await readSyncState(this.db) };
  }

  status(): Promise<SyncState> {
    return readSyncState(this.db);
  }

  /** A webhook's product: refetched in the background (a burst of webhooks for one product: one or two fetches). */
  refetchProduct(productId: string): void {
    const pending = this.refetches.get(productId);
    if (pending) {
      pending.again = true;
      return;
    }
    const entry = { again: false };
    this.refetches.set(productId, entry);
    const work = (async () => {
      try {
        do {
          entry.again = false;
          const outcome = await syncProduct(this.db, this.catalog, productId, this.config.site);
          logger.info({ productId, outcome }, "tiendanube product refetched");
        } while (entry.again && !this.stopped);
      } catch (error) {
        logger.error({ err: error, productId }, "tiendanube product refetch failed");
      } finally {
        this.refetches.delete(productId);
      }
    })();
    this.track(work);
  }

  /** Runs an incremental sync every `syncIntervalMinutes` (read from the settings before each wait). */
  startTimer(): void {
    const schedule = async () => {
      if (this.stopped) return;
      const minutes = await getSection(this.db, "tiendanube")
        .then((section) => section.syncIntervalMinutes)
        .catch(() => 15);
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        const run = runSync(this.db, this.catalog, "incremental", this.config.site)
          .catch((error) => {
            if (!(error instanceof SyncAlreadyRunning))
              logger.warn({ err: error }, "tiendanube incremental sync failed");
          })
          .finally(() => void schedule());
        this.track(run);
      }, minutes * 60_000);
      this.timer.unref();
    };
    void schedule();
  }

  /** Stops the timer and waits (up to `graceMs`) for background work, before the database closes. */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.race([this.idle(), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  }

  /** Resolves when no background work is left (tests wait on it). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private track(work: Promise<unknown>) {
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }
}

/** The service for the configured store, or null when the store id or the token is missing. */
export function createTiendanubeService(
  db: Db,
  config: { apiBase: string; storeId: string | null; token: string | null; appSecret: string | null },
  contactEmail: string,
  site: AlertSite,
): TiendanubeService | null {
  if (!config.storeId || !config.token) return null;
  const client = new TiendanubeClient({
    apiBase: config.apiBase,
    storeId: config.storeId,
    token: config.token,
    userAgent: `Rizoma (${contactEmail})`,
  });
  return new TiendanubeService(db, client, { storeId: config.storeId, appSecret: config.appSecret, site });
}
