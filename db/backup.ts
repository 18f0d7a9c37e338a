import { spawn } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createPgliteDir } from "./connect";
import type { EmbeddedEngine } from "./pglite-worker-client";

/**
 * Backups of both databases (npm run db:backup / db:restore). Uploaded covers live in the database
 * (`uploads.bytes`), so a dump carries them too.
 * - Embedded: a gzipped tarball of PGlite's data directory, taken after a CHECKPOINT while no query
 *   runs (PGlite serialises them), so it restores like a clean shutdown.
 * - PostgreSQL: `pg_dump --format=custom`, restored with `pg_restore` in one transaction.
 */
export type BackupKind = "pglite" | "postgres";

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const PG_DUMP_MAGIC = Buffer.from("PGDMP");

/** What a backup file holds, read from its first bytes (never trusted from its name). */
export function backupKindOf(head: Buffer): BackupKind | null {
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) return "pglite";
  if (head.subarray(0, 5).equals(PG_DUMP_MAGIC)) return "postgres";
  return null;
}

/** A backup holds every customer's data: only the shop's own user may read it (files 0600, folder 0700). */
export const BACKUP_FILE_MODE = 0o600;

/** Makes `file`'s folder (0700 when new) and `file` itself, empty, readable only by its owner. */
export function prepareBackupFile(file: string): void {
  const folder = path.dirname(file);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  closeSync(openSync(file, "w", BACKUP_FILE_MODE));
  chmodSync(file, BACKUP_FILE_MODE);
}

/** Writes a backup's bytes to `file` with mode 0600 (whatever the umask, and if the file was there). */
export function writeBackupFile(file: string, bytes: Uint8Array): void {
  prepareBackupFile(file);
  writeFileSync(file, bytes, { mode: BACKUP_FILE_MODE });
  chmodSync(file, BACKUP_FILE_MODE);
}

export async function dumpPglite(client: EmbeddedEngine): Promise<Buffer> {
  await client.exec("CHECKPOINT");
  const tarball = await client.dumpDataDir("gzip");
  return Buffer.from(await tarball.arrayBuffer());
}

/**
 * Restores an embedded dump into `<dataDir>/pglite`. A database already there is moved aside (never
 * deleted) to `pglite.before-restore-<time>`; its path is returned so the person restoring knows. The
 * dump is unpacked beside and renamed into place once PGlite has started on it and closed it
 * (createPgliteDir), so a restore killed midway leaves no half-restored database for the next start.
 */
export async function restorePglite(dataDir: string, tarball: Buffer, now = new Date()): Promise<string | null> {
  const dir = path.join(dataDir, "pglite");
  let movedAside: string | null = null;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    movedAside = `${dir}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dir, movedAside);
  }
  await createPgliteDir(dir, new Uint8Array(tarball));
  return movedAside;
}

/** The PostgreSQL client tools: PG_BIN when set, else the PATH (Debian's postgresql-client). */
const pgTool = (name: "pg_dump" | "pg_restore") => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) =>
      reject(
        new Error(
          (error as NodeJS.ErrnoException).code === "ENOENT"
            ? `No se encontró ${command}: instalá postgresql-client (o definí PG_BIN)`
            : error.message,
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} falló (código ${code}): ${stderr.trim()}`)),
    );
  });
}

/** pg_dump into `file`, created 0600 before pg_dump writes a byte (and kept so). */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  prepareBackupFile(file);
  await run(pgTool("pg_dump"), [
    "--format=custom",
    "--no-owner",
    "--no-privileges",
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
  chmodSync(file, BACKUP_FILE_MODE);
}

/** Replaces the database's objects with the dump's, all or nothing. */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await run(pgTool("pg_restore"), [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--no-privileges",
    "--single-transaction",
    "--exit-on-error",
    `--dbname=${url}`,
    file,
  ]);
}
