/**
 * npm run db:backup [-- --out FILE] — a backup of the shop's database, uploaded covers included.
 * Embedded database: a .tar.gz of PGlite's data; when a server holds DATA_DIR the server takes it (the
 * CLI never opens a DATA_DIR another process holds). PostgreSQL (DATABASE_URL): pg_dump's custom format.
 * Default file: ./backups/rizoma-<embebida|postgres>-<time>.(tar.gz|dump), readable only by its owner (0600).
 */
import { chmodSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { BACKUP_FILE_MODE, dumpPglite, dumpPostgres, writeBackupFile } from "../db/backup";
import { readControlInfo } from "../server/control";
import { lockHolder } from "../server/data-dir-lock";
import { loadEnv } from "../server/env";
import { openMigratedDatabase } from "../server/open-database";
import { projectRoot } from "../server/project-root";

class CliError extends Error {}

function outFile(kind: "pglite" | "postgres"): string {
  const flag = process.argv.indexOf("--out");
  if (flag !== -1) {
    const given = process.argv[flag + 1];
    if (!given) throw new CliError("Falta el archivo después de --out");
    return path.resolve(given);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const name = kind === "pglite" ? `rizoma-embebida-${stamp}.tar.gz` : `rizoma-postgres-${stamp}.dump`;
  return path.resolve("backups", name);
}

async function throughServer(dataDir: string): Promise<Buffer> {
  const control = readControlInfo(dataDir);
  if (!control) throw new CliError(`Hay un servidor usando ${dataDir} pero no se pudo hablar con él.`);
  const response = await fetch(`${control.url}/internal/backup`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}` },
  }).catch(() => null);
  if (!response?.ok) throw new CliError(`El servidor de ${dataDir} no pudo hacer la copia. Revisá su registro.`);
  return Buffer.from(await response.arrayBuffer());
}

async function main() {
  const env = loadEnv({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const kind = env.databaseUrl ? "postgres" : "pglite";
  const file = outFile(kind);
  // Written beside the target and renamed at the end: a failed backup never leaves a partial file.
  const partial = `${file}.partial`;
  if (env.databaseUrl) {
    await dumpPostgres(env.databaseUrl, partial);
  } else if (lockHolder(env.dataDir) !== null) {
    console.log("Hay un servidor en marcha: la copia la hace él…");
    writeBackupFile(partial, await throughServer(env.dataDir));
  } else {
    const { database, close } = await openMigratedDatabase(env, projectRoot(import.meta.url), { poolSize: 1 });
    try {
      if (!database.pglite) throw new CliError("La base embebida no está disponible.");
      writeBackupFile(partial, await dumpPglite(database.pglite));
    } finally {
      await close();
    }
  }
  renameSync(partial, file);
  chmodSync(file, BACKUP_FILE_MODE);
  const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`Copia de seguridad lista: ${file} (${megabytes} MB)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
