// `npm start` right after `npm ci` must work: build when there is no build yet (or when --force), and make
// the embedded database's template (db/pglite-template.mjs) when it is missing or stale.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { currentTemplate } from "../db/pglite-template.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = (command) =>
  spawnSync("npx", command, { cwd: root, stdio: "inherit", shell: process.platform === "win32" }).status;

const force = process.argv.includes("--force");
const built = existsSync(path.join(root, "build/server/index.js")) && existsSync(path.join(root, "build/client"));
if (force || !built) {
  console.log(force ? "Compilando la app…" : "No hay build todavía: compilando la app (una sola vez)…");
  // Warnings and errors only: the list of every file written is for `npm run build`, not for a first start.
  const status = run(["react-router", "build", "--logLevel", "warn"]);
  if (status !== 0) process.exit(status ?? 1);
}
// `react-router build` empties build/, so the template comes after it; it is also made again when its key
// (PGlite's version, the migrations) is no longer the project's. Without one a new database is made by
// initdb, slower and with a higher peak: a failure here is said, not fatal.
if (!currentTemplate(root) && run(["tsx", "scripts/pglite-template.ts"]) !== 0) {
  console.warn("Sin plantilla: una base nueva se creará con initdb (más lento, y necesita más memoria).");
}
