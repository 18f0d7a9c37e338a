/**
 * npm run db:restore -- FILE — puts a backup of npm run db:backup back.
 * Embedded database: only with the server stopped; the current data is moved aside, never deleted.
 * PostgreSQL (DATABASE_URL): pg_restore replaces the database's tables in one transaction.
 */
import { openSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import { backupKindOf, restorePglite, restorePostgres } from "../db/backup";
import { acquireDataDirLock } from "../server/data-dir-lock";
import { loadEnv } from "../server/env";

class CliError extends Error {}

function head(file: string): Buffer {
  const buffer = Buffer.alloc(8);
  const fd = openSync(file, "r");
  readSync(fd, buffer, 0, 8, 0);
  return buffer;
}

async function main() {
  const given = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!given) throw new CliError("Indicá el archivo: npm run db:restore -- backups/rizoma-….tar.gz");
  const file = path.resolve(given);
  const env = loadEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  let kind: ReturnType<typeof backupKindOf>;
  try {
    kind = backupKindOf(head(file));
  } catch {
    throw new CliError(`No se puede leer ${file}`);
  }
  if (!kind) throw new CliError(`${file} no es una copia de npm run db:backup`);
  if (env.databaseUrl) {
    if (kind !== "postgres") throw new CliError("Esta copia es de la base embebida: restaurala sin DATABASE_URL.");
    await restorePostgres(env.databaseUrl, file);
    console.log("Base PostgreSQL restaurada.");
    return;
  }
  if (kind !== "pglite") throw new CliError("Esta copia es de PostgreSQL: restaurala con DATABASE_URL.");
  let release: () => void;
  try {
    release = acquireDataDirLock(env.dataDir);
  } catch {
    throw new CliError(`Hay un servidor usando ${env.dataDir}: detenelo antes de restaurar.`);
  }
  let movedAside: string | null;
  try {
    movedAside = await restorePglite(env.dataDir, readFileSync(file));
  } finally {
    release();
  }
  console.log(`Base embebida restaurada en ${path.join(env.dataDir, "pglite")}.`);
  if (movedAside) console.log(`Los datos que había quedaron en ${movedAside}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
