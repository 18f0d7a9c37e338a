// The server's CPU per request of two builds, paired (docs/decisions/0058-resource-routes-in-express.md):
// both run at once on fresh demo data (page cache off), and each URL is requested one at a time in
// blocks, alternately from each (the pair's order swapped every block), so whatever else the machine does
// falls on both. CPU is utime + stime from /proc/PID/stat (Linux only).
// Usage: node bench/paired-cpu.mjs <dirA> <dirB> <blocks> <blockSize> <url>...
// (each dir holds a production build: a copy of the project with build/ and node_modules).
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import http from "node:http";

const [dirA, dirB, blocks, size, ...urls] = process.argv.slice(2);
const start = (dir, port) => {
  const dataDir = `/tmp/ex-data-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn("node", ["server.js"], {
    cwd: dir,
    env: {
      ...process.env,
      PAGE_CACHE: "off",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: "production",
      MALLOC_ARENA_MAX: "2",
      DEMO_HISTORY: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (u) =>
    new Promise((res, rej) => {
      const r = http.get(
        { host: "127.0.0.1", port, path: u, agent, headers: { "accept-encoding": "gzip, br" } },
        (s) => {
          s.resume();
          s.on("end", () => res(s.statusCode));
        },
      );
      r.on("error", rej);
    });
  const cpu = () => {
    const f = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  return { dir, child, get, cpu };
};
const servers = [start(dirA, 3711), start(dirB, 3712)];
for (const s of servers)
  for (let i = 0; i < 300; i++) {
    try {
      await s.get("/healthz");
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
for (const s of servers) for (const u of urls) for (let i = 0; i < 150; i++) await s.get(u);
for (const u of urls) {
  const total = [0, 0];
  const perBlock = [[], []];
  for (let b = 0; b < Number(blocks); b++)
    for (const [i, s] of b % 2 ? [...servers.entries()].reverse() : [...servers.entries()]) {
      const c0 = s.cpu();
      for (let k = 0; k < Number(size); k++) await s.get(u);
      const c = s.cpu() - c0;
      total[i] += c;
      perBlock[i].push(c / Number(size));
    }
  const n = Number(blocks) * Number(size);
  const med = (a) => {
    const s = [...a].sort((x, y) => x - y);
    return s[Math.floor(s.length / 2)];
  };
  console.log(
    `${u.padEnd(50)} A ${(total[0] / n).toFixed(2)} (block median ${med(perBlock[0]).toFixed(2)})  B ${(total[1] / n).toFixed(2)} (block median ${med(perBlock[1]).toFixed(2)})  A-B ${((total[0] - total[1]) / n).toFixed(2)} ms/req over ${n} each`,
  );
}
for (const s of servers) s.child.kill("SIGTERM");
await Promise.all(servers.map((s) => new Promise((r) => s.child.on("exit", r))));
process.exit(0);
