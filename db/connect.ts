import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Db } from "./index";
import { currentTemplate } from "./pglite-template.mjs";
import { shareEventLoop } from "./pglite-turns";
import { type EmbeddedEngine, PgliteWorkerClient } from "./pglite-worker-client";
import * as schema from "./schema";
import { extractTar } from "./tar";

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * The embedded engine, when that is what runs: in a worker thread for the server's file database, in
   * this thread for tests' copies and restores (tests dump it to make per-file copies).
   */
  pglite?: EmbeddedEngine;
  /** The embedded engine's thread, when it has one, collects its garbage (server/idle-gc.ts). */
  collectGarbage?(): Promise<void>;
  /** Runs `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: runs `task` holding a session advisory lock, so instances starting together take turns. */
  exclusively?<T>(key: string, task: () => Promise<T>): Promise<T>;
}

const pgliteExtensions = { pg_trgm, unaccent };

/**
 * PostgreSQL's start parameters for every embedded engine: PGlite's own, with a smaller buffer cache.
 * PGlite touches all of shared_buffers (128MB by default) when it starts, inside the process's memory;
 * at 32MB the server's RSS drops by about 110MB while the catalogue's queries run as fast (the operating
 * system's page cache holds the data files anyway). Measured in docs/decisions/0041-pglite-worker.md.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/** Where the committed SQL migrations live, relative to the project root. */
export function migrationsFolder(root: string): string {
  return path.join(root, "db", "migrations");
}

export interface OpenPgliteOptions {
  /**
   * The project root, where a new database's template (`build/pglite-template.tar`, db/pglite-template.mjs)
   * and the migrations it must match are looked for; found from this module when absent. Null: no
   * template, a new database is made by initdb.
   */
  root?: string | null;
}

/**
 * Opens (creating if needed) the embedded database in `<dataDir>/pglite`. Only one process may do this.
 * PGlite runs in a worker thread (docs/decisions/0041-pglite-worker.md), so its queries never hold up
 * this thread's event loop: connections are accepted and cached pages served while it works.
 *
 * A new database is unpacked from the build's template when there is one for this PGlite and these
 * migrations (so it is already migrated), else made by initdb (docs/decisions/0056-memory.md).
 */
export async function openPglite(dataDir: string, options: OpenPgliteOptions = {}): Promise<Database> {
  const dir = path.join(dataDir, "pglite");
  if (!hasPgliteDatabase(dir)) {
    const root = options.root === undefined ? projectRootOf(import.meta.url) : options.root;
    const template = root ? currentTemplate(root) : null;
    try {
      await (template ? createPgliteDirFromTemplate(dir, template) : createPgliteDir(dir));
    } catch (error) {
      if (!template) throw error;
      // A template that cannot be unpacked (a damaged file) must not keep the shop from starting.
      console.warn(`No se pudo crear la base desde ${template} (${(error as Error).message}): se crea con initdb.`);
      await createPgliteDir(dir);
    }
  }
  const client = await PgliteWorkerClient.start({ dir, sessionSetup, startParams: pgliteStartParams });
  return wrapEngine(client);
}

/** Whether `dir` holds a cluster (PostgreSQL's PG_VERSION; creation renames a finished one into place). */
export function hasPgliteDatabase(dir: string): boolean {
  return existsSync(path.join(dir, "PG_VERSION"));
}

/** Where a new cluster for `dir` is made before it is renamed to `dir`. */
export const creatingDir = (dir: string) => `${dir}.creating`;

/**
 * Makes the embedded database `dir` (absent, or a folder that holds none) with `make`, crash-safe: the
 * cluster is made in `<dir>.creating` and renamed to `dir` once finished, so a process killed midway
 * leaves no `dir` that a later start would trust (initdb and an unpacked tarball both write PG_VERSION
 * first); the next creation discards the unfinished one.
 */
async function createAtomically(dir: string, make: (creating: string) => Promise<void> | void): Promise<void> {
  const creating = creatingDir(dir);
  rmSync(creating, { recursive: true, force: true });
  mkdirSync(creating, { recursive: true });
  await make(creating);
  if (!hasPgliteDatabase(creating)) throw new Error(`${creating} no quedó con una base de datos`);
  if (existsSync(dir)) {
    // Not a database (no PG_VERSION): empty, as earlier versions left it, or an unfinished initdb of
    // theirs. Moved aside rather than deleted, as a restore does with the data it replaces.
    if (readdirSync(dir).length === 0) rmdirSync(dir);
    else renameSync(dir, `${dir}.incomplete-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  }
  renameSync(creating, dir);
}

/**
 * Creates the embedded database `dir` by PGlite's initdb, or from `dump`, a `dumpDataDir()` tarball
 * (gzipped or not: a backup being restored), which PGlite then starts on.
 *
 * The work is done by a thread of its own, which then ends. PGlite's initdb runs two more WASM instances
 * beside the server's and keeps about 450MB of them reachable for as long as its thread lives
 * (docs/decisions/0056-memory.md); a thread that ends gives all of it back.
 */
export function createPgliteDir(dir: string, dump?: Uint8Array): Promise<void> {
  return createAtomically(dir, async (creating) => {
    const options = { dir: creating, sessionSetup, startParams: pgliteStartParams, loadDataDir: dump };
    await (await PgliteWorkerClient.start(options)).close();
  });
}

/**
 * Creates the embedded database `dir` from the build's template (db/pglite-template.mjs): a plain tarball
 * of a checkpointed cluster, unpacked file by file. No PostgreSQL runs until the server's engine opens it.
 */
export function createPgliteDirFromTemplate(dir: string, template: string): Promise<void> {
  return createAtomically(dir, (creating) => extractTar(template, creating));
}

/** The project root (where db/migrations and build/ live), walking up from `moduleUrl`; null if none. */
function projectRootOf(moduleUrl: string): string | null {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    if (existsSync(path.join(dir, "db", "migrations"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** Opens, in this thread, a new embedded database made in an empty `dir` from a `dumpDataDir()` tarball. */
export async function openPgliteFromDump(dir: string, dump: Blob): Promise<Database> {
  return wrapPglite(
    await PGlite.create(dir, { extensions: pgliteExtensions, startParams: pgliteStartParams, loadDataDir: dump }),
  );
}

/** An in-memory PGlite, optionally started from a `dumpDataDir()` tarball (used by tests). */
export async function openPgliteMemory(from?: Blob): Promise<Database> {
  return wrapPglite(
    await PGlite.create({ extensions: pgliteExtensions, startParams: pgliteStartParams, loadDataDir: from }),
  );
}

/**
 * The admin's lists also accept near matches (`similarTo` in app/domain/catalog/search.server.ts):
 * pg_trgm's word similarity (best matching stretch of the text) must reach this. A session setting, so
 * it is set here on every connection.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/** Session settings every embedded connection needs (search relies on the trigram threshold). */
const sessionSetup = `set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`;

/** PGlite in this thread: it takes turns with the event loop (db/pglite-turns.ts), then is wrapped. */
async function wrapPglite(client: PGlite): Promise<Database> {
  shareEventLoop(client);
  await client.exec(sessionSetup);
  return wrapEngine(client);
}

function wrapEngine(client: EmbeddedEngine): Database {
  // drizzle-orm/pglite calls only query (rowMode "array", its parsers) and transaction (tx.query), which
  // both engines offer.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    pglite: client,
    ...(client instanceof PgliteWorkerClient ? { collectGarbage: () => client.collectGarbage() } : {}),
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  // The session settings travel in the startup packet, so they hold before a connection's first query.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  });
  // An idle client's error (e.g. the server restarting) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor may a client's in use: the pool only listens to idle ones, so a connection cut inside a
  // transaction (between two of its queries, or during one) would be an unhandled 'error' event. The
  // query in flight fails on its own, and the pool drops the dead client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
    // Its own connection, outside the pool: the task may need every pooled one (a pool of 1 included).
    exclusively: async (key, task) => {
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => {});
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(hashtext($1))", [key]);
        try {
          return await task();
        } finally {
          await client.query("select pg_advisory_unlock(hashtext($1))", [key]);
        }
      } finally {
        await client.end();
      }
    },
  };
}

export async function migrateDatabase(database: Database, root: string): Promise<void> {
  const config = { migrationsFolder: migrationsFolder(root) };
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, config);
  } else {
    // Instances started together would otherwise apply the same migration twice; the loser waits, then
    // finds every migration applied.
    const migrate = () => migratePg(database.db as never, config);
    await (database.exclusively ? database.exclusively("rizoma:migrations", migrate) : migrate());
  }
}
