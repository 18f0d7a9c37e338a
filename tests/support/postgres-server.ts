import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { chown, mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface TempPostgres {
  /** admin URL to the "postgres" db */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server like an outage (`pg_ctl stop -m fast|immediate`), keeping its data for `resume()`. */
  halt(mode?: "fast" | "immediate"): Promise<void>;
  /** Starts a halted server again, on the same port and data. */
  resume(): Promise<void>;
  /** Stops the server for good and removes its files. */
  stop(): Promise<void>;
}

const PG_USER = "rizoma-pg";

type Argv = [string, ...string[]];

interface RunResult {
  code: number | null;
  output: string;
}

function run([cmd, ...args]: Argv, cwd: string): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (err) => resolve({ code: null, output: `${output}${err.message}\n` }));
    child.on("close", (code) => resolve({ code, output }));
  });
}

function which(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function binDir(): string {
  const dir = process.env.PG_BIN ?? "/usr/local/bin";
  if (existsSync(path.join(dir, "initdb"))) return dir;
  // Debian's postgresql-15 keeps initdb off PATH; scripts/preflight.mjs counts it there too.
  const debian = "/usr/lib/postgresql/15/bin/initdb";
  const found = which("initdb") ?? (existsSync(debian) ? debian : undefined);
  if (!found) throw new Error(`initdb not found in ${dir} nor on PATH (set PG_BIN)`);
  return path.dirname(found);
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

// PostgreSQL refuses to run as root, so as root every server command goes through an unprivileged user.
function asPgUser(argv: Argv): Argv {
  if (process.getuid?.() !== 0) return argv;
  if (which("runuser")) return ["runuser", "-u", PG_USER, "--", ...argv];
  return ["su", "-s", "/bin/sh", PG_USER, "-c", argv.map(shellQuote).join(" ")];
}

async function ensurePgUser(): Promise<{ uid: number; gid: number }> {
  if (spawnSync("id", [PG_USER]).status !== 0) {
    const args = ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_USER];
    const res = spawnSync("useradd", args, { encoding: "utf8" });
    // A concurrent run may have created the user in between; only fail if it still does not exist.
    if (res.status !== 0 && spawnSync("id", [PG_USER]).status !== 0) {
      throw new Error(`useradd ${PG_USER} failed: ${res.stderr || res.error?.message}`);
    }
  }
  const id = (flag: string): number => Number(spawnSync("id", [flag, PG_USER], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const tail = (text: string, lines = 40): string => text.trimEnd().split("\n").slice(-lines).join("\n");

export async function startTempPostgres(
  options: {
    log?: (line: string) => void;
    /** Keep PostgreSQL's crash safety (fsync, synchronous commit), which the fast default turns off. */
    durable?: boolean;
  } = {},
): Promise<TempPostgres> {
  const log = options.log ?? (() => {});
  const bin = binDir();
  const root = await mkdtemp(path.join(os.tmpdir(), "rizoma-pg-"));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "log");
  const pgCtl = path.join(bin, "pg_ctl");
  const [stopCmd, ...stopArgs] = asPgUser([pgCtl, "-D", dataDir, "-m", "immediate", "-w", "stop"]);
  // Last resort if the caller dies without calling stop(): never leave a postmaster behind.
  const onExit = (): void => {
    spawnSync(stopCmd, stopArgs, { cwd: "/", stdio: "ignore" });
    rmSync(root, { recursive: true, force: true });
  };
  process.on("exit", onExit);
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      process.off("exit", onExit);
      if (existsSync(path.join(dataDir, "postmaster.pid"))) {
        const res = await run([stopCmd, ...stopArgs], root);
        log(res.output.trim());
      }
      await rm(root, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    if (process.getuid?.() === 0) {
      const { uid, gid } = await ensurePgUser();
      await chown(root, uid, gid);
    }
    const initdbArgs = ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8"];
    const initdb = (locale: string): Promise<RunResult> =>
      run(asPgUser([path.join(bin, "initdb"), ...initdbArgs, `--locale=${locale}`]), root);
    let init = await initdb("C.UTF-8");
    if (init.code !== 0 && /locale/i.test(init.output)) init = await initdb("C");
    log(init.output.trim());
    if (init.code !== 0) throw new Error(`initdb failed (exit ${init.code}):\n${tail(init.output)}`);

    const port = await freePort();
    const settings = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${shellQuote(root)}`,
      ...(options.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
      "-c max_connections=200",
      "-c shared_buffers=128MB",
    ].join(" ");
    const startServer = async () => {
      const start = await run(asPgUser([pgCtl, "-D", dataDir, "-o", settings, "-l", logFile, "-w", "start"]), root);
      log(start.output.trim());
      if (start.code !== 0) {
        const serverLog = await readFile(logFile, "utf8").catch(() => "");
        throw new Error(
          `pg_ctl start failed (exit ${start.code}):\n${start.output.trim()}\n--- ${logFile} ---\n${tail(serverLog)}`,
        );
      }
    };
    const halt = async (mode: "fast" | "immediate" = "fast") => {
      const res = await run(asPgUser([pgCtl, "-D", dataDir, "-m", mode, "-w", "stop"]), root);
      log(res.output.trim());
      if (res.code !== 0) throw new Error(`pg_ctl stop failed (exit ${res.code}):\n${res.output.trim()}`);
    };
    await startServer();
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dataDir, halt, resume: startServer, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const templateClause = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : "";
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${templateClause}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.href;
}
