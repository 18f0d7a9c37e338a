// The baseline: a bare Node `http` server that answers each benchmarked URL with the exact bytes the app
// sends for it: the body of the cached app's answer (a page-cache hit) and every one of its headers but
// date, connection, keep-alive, transfer-encoding and content-length, which Node writes itself (captured by
// bench/run.ts). Comparing the app with a server that sent fewer header bytes would flatter the server.
// No framework, no database, no compression at request time. Usage: node bench/bare-server.mjs <responses.json> <port>
import { readFileSync } from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
/** @type {Record<string, {headers: Record<string, string | string[]>, body: string}>} path -> headers + base64 body */
const captured = JSON.parse(readFileSync(file, "utf8"));
const responses = new Map(
  Object.entries(captured).map(([path, { headers, body }]) => [path, { headers, body: Buffer.from(body, "base64") }]),
);

const server = http.createServer((req, res) => {
  const found = responses.get(req.url ?? "");
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { ...found.headers, "content-length": found.body.length });
  res.end(found.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
