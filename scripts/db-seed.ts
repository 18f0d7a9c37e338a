/**
 * npm run db:seed                  -> migrate, then load the demo catalogue if there are no books
 * npm run db:seed -- --books 10000 -> also add 10000 synthetic books (benchmarks, load tests)
 *
 * On the embedded database it refuses to run while a server holds DATA_DIR (two processes would
 * corrupt it); on PostgreSQL it runs alongside the servers.
 */
import { parseArgs } from "node:util";
import { countBooks, seedDemoCatalogue, seedSyntheticBooks, seedTaxonomy } from "../db/seed";
import { DataDirLocked } from "../server/data-dir-lock";
import { EnvError, loadEnv } from "../server/env";
import { openMigratedDatabase } from "../server/open-database";
import { projectRoot } from "../server/project-root";

async function main() {
  const { values } = parseArgs({ options: { books: { type: "string" }, "no-demo": { type: "boolean" } } });
  const synthetic = values.books === undefined ? 0 : Number(values.books);
  if (!Number.isInteger(synthetic) || synthetic < 0 || synthetic > 1_000_000) {
    throw new EnvError("--books debe ser un número entero entre 0 y 1.000.000");
  }
  const env = loadEnv();
  const { database, close } = await openMigratedDatabase(env, projectRoot(import.meta.url), { poolSize: 2 });
  try {
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
    await close();
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
