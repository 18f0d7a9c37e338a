/**
 * npm run db:seed                  -> migrate, then load the demo catalogue if there are no books
 * npm run db:seed -- --books 10000 -> also add 10000 synthetic books (benchmarks, load tests)
 *
 * On the embedded database it refuses to run while a server holds DATA_DIR (two processes would
 * corrupt it); on PostgreSQL it runs alongside the servers.
 */
import { parseArgs } from "node:util";
import { acquireDataDirLock, DataDirLocked } from "../server/data-dir-lock";
import { EnvError, loadEnv } from "../server/env";
import { projectRoot } from "../server/project-root";
import { type Database, migrateDatabase, openPglite, openPostgres } from "./connect";
import { countBooks, seedDemoCatalogue, seedSyntheticBooks, seedTaxonomy } from "./seed";

async function main() {
  const { values } = parseArgs({ options: { books: { type: "string" }, "no-demo": { type: "boolean" } } });
  const synthetic = values.books === undefined ? 0 : Number(values.books);
  if (!Number.isInteger(synthetic) || synthetic < 0 || synthetic > 1_000_000) {
    throw new EnvError("--books debe ser un número entero entre 0 y 1.000.000");
  }
  const env = loadEnv();
  let release = () => {};
  let database: Database;
  if (env.databaseUrl) {
    database = await openPostgres(env.databaseUrl, { max: 2 });
  } else {
    release = acquireDataDirLock(env.dataDir);
    database = await openPglite(env.dataDir);
  }
  try {
    await migrateDatabase(database, projectRoot(import.meta.url));
    await seedTaxonomy(database.db);
    if (!values["no-demo"]) {
      const demo = await seedDemoCatalogue(database.db);
      console.log(demo > 0 ? `Catálogo de demo cargado: ${demo} libros.` : "Ya había libros: no se cargó la demo.");
    }
    if (synthetic > 0) {
      const started = Date.now();
      await seedSyntheticBooks(database.db, synthetic, Date.now() % 100_000);
      console.log(`Agregados ${synthetic} libros sintéticos en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
    console.log(`Libros en la base: ${await countBooks(database.db)}.`);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLocked || error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
