// Before the tests: the browser the end-to-end tests drive (/usr/bin/chromium) and, with TEST_POSTGRES=1,
// PostgreSQL's own tools (initdb/pg_ctl to start a server, pg_dump/pg_restore for the backup tests).
// What is missing is installed when this machine lets us (root and apt-get, as .ci/run does); otherwise
// the run stops at once with one line saying what to install, instead of failing deep inside a test.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const POSTGRES_BIN = "/usr/lib/postgresql/15/bin";

/**
 * What the tests need and is missing, as Debian packages. `has(name)` says whether a program exists
 * (a path, or a name looked up in PATH and in PostgreSQL's own folder).
 */
export function missingPackages({ has, postgres }) {
  const packages = [];
  if (!has("/usr/bin/chromium")) packages.push("chromium", "fonts-liberation");
  if (postgres) {
    if (!has("initdb") || !has("pg_ctl")) packages.push("postgresql-15");
    if (!has("pg_dump") || !has("pg_restore")) packages.push("postgresql-client-15");
  }
  return packages;
}

/**
 * The decision: nothing to do, install (root with apt-get), or stop with one Spanish line.
 * @returns {{ action: "ok" } | { action: "install", packages: string[] } | { action: "stop", message: string }}
 */
export function preflight({ has, postgres, root, apt, command = "npm test" }) {
  const packages = missingPackages({ has, postgres });
  if (packages.length === 0) return { action: "ok" };
  if (root && apt) return { action: "install", packages };
  const what = [
    packages.includes("chromium") ? "Chromium (el navegador de las pruebas)" : null,
    packages.some((p) => p.startsWith("postgresql")) ? "las herramientas de PostgreSQL 15" : null,
  ].filter(Boolean);
  const verb = what.length > 1 || what[0]?.startsWith("las ") ? "Faltan" : "Falta";
  const install = `${root ? "" : "sudo "}apt-get install ${packages.join(" ")}`;
  return {
    action: "stop",
    message: `${verb} ${what.join(" y ")}: instalá lo que falta con \`${install}\` y volvé a correr \`${command}\`.`,
  };
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A program by path, or by name in PG_BIN, PATH and PostgreSQL 15's folder (Debian keeps initdb there). */
export function hasProgram(name, env = process.env) {
  if (name.includes("/")) return executable(name);
  const dirs = [env.PG_BIN, ...(env.PATH ?? "").split(path.delimiter), POSTGRES_BIN].filter(Boolean);
  return dirs.some((dir) => executable(path.join(dir, name)));
}

function main() {
  const postgres = process.env.TEST_POSTGRES === "1";
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = hasProgram("apt-get");
  const command = postgres ? "TEST_POSTGRES=1 npm test" : "npm test";
  const decision = preflight({ has: (name) => hasProgram(name), postgres, root, apt, command });
  if (decision.action === "ok") return;
  if (decision.action === "stop") {
    console.error(decision.message);
    process.exit(1);
  }
  console.log(`Instalando lo que falta para las pruebas: ${decision.packages.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args) => spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env }).status === 0;
  const installed =
    run(["update", "-qq"]) && run(["install", "-y", "-qq", "--no-install-recommends", ...decision.packages]);
  const after = preflight({ has: (name) => hasProgram(name), postgres, root: false, apt: false, command });
  if (!installed || after.action !== "ok") {
    console.error(after.action === "stop" ? after.message : "No se pudo instalar lo que falta para las pruebas.");
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
