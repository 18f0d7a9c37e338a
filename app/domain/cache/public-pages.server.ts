import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { logger } from "~/lib/logger.server";
import type { Db } from "~db/index";

/**
 * The PostgreSQL channel on which an instance tells the others that public pages changed. Every
 * instance LISTENs on it (server/page-cache-listener.ts) and empties its page cache when a notice
 * comes from another one.
 */
export const PUBLIC_PAGES_CHANNEL = "rizoma_public_pages";

/** Tells this process's own notices apart from other instances' (they are already applied locally). */
const instanceId = randomUUID();

/**
 * Stock moved by an order (reasons `stock.…`, app/domain/orders/shared.server.ts): cached pages may be
 * served once more while they are rendered again, instead of being dropped. Anything an admin or a sync
 * changes is shown on the very next visit.
 */
export const isStockOnlyChange = (reason: string) => reason.startsWith("stock.");

type Listener = (reason: string) => void;
const listeners = new Set<Listener>();

/** Registers what to do when public pages change (the page cache empties itself); returns the unsubscribe. */
export function onPublicPagesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function applyLocally(reason: string): void {
  for (const listener of listeners) listener(reason);
}

/**
 * Call this after every write that changes what a public page or public catalogue API shows (books,
 * stock, carousel, settings, box plans, Tienda Nube sync, orders that move stock...), once its
 * transaction has COMMITTED — never inside `db.transaction(...)`: a render that ran between an early
 * clear and the commit would be cached with the old data, and a rolled-back change needs no clearing.
 *
 * It empties this process's page cache at once and sends a PostgreSQL NOTIFY so the other instances on
 * the same database empty theirs (typically within milliseconds). A failed NOTIFY is logged, not thrown:
 * the write itself has succeeded, and the other instances' cached pages expire on their own
 * (PAGE_CACHE_MAX_AGE in server/page-cache.ts).
 *
 * `reason` is a short developer-facing label for logs ("book.update", "order.paid").
 */
export async function publicPagesChanged(db: Db, reason: string): Promise<void> {
  applyLocally(reason);
  try {
    const payload = JSON.stringify({ origin: instanceId, reason });
    await db.execute(sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, ${payload})`);
  } catch (error) {
    logger.warn({ err: error, reason }, "could not notify other instances that public pages changed");
  }
}

/** A notice received on PUBLIC_PAGES_CHANNEL: applied unless this process sent it. */
export function receivePublicPagesNotice(payload: string): void {
  let notice: { origin?: unknown; reason?: unknown } = {};
  try {
    notice = JSON.parse(payload);
  } catch {
    // A foreign or hand-written NOTIFY: treat it as a change.
  }
  if (notice.origin === instanceId) return;
  applyLocally(typeof notice.reason === "string" ? notice.reason : "notice");
}

/** After the listening connection was lost, notices may have been missed: everything counts as changed. */
export function publicPagesMaybeChanged(reason: string): void {
  applyLocally(reason);
}
