import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, migrateDatabase, openPglite } from "./connect";
import { templateFiles, templateKey } from "./pglite-template.mjs";

/**
 * Makes the template cluster (db/pglite-template.mjs) for `root`: a new database made by initdb in a
 * scratch directory, exactly as the server would make one (db/connect.ts, its start parameters and
 * extensions), migrated, then written by writePgliteTemplate. Run by the build (scripts/pglite-template.ts),
 * in a process of its own: initdb needs 770MB for a few seconds.
 */
export async function makePgliteTemplate(root: string): Promise<{ bytes: number }> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "rizoma-pglite-template-"));
  try {
    const database = await openPglite(scratch, { root: null });
    try {
      await migrateDatabase(database, root);
      return await writePgliteTemplate(database, root);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Writes `database` (embedded, just migrated, nothing else in it) as `root`'s template with its key. The
 * key goes first and comes back last, each file written beside and renamed into place, so a build killed
 * midway leaves no key next to a half-written tarball.
 */
export async function writePgliteTemplate(database: Database, root: string): Promise<{ bytes: number }> {
  const engine = database.pglite;
  if (!engine) throw new Error("The template is made from the embedded database");
  // As a backup does (db/backup.ts): after a checkpoint, the tarball opens like a clean shutdown.
  await engine.exec("CHECKPOINT");
  const tarball = new Uint8Array(await (await engine.dumpDataDir("none")).arrayBuffer());
  const files = templateFiles(root);
  mkdirSync(path.dirname(files.tarball), { recursive: true });
  rmSync(files.key, { force: true });
  writeFileSync(`${files.tarball}.partial`, tarball);
  renameSync(`${files.tarball}.partial`, files.tarball);
  writeFileSync(`${files.key}.partial`, `${JSON.stringify(templateKey(root), null, 2)}\n`);
  renameSync(`${files.key}.partial`, files.key);
  return { bytes: tarball.byteLength };
}
