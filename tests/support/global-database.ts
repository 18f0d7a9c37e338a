import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openPgliteMemory, openPostgres } from "~db/connect";
import { currentTemplate } from "~db/pglite-template.mjs";
import { seedTaxonomy } from "~db/seed";
import { createDatabase, startTempPostgres } from "./postgres-server";

export const TEMPLATE_DB = "rizoma_template";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory (tarball) that each test file loads into its own instance. */
    pgliteTemplate: string;
    /** PostgreSQL (TEST_POSTGRES=1): admin URL of the throwaway server holding the migrated template. */
    postgresAdminUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Runs once per test run: migrates a template database. Each test file then gets its own copy (PGlite:
 * the dumped data directory; PostgreSQL: CREATE DATABASE … TEMPLATE), so files stay isolated and fast.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_POSTGRES === "1") {
    const server = await startTempPostgres();
    const url = await createDatabase(server.url, TEMPLATE_DB);
    const template = await openPostgres(url, { max: 1 });
    await migrateDatabase(template, root);
    await seedTaxonomy(template.db);
    await template.close();
    project.provide("postgresAdminUrl", server.url);
    project.provide("pgliteTemplate", "");
    return () => server.stop();
  }
  // The build's template cluster when it is current (already migrated): no initdb (7 s, 770MB).
  const built = currentTemplate(root);
  const database = await openPgliteMemory(built ? new Blob([await readFile(built)]) : undefined);
  await migrateDatabase(database, root);
  await seedTaxonomy(database.db);
  const dump = await database.pglite?.dumpDataDir("none");
  await database.close();
  if (!dump) throw new Error("PGlite dump failed");
  const file = path.join(os.tmpdir(), `rizoma-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("postgresAdminUrl", "");
}
