import { eq, sql } from "drizzle-orm";
import type { Db } from "~db/index";
import { settings } from "~db/schema";

/**
 * The sync's cursor and progress live in the `settings` table under this key (not a settings section:
 * the admin never edits it). Every instance reads the same row, so the admin page shows a sync another
 * instance runs, and two instances never run one at the same time.
 */
export const SYNC_STATE_KEY = "tiendanube.sync";

/** A run that stopped reporting progress this long ago (a crashed process) can be taken over. */
const STALE_AFTER_MS = 10 * 60_000;

export type SyncKind = "full" | "incremental";

export interface SyncState {
  running: boolean;
  kind: SyncKind | null;
  startedAt: string | null;
  heartbeatAt: string | null;
  finishedAt: string | null;
  /** Products seen so far in this run, and the store's total (X-Total-Count) when known. */
  done: number;
  total: number | null;
  created: number;
  updated: number;
  unpublished: number;
  /** The last run's failure, in Spanish, or null. */
  error: string | null;
  /** The newest `updated_at` synced: the next incremental run asks for products updated since then. */
  cursor: string | null;
  lastFullSyncAt: string | null;
  lastSuccessAt: string | null;
}

export const IDLE_STATE: SyncState = {
  running: false,
  kind: null,
  startedAt: null,
  heartbeatAt: null,
  finishedAt: null,
  done: 0,
  total: null,
  created: 0,
  updated: 0,
  unpublished: 0,
  error: null,
  cursor: null,
  lastFullSyncAt: null,
  lastSuccessAt: null,
};

export async function readSyncState(db: Db): Promise<SyncState> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SYNC_STATE_KEY));
  return { ...IDLE_STATE, ...((row?.value as Partial<SyncState> | undefined) ?? {}) };
}

/** Merges `patch` into the stored state (one atomic jsonb update). */
export async function patchSyncState(db: Db, patch: Partial<SyncState>): Promise<void> {
  await db
    .update(settings)
    .set({ value: sql`${settings.value} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(eq(settings.key, SYNC_STATE_KEY));
}

/**
 * Marks a run as started unless another is running (and still reporting): a conditional UPDATE, so the
 * database settles the race between two clicks, the timer and another instance.
 */
export async function claimSyncRun(db: Db, kind: SyncKind): Promise<boolean> {
  await db.insert(settings).values({ key: SYNC_STATE_KEY, value: IDLE_STATE }).onConflictDoNothing();
  const now = new Date();
  const patch: Partial<SyncState> = {
    running: true,
    kind,
    startedAt: now.toISOString(),
    heartbeatAt: now.toISOString(),
    finishedAt: null,
    done: 0,
    total: null,
    created: 0,
    updated: 0,
    unpublished: 0,
    error: null,
  };
  const stale = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  const claimed = await db
    .update(settings)
    .set({ value: sql`${settings.value} || ${JSON.stringify(patch)}::jsonb`, updatedAt: now })
    .where(
      sql`${settings.key} = ${SYNC_STATE_KEY} and (
        coalesce((${settings.value}->>'running')::boolean, false) = false
        or coalesce((${settings.value}->>'heartbeatAt')::timestamptz, '-infinity') < ${stale}::timestamptz
      )`,
    )
    .returning({ key: settings.key });
  return claimed.length > 0;
}
