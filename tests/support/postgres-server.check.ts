// Smoke check for the temp PostgreSQL helper: `npx tsx tests/support/postgres-server.check.ts`
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createDatabase, startTempPostgres } from "./postgres-server";

function readProc(pid: string, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
}

const pids = (): string[] => readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
// Field 4 of /proc/PID/stat is the parent pid; the comm field before it may contain spaces.
const parentOf = (pid: string): string => readProc(pid, "stat").split(") ")[1]?.split(" ")[1] ?? "";

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const t0 = performance.now();
const server = await startTempPostgres({ log: (line) => line && console.log(`  [pg] ${line.split("\n").at(-1)}`) });
const started = performance.now();
console.log(`started ${server.url} in ${Math.round(started - t0)} ms (data ${server.dataDir})`);

const postmaster = readFileSync(path.join(server.dataDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "";
const serverPids = [postmaster, ...pids().filter((pid) => parentOf(pid) === postmaster)];
console.log(`postmaster ${postmaster} with ${serverPids.length - 1} children`);

console.log((await query(server.url, "select version()")).rows[0]);
await query(server.url, "CREATE DATABASE rizoma_template");
const templateUrl = server.url.replace(/\/postgres$/, "/rizoma_template");
await query(templateUrl, "CREATE EXTENSION pg_trgm; CREATE EXTENSION unaccent;");
const dbUrl = await createDatabase(server.url, 'rizoma "test" db', "rizoma_template");
const check = await query(
  dbUrl,
  "select current_database() as db, unaccent('Educación') as unaccented, similarity('rizoma', 'rizomas') as sim, " +
    "(select string_agg(extname, ',' order by extname) from pg_extension) as extensions",
);
console.log(dbUrl, check.rows[0]);

const t1 = performance.now();
await server.stop();
await server.stop();
console.log(`stopped in ${Math.round(performance.now() - t1)} ms; start+stop ${Math.round(performance.now() - t0)} ms`);

// A dead postmaster may linger as a zombie until init reaps it (about 1 s on this VM): that is not a leftover.
const state = (pid: string): string => readProc(pid, "stat").split(") ")[1]?.split(" ")[0] ?? "";
const liveServerPids = (): string[] => serverPids.filter((pid) => !["", "Z", "X"].includes(state(pid)));
for (let i = 0; i < 40 && liveServerPids().length; i++) await new Promise((r) => setTimeout(r, 50));
const alive = liveServerPids();
const mentioning = pids().filter((pid) => readProc(pid, "cmdline").includes(server.dataDir));
if (alive.length || mentioning.length || existsSync(path.dirname(server.dataDir))) {
  console.error("FAIL: leftovers", { alive, mentioning, dirExists: existsSync(path.dirname(server.dataDir)) });
  process.exit(1);
}
console.log("OK: no postgres process of that data dir remains, temp dir removed");
