// `npm start` right after `npm ci` must work: build when there is no build yet (or when --force).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const force = process.argv.includes("--force");
if (force || !existsSync("build/server/index.js") || !existsSync("build/client")) {
  console.log(force ? "Compilando la app…" : "No hay build todavía: compilando la app (una sola vez)…");
  // Warnings and errors only: the list of every file written is for `npm run build`, not for a first start.
  const build = ["react-router", "build", "--logLevel", "warn"];
  const result = spawnSync("npx", build, { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
