import { type Database, migrateDatabase, openPglite, openPostgres } from "~db/connect";
import { acquireDataDirLock } from "./data-dir-lock";
import type { ServerEnv } from "./env";

export interface OpenDatabase {
  database: Database;
  /** Closes the database and gives the DATA_DIR lock back. */
  close(): Promise<void>;
}

/**
 * The configured database for this process, migrated: PostgreSQL when DATABASE_URL is set, otherwise the
 * embedded PGlite, after taking the DATA_DIR lock (throws DataDirLocked when another process holds it).
 */
export async function openMigratedDatabase(
  env: Pick<ServerEnv, "databaseUrl" | "dataDir">,
  root: string,
  options: { poolSize?: number } = {},
): Promise<OpenDatabase> {
  let release = () => {};
  let database: Database;
  if (env.databaseUrl) {
    database = await openPostgres(env.databaseUrl, { max: options.poolSize });
  } else {
    release = acquireDataDirLock(env.dataDir);
    try {
      database = await openPglite(env.dataDir);
    } catch (error) {
      release();
      throw error;
    }
  }
  const close = async () => {
    await database.close();
    release();
  };
  try {
    await migrateDatabase(database, root);
  } catch (error) {
    await close();
    throw error;
  }
  return { database, close };
}
