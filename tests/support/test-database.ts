import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { type Database, openPgliteMemory, openPostgres } from "~db/connect";
import { createDatabase } from "./postgres-server";

export const onPostgres = () => inject("postgresAdminUrl") !== "";

/**
 * A fresh, migrated database for one test file: a PGlite copy, or a PostgreSQL database from the template.
 * On PostgreSQL `url` lets a test open a second connection pool (a second "instance").
 */
export async function testDatabase(): Promise<Database & { url?: string }> {
  const adminUrl = inject("postgresAdminUrl");
  if (adminUrl) {
    const url = await createDatabase(adminUrl, `t_${randomBytes(6).toString("hex")}`, "rizoma_template");
    return Object.assign(await openPostgres(url, { max: 20 }), { url });
  }
  const tarball = await readFile(inject("pgliteTemplate"));
  return openPgliteMemory(new Blob([tarball]));
}
