import pg from "pg";
import {
  PUBLIC_PAGES_CHANNEL,
  publicPagesMaybeChanged,
  receivePublicPagesNotice,
} from "~/domain/cache/public-pages.server";
import { logger } from "~/lib/logger.server";
import type { Database } from "~db/connect";

const RECONNECT_MS = 1_000;

/**
 * LISTENs for other instances' "public pages changed" notices (app/domain/cache) and applies them.
 * PostgreSQL: a dedicated connection outside the pool (a pooled one would be handed to queries); when
 * it drops it reconnects, and counts everything as changed since notices may have been missed. PGlite
 * (one process per DATA_DIR) delivers its own NOTIFYs in-process, so the same path is exercised.
 * Returns the stop function.
 */
export async function listenForPublicPageChanges(
  database: Database,
  databaseUrl?: string,
): Promise<() => Promise<void>> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(PUBLIC_PAGES_CHANNEL, receivePublicPagesNotice);
    return () => unlisten();
  }
  if (!databaseUrl) throw new Error("listenForPublicPageChanges needs the DATABASE_URL for PostgreSQL");

  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (reconnecting: boolean) => {
    const current = new pg.Client({ connectionString: databaseUrl });
    client = current;
    const lost = (error?: Error) => {
      if (stopped || client !== current) return;
      client = null;
      logger.warn({ err: error }, "page cache: lost the LISTEN connection, reconnecting");
      void current.end().catch(() => {});
      retry = setTimeout(() => void connect(true), RECONNECT_MS);
      retry.unref();
    };
    current.on("error", lost);
    current.on("end", () => lost());
    current.on("notification", (message) => {
      if (message.channel === PUBLIC_PAGES_CHANNEL) receivePublicPagesNotice(message.payload ?? "");
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${PUBLIC_PAGES_CHANNEL}`);
      if (reconnecting) publicPagesMaybeChanged("listen.reconnected");
    } catch (error) {
      if (!reconnecting) throw error;
      lost(error as Error);
    }
  };

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
