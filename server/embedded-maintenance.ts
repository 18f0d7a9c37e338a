import type { Logger } from "pino";
import type { Database } from "~db/connect";

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 6 * 60 * 60_000;

/**
 * The embedded database (PGlite) runs no autovacuum: without this its planner statistics would stay as
 * they were at the last migration, and dead rows from updates would never be reclaimed. So the process
 * that holds DATA_DIR runs `VACUUM (ANALYZE)` a minute after it starts and every six hours. PostgreSQL
 * does this by itself (autovacuum), so there it is a no-op. Returns the stop function.
 */
export function startEmbeddedMaintenance(database: Database, log: Logger): { stop(): Promise<void> } {
  const pglite = database.pglite;
  if (!pglite) return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    const started = Date.now();
    running = vacuumAnalyze(database)
      .then(() => log.info({ ms: Date.now() - started }, "embedded database: vacuum and analyze done"))
      .catch((error) => log.warn({ err: error }, "embedded database: vacuum and analyze failed"))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

/** VACUUM cannot run inside a transaction, so it goes straight to the engine. */
export async function vacuumAnalyze(database: Database): Promise<void> {
  await database.pglite?.exec("VACUUM (ANALYZE)");
}
