import type { Db } from "~db/index";
import { isStockOnlyChange, onPublicPagesChanged } from "./public-pages.server";

/**
 * Reference data: what every public page reads and only an admin's write or a sync changes (the settings,
 * categories, genres, the author list, title counts, box plans). Read once per change instead of once per
 * request, kept in this process, and dropped by the page cache's own signal: `publicPagesChanged` here,
 * another instance's NOTIFY, or a lost LISTEN connection (public-pages.server.ts). One mechanism for both
 * caches, so whatever empties the page cache also empties this one (docs/decisions/0040).
 *
 * Kept per database handle (a WeakMap: tests open many databases in one process). A load that was in
 * flight when a change arrived still answers the requests that asked for it, but is never kept: each
 * change starts a new generation, and a value belongs to the generation in which it was asked for.
 *
 * An entry marked `stock` depends on stock (quantities, what is available): orders' stock moves, which
 * leave the page cache merely stale (`isStockOnlyChange`), drop it too. The others survive them.
 *
 * Values are frozen: one request changing what every request shares would be a bug, and throws instead
 * (their types stay mutable, so pages pass them on as before).
 *
 * A safety net, as for the page cache: an entry is read again after MAX_AGE_MS, so an instance that
 * missed a notice (a failed NOTIFY is logged, not retried) is wrong for minutes at most.
 */
export const REFERENCE_DATA_MAX_AGE_MS = 5 * 60_000;

interface Entry {
  value: Promise<unknown>;
  generation: number;
  stock: boolean;
  loadedAt: number;
}

let generation = 0;
let stockGeneration = 0;
const byDatabase = new WeakMap<Db, Map<string, Entry>>();

onPublicPagesChanged((reason) => {
  if (isStockOnlyChange(reason)) stockGeneration++;
  else generation++;
});

const fresh = (entry: Entry, now: number) =>
  entry.generation === (entry.stock ? generation + stockGeneration : generation) &&
  now - entry.loadedAt < REFERENCE_DATA_MAX_AGE_MS;

/**
 * `load(db)`'s answer, from memory while nothing public changed since it was read. `name` identifies the
 * data (one name, one loader); `stock: true` for data that stock moves change.
 */
export function referenceData<T>(
  db: Db,
  name: string,
  load: (db: Db) => Promise<T>,
  options: { stock?: boolean } = {},
): Promise<T> {
  let entries = byDatabase.get(db);
  if (!entries) {
    entries = new Map();
    byDatabase.set(db, entries);
  }
  const now = Date.now();
  const known = entries.get(name);
  if (known && fresh(known, now)) return known.value as Promise<T>;
  const stock = options.stock ?? false;
  const entry: Entry = {
    value: load(db).then(deepFreeze),
    generation: stock ? generation + stockGeneration : generation,
    stock,
    loadedAt: now,
  };
  entries.set(name, entry);
  // A failed read is not remembered: the next request tries again.
  entry.value.catch(() => {
    if (entries.get(name) === entry) entries.delete(name);
  });
  return entry.value as Promise<T>;
}

/** Freezes plain objects and arrays all the way down (what the loaders return). */
function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
