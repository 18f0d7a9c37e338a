// `npm start` right after `npm ci` must work: build when there is no build yet (or when --force), and make
// the embedded database's template (db/pglite-template.mjs) when it is missing or stale.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { currentTemplate } from "../db/pglite-template.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = (command) => {
  const result = spawnSync("npx", command, { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const force = process.argv.includes("--force");
const built = existsSync(path.join(root, "build/server/index.js")) && existsSync(path.join(root, "build/client"));
if (force || !built) {
  console.log(force ? "Compilando la app…" : "No hay build todavía: compilando la app (una sola vez)…");
  // Warnings and errors only: the list of every file written is for `npm run build`, not for a first start.
  run(["react-router", "build", "--logLevel", "warn"]);
}
// Keyed by PGlite's version and the migrations, not by the app's build: a rebuild keeps a current one.
if (!currentTemplate(root)) run(["tsx", "scripts/pglite-template.ts"]);
