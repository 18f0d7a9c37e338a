import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "~db/index";
import { rateLimits } from "~db/schema";

export interface Limit {
  /** Most hits allowed inside the window. */
  max: number;
  windowSeconds: number;
}

export interface Hit {
  /** Hits in the window, this one included. */
  total: number;
  allowed: boolean;
  /** The bucket this hit went into (to take it back with `undoHit`). */
  bucketStart: Date;
  /**
   * When refused: whole seconds until enough of the window's hits have aged out for one more to be
   * allowed (for `Retry-After`), assuming no more arrive meanwhile. 0 when allowed.
   */
  retryAfterSeconds: number;
}

/** The window is split in 15 buckets, so "5 in 15 minutes" slides a minute at a time. */
const bucketSeconds = (limit: Limit) => Math.max(1, Math.floor(limit.windowSeconds / 15));

/**
 * Counts one hit for `bucket`/`key` and says whether it is within the limit. The increment is one atomic
 * upsert: concurrent requests (on any instance) each see their own hit and every hit committed before
 * it, so no more than `max` are ever allowed in a window.
 */
export async function hit(db: Db, bucket: string, key: string, limit: Limit): Promise<Hit> {
  const size = bucketSeconds(limit);
  const rows = await db.execute<{ total: string | number; bucket_start: Date | string }>(sql`
    with bumped as (
      insert into ${rateLimits} (bucket, key, window_start, hits)
      values (${bucket}, ${key}, to_timestamp(floor(extract(epoch from now()) / ${size}) * ${size}), 1)
      on conflict (bucket, key, window_start) do update set hits = ${rateLimits.hits} + 1
      returning hits, window_start
    )
    select
      (select hits from bumped) + coalesce((
        select sum(hits) from ${rateLimits}
        where bucket = ${bucket} and key = ${key}
          and window_start > now() - make_interval(secs => ${limit.windowSeconds})
          and window_start < (select window_start from bumped)
      ), 0) as total,
      (select window_start from bumped) as bucket_start
  `);
  const row = (rows as unknown as { rows: { total: string | number; bucket_start: Date | string }[] }).rows[0];
  if (!row) throw new Error("rate limit upsert returned nothing");
  if (Math.random() < 0.01) void forgetOldHits(db).catch(() => {});
  const total = Number(row.total);
  const allowed = total <= limit.max;
  const retryAfterSeconds = allowed ? 0 : await secondsUntilFree(db, bucket, key, limit, total);
  return { total, allowed, bucketStart: new Date(row.bucket_start), retryAfterSeconds };
}

/**
 * A refused hit: the window's buckets age out oldest first, each `windowSeconds` after it began; the
 * limit frees once `total - max + 1` hits have aged out. Read with the database's clock, as `hit` counts.
 */
async function secondsUntilFree(db: Db, bucket: string, key: string, limit: Limit, total: number) {
  const result = await db.execute<{ hits: string | number; frees_in: string | number }>(sql`
    select hits, extract(epoch from window_start + make_interval(secs => ${limit.windowSeconds}) - now()) as frees_in
    from ${rateLimits}
    where bucket = ${bucket} and key = ${key} and window_start > now() - make_interval(secs => ${limit.windowSeconds})
    order by window_start
  `);
  const rows = (result as unknown as { rows: { hits: string | number; frees_in: string | number }[] }).rows;
  let agedOut = 0;
  for (const row of rows) {
    agedOut += Number(row.hits);
    if (total - agedOut <= limit.max - 1) return Math.max(1, Math.ceil(Number(row.frees_in)));
  }
  return limit.windowSeconds;
}

/** Takes back one hit (e.g. a login that turned out right should not count against the IP). */
export async function undoHit(db: Db, bucket: string, key: string, bucketStart: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key), eq(rateLimits.windowStart, bucketStart)));
}

/** Forgets every hit of `bucket`/`key` (e.g. an e-mail's failures after a right password). */
export async function resetHits(db: Db, bucket: string, key: string): Promise<void> {
  await db.delete(rateLimits).where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key)));
}

/** Counters older than a day are never read again. */
export async function forgetOldHits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`));
}
