// The template cluster (docs/decisions/0056-memory.md): an empty embedded database, migrated, made once by
// the build (scripts/pglite-template.ts) as a `dumpDataDir()` tarball, from which db/connect.ts creates
// new data directories instead of running PGlite's initdb (which needs 770MB for a few seconds: a fresh
// demo's start peaked at 830MB, and now at under 400MB, in a third of the time).
//
// Plain JavaScript on purpose: scripts/ensure-build.js (plain Node, before any build) reads the key to
// decide whether the template must be made again, and db/connect.ts reads it before using one.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Bumped when what the template holds or how it is made changes in a way its key would not show. */
const FORMAT = 1;

/**
 * Where the build writes the template: under build/, so a clone that was never built (or whose build is
 * removed) has none, and db/connect.ts falls back to initdb.
 * @param {string} root the project root
 */
export function templateFiles(root) {
  return {
    tarball: path.join(root, "build", "pglite-template.tar"),
    key: path.join(root, "build", "pglite-template.json"),
  };
}

/** Every file under `dir`, relative and `/`-separated, sorted (the same order on every machine). */
function filesUnder(dir, prefix = "") {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...filesUnder(path.join(dir, entry.name), relative));
    else found.push(relative);
  }
  return found.sort();
}

/**
 * The version of the PGlite this code runs with (resolved from here: from db/ in the sources, from
 * build/server once bundled). Its package.json is not in its exports: found from its entry point.
 */
function pgliteVersion() {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8"));
      if (name === "@electric-sql/pglite") return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("@electric-sql/pglite's package.json not found");
    dir = parent;
  }
}

/**
 * What a template must have been made with to be used: PGlite's version (its cluster format, its
 * initdb) and the committed migrations it holds (db/migrations, every file, by content).
 * @param {string} root the project root
 * @returns {{ format: number, pglite: string, migrations: string }}
 */
export function templateKey(root) {
  const pglite = pgliteVersion();
  const folder = path.join(root, "db", "migrations");
  const hash = createHash("sha256");
  for (const file of filesUnder(folder)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(folder, file)));
    hash.update("\0");
  }
  return { format: FORMAT, pglite, migrations: hash.digest("hex") };
}

/**
 * The template's tarball when there is one and its key is this project's (same PGlite, same migrations);
 * otherwise null: a missing, stale or unreadable template is never used.
 * @param {string} root the project root
 * @returns {string | null}
 */
export function currentTemplate(root) {
  const files = templateFiles(root);
  if (!existsSync(files.tarball) || !existsSync(files.key)) return null;
  try {
    const stored = JSON.parse(readFileSync(files.key, "utf8"));
    const expected = templateKey(root);
    const same = Object.entries(expected).every(([field, value]) => stored?.[field] === value);
    return same ? files.tarball : null;
  } catch {
    return null;
  }
}
