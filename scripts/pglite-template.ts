/**
 * npm run build (after react-router build) and scripts/ensure-build.js: makes build/pglite-template.tar,
 * the migrated empty database new embedded data directories are created from (db/pglite-template.mjs,
 * docs/decisions/0056-memory.md).
 */
import path from "node:path";
import { makePgliteTemplate } from "../db/make-pglite-template";
import { templateFiles } from "../db/pglite-template.mjs";
import { projectRoot } from "../server/project-root";

const root = projectRoot(import.meta.url);
const started = performance.now();
makePgliteTemplate(root).then(
  ({ bytes }) => {
    const file = path.relative(root, templateFiles(root).tarball);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Plantilla de la base embebida: ${file} (${(bytes / 1e6).toFixed(1)} MB) en ${seconds} s.`);
  },
  (error: unknown) => {
    console.error("No se pudo crear la plantilla de la base embebida:", error);
    process.exit(1);
  },
);
