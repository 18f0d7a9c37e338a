import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { until } from "../tests/support/until";
import { createPgliteDir, creatingDir, type Database, hasPgliteDatabase, migrateDatabase, openPglite } from "./connect";
import type { Db } from "./index";
import { writePgliteTemplate } from "./make-pglite-template";
import { currentTemplate, templateFiles, templateKey } from "./pglite-template.mjs";
import { extractTar } from "./tar";

/** Every worker the client starts, so a test can end one midway, as a killed process would. */
const workers = vi.hoisted(() => [] as Worker[]);
vi.mock("node:worker_threads", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:worker_threads")>();
  class RecordedWorker extends original.Worker {
    constructor(...args: ConstructorParameters<typeof original.Worker>) {
      super(...args);
      workers.push(this);
    }
  }
  return { ...original, Worker: RecordedWorker };
});

/**
 * New embedded data directories are copied from the build's template cluster (db/pglite-template.mjs)
 * instead of being made by initdb: they must hold what initdb and the migrations make, a template made
 * for another PGlite or other migrations must never be used, and a creation cut short must not leave a
 * directory a later start trusts. PGlite only, by nature.
 */
const root = path.resolve(import.meta.dirname, "..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "rizoma-pglite-template-"));

/** A project root of its own for the template's files (build/), with this project's migrations. */
function projectCopy(name: string): string {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, "db"), { recursive: true });
  mkdirSync(path.join(dir, "build"));
  symlinkSync(path.join(root, "db", "migrations"), path.join(dir, "db", "migrations"));
  return dir;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_schema in ('public', 'drizzle') order by 1`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** What the migrations make: columns, constraints, indexes, extensions, functions, triggers, and their log. */
async function schemaOf(db: Db): Promise<Record<string, unknown[]>> {
  const queries = {
    columns: sql`
      select table_schema, table_name, column_name, data_type, udt_name, column_default, is_nullable
      from information_schema.columns where table_schema in ('public', 'drizzle') order by 1, 2, 3`,
    constraints: sql`
      select n.nspname, t.relname, c.conname, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname in ('public', 'drizzle') order by 1, 2, 3`,
    indexes: sql`select schemaname, indexname, indexdef from pg_indexes
      where schemaname in ('public', 'drizzle') order by 1, 2`,
    extensions: sql`select extname, extversion from pg_extension order by 1`,
    functions: sql`
      select p.proname, pg_get_function_identity_arguments(p.oid) as arguments, md5(p.prosrc) as body
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1, 2`,
    triggers: sql`select tgname, pg_get_triggerdef(oid) as definition from pg_trigger where not tgisinternal
      order by 1`,
    migrations: sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, hash`,
  };
  const schema: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(queries)) schema[name] = rowsOf(await db.execute(query));
  return schema;
}

/** Made by initdb and the migrations: what a template-made directory must equal. */
let made: Database;
let tablesOfNewInitdb: string[];
/** A project root whose template was made from `made`. */
let withTemplate: string;
/** A project root whose template has another PGlite's key (and a tarball that is not one). */
let wrongKey: string;

beforeAll(async () => {
  wrongKey = projectCopy("wrong-key");
  const files = templateFiles(wrongKey);
  writeFileSync(files.tarball, "not a tarball");
  writeFileSync(files.key, JSON.stringify({ ...templateKey(wrongKey), pglite: "0.0.1" }));

  // Opened with the wrong-key template at hand: were it used, PGlite would fail on its tarball.
  made = await openPglite(path.join(scratch, "initdb"), { root: wrongKey });
  tablesOfNewInitdb = await tableNames(made.db);
  await migrateDatabase(made, root);

  withTemplate = projectCopy("with-template");
  await writePgliteTemplate(made, withTemplate);
}, 120_000);
afterAll(async () => {
  await made?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the template cluster", () => {
  it("is used only with this PGlite's version and these migrations", () => {
    expect(currentTemplate(withTemplate)).toBe(templateFiles(withTemplate).tarball);
    expect(currentTemplate(wrongKey)).toBeNull();
    // The same tarball under another key: other migrations, another format, no key, an unreadable key.
    const files = templateFiles(withTemplate);
    const copy = projectCopy("stale");
    const stale = templateFiles(copy);
    symlinkSync(files.tarball, stale.tarball);
    for (const key of [
      JSON.stringify({ ...templateKey(root), migrations: "0".repeat(64) }),
      JSON.stringify({ ...templateKey(root), format: 0 }),
      "{",
    ]) {
      writeFileSync(stale.key, key);
      expect(currentTemplate(copy)).toBeNull();
    }
    rmSync(stale.key);
    expect(currentTemplate(copy)).toBeNull();
  });

  it("a wrong key is ignored: the new database was made by initdb, empty", () => {
    expect(tablesOfNewInitdb).toEqual([]);
  });

  it("makes a data directory with the schema initdb and the migrations make, already migrated", async () => {
    const copy = await openPglite(path.join(scratch, "from-template"), { root: withTemplate });
    try {
      // Migrated before the server's migrate runs, which then finds nothing to apply.
      expect(await tableNames(copy.db)).toEqual(await tableNames(made.db));
      await migrateDatabase(copy, root);
      const schema = await schemaOf(made.db);
      expect(await schemaOf(copy.db)).toEqual(schema);
      const journal = JSON.parse(readFileSync(path.join(root, "db", "migrations", "meta", "_journal.json"), "utf8"));
      expect(schema.migrations).toHaveLength(journal.entries.length);
    } finally {
      await copy.close();
    }
  });

  it("a creation cut short leaves no database a later start trusts; the next open discards it", async () => {
    const dataDir = path.join(scratch, "killed");
    const dir = path.join(dataDir, "pglite");
    // Ended once PostgreSQL's files are being written (initdb's, the slower creation), as kill -9 would.
    const creation = createPgliteDir(dir).catch((error: unknown) => error);
    await until(() => existsSync(path.join(creatingDir(dir), "PG_VERSION")), "initdb's first files");
    await (workers.at(-1) as Worker).terminate();
    expect(await creation).toBeInstanceOf(Error);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(creatingDir(dir))).toBe(true);

    // An empty pglite folder too, as earlier versions made before initdb.
    mkdirSync(dir);
    const reopened = await openPglite(dataDir, { root: withTemplate });
    try {
      await reopened.ping();
      expect(await tableNames(reopened.db)).toEqual(await tableNames(made.db));
    } finally {
      await reopened.close();
    }
    expect(readdirSync(dataDir)).toEqual(["pglite"]);
    expect(hasPgliteDatabase(dir)).toBe(true);
  });

  it("a folder that is no database is moved aside, not deleted", async () => {
    const dataDir = path.join(scratch, "leftover");
    const dir = path.join(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "postgresql.conf"), "# half of an old initdb\n");
    const database = await openPglite(dataDir, { root: withTemplate });
    await database.close();
    const [aside, ...others] = readdirSync(dataDir).filter((name) => name !== "pglite");
    expect(others).toEqual([]);
    expect(aside).toMatch(/^pglite\.incomplete-/);
    expect(readdirSync(path.join(dataDir, aside as string))).toEqual(["postgresql.conf"]);
  });

  it("unpacks only whole archives, and only inside the folder", () => {
    const tarball = readFileSync(templateFiles(withTemplate).tarball);
    const cut = path.join(scratch, "cut.tar");
    writeFileSync(cut, tarball.subarray(0, tarball.length / 2));
    expect(() => extractTar(cut, path.join(scratch, "cut"))).toThrow(/ends before its end-of-archive mark/);

    // One header, PG_VERSION's, renamed: the checksum no longer matches; recomputed, the name stays inside.
    const header = Buffer.from(tarball.subarray(0, 512));
    header.fill(0, 0, 100).write("../../escaped", 0);
    const escaping = path.join(scratch, "escaping.tar");
    writeFileSync(escaping, Buffer.concat([header, Buffer.alloc(2048)]));
    expect(() => extractTar(escaping, path.join(scratch, "escaping"))).toThrow(/damaged tar header/);
    header.fill(0x20, 148, 156);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
    writeFileSync(escaping, Buffer.concat([header, Buffer.alloc(2048)]));
    extractTar(escaping, path.join(scratch, "escaping"));
    expect(readdirSync(path.join(scratch, "escaping"))).toEqual(["escaped"]);
    expect(existsSync(path.join(scratch, "escaped"))).toBe(false);
  });
});
