import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../tests/support/postgres-server";
import { backupKindOf, dumpPglite, dumpPostgres, restorePglite, restorePostgres, writeBackupFile } from "./backup";
import { type Database, migrateDatabase, openPglite, openPostgres } from "./connect";
import type { Db } from "./index";
import { books, settings, uploads } from "./schema";

const root = path.resolve(import.meta.dirname, "..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "rizoma-backup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every row of every table (the migrations' own bookkeeping included), in a comparable form. */
async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`);
  const result: Record<string, unknown[]> = {};
  for (const { schema, name } of rowsOf<{ schema: string; name: string }>(tables)) {
    const rows = await db.execute(
      sql.raw(`select to_jsonb(t) as row from "${schema}"."${name}" t order by to_jsonb(t)::text`),
    );
    result[`${schema}.${name}`] = rowsOf<{ row: unknown }>(rows).map((r) => r.row);
  }
  return result;
}

async function fill(db: Db) {
  const cover = randomBytes(64 * 1024);
  await db.insert(uploads).values({ contentType: "image/png", bytes: cover, size: cover.length, sha256: "x" });
  await db.insert(books).values([
    { title: "Facundo", slug: "facundo", author: "Domingo F. Sarmiento", priceCents: 1_850_000, stock: 4 },
    { title: "Los siete locos", slug: "los-siete-locos", author: "Roberto Arlt", stock: 0 },
  ]);
  await db.insert(settings).values({ key: "backup-test", value: { ñandú: "sí", n: 1 } });
}

describe("backups of the embedded database", () => {
  it("restores every table, uploaded covers included, and moves the data it replaces aside", async () => {
    const source = path.join(scratch, "source");
    const database: Database = await openPglite(source);
    await migrateDatabase(database, root);
    await fill(database.db);
    const before = await snapshot(database.db);
    const tarball = await dumpPglite(database.pglite as NonNullable<Database["pglite"]>);
    await database.close();
    expect(backupKindOf(tarball)).toBe("pglite");

    const target = path.join(scratch, "target");
    expect(await restorePglite(target, tarball)).toBeNull();
    // A second restore keeps what was there.
    const movedAside = await restorePglite(target, tarball);
    expect(movedAside).toMatch(/pglite\.before-restore-/);
    expect(readdirSync(movedAside as string).length).toBeGreaterThan(0);

    const restored = await openPglite(target);
    try {
      const after = await snapshot(restored.db);
      expect(Object.keys(after)).toContain("public.uploads");
      expect(after["public.books"]).toHaveLength(2);
      expect(after).toEqual(before);
    } finally {
      await restored.close();
    }
    // Three embedded databases are created on disk here: slow on a busy two-core machine.
  }, 180_000);

  it("writes a backup readable only by its owner, whatever the umask and even over an open file", () => {
    const previous = process.umask(0o022);
    try {
      const folder = path.join(scratch, "nueva", "copias");
      const file = path.join(folder, "rizoma.tar.gz");
      writeBackupFile(file, Buffer.from([0x1f, 0x8b, 1, 2, 3]));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      const loose = path.join(scratch, "abierta.tar.gz");
      writeFileSync(loose, "antes", { mode: 0o644 });
      writeBackupFile(loose, Buffer.from([0x1f, 0x8b]));
      expect(statSync(loose).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("tells a backup from any other file by its first bytes", () => {
    expect(backupKindOf(Buffer.from("PGDMP\x01\x0e"))).toBe("postgres");
    expect(backupKindOf(Buffer.from("hola, esto no es"))).toBeNull();
  });
});

// PostgreSQL only: it runs with TEST_POSTGRES=1 (CI runs the suite that way too).
const adminUrl = inject("postgresAdminUrl");
describe.runIf(adminUrl)("backups of PostgreSQL", () => {
  it("pg_dump and pg_restore round-trip every table into another database", async () => {
    const sourceUrl = await createDatabase(adminUrl, `b_${randomBytes(5).toString("hex")}`, "rizoma_template");
    const source = await openPostgres(sourceUrl);
    await fill(source.db);
    const before = await snapshot(source.db);
    const file = path.join(scratch, "rizoma.dump");
    await dumpPostgres(sourceUrl, file);
    await source.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const targetUrl = await createDatabase(adminUrl, `r_${randomBytes(5).toString("hex")}`, "rizoma_template");
    await restorePostgres(targetUrl, file);
    const target = await openPostgres(targetUrl);
    try {
      expect(await snapshot(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  });
});
