import http from "node:http";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAdminApiPath, isAdminPagePath } from "../../app/domain/auth/admin-paths";
import routes from "../../app/routes";
import { openPostgres } from "../../db/connect";
import { type AppServer, appEnv, removeDataDir, startApp } from "../support/app-server";

/**
 * Hostile input (issue 11): generated bodies to every JSON endpoint and garbage query strings to every
 * page must never produce a 5xx; on PostgreSQL, an endpoint that refused every body wrote nothing.
 */
const admin = { email: "fuzz@rizoma.com.ar", password: "clave-de-prueba-fuzz" };
const report = (line: string) => console.log(`[hostile] ${line}`);
/** "2xx 120, 4xx 9,380": how many answers of each class. */
const classes = (statuses: number[]) => {
  const counts = new Map<string, number>();
  for (const status of statuses) {
    const key = status === 0 ? "no answer" : `${Math.floor(status / 100)}xx`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort()
    .map(([key, n]) => `${key} ${n.toLocaleString("en-US")}`)
    .join(", ");
};
const BODIES_PER_ENDPOINT = 500;
const QUERIES_PER_PAGE = 60;
const FORMS_PER_PAGE = 60;
let app: AppServer;
let cookie = "";
let postgres: Awaited<ReturnType<typeof openPostgres>> | null = null;

beforeAll(async () => {
  app = await startApp(await appEnv({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }));
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (app.env.DATABASE_URL) postgres = await openPostgres(app.env.DATABASE_URL, { max: 2 });
});
afterAll(async () => {
  await postgres?.close();
  await app?.stop();
  if (app) removeDataDir(app.dataDir);
});

function flatten(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [path || "/", ...flatten(entry.children ?? [], path)];
  });
}
const concrete = (pattern: string) => pattern.replace(/:\w+\??/g, "1").replace(/\/?\*$/, "/x");
const table = [...new Set(flatten(routes).map(concrete))];
const apis = table.filter((path) => path.startsWith("/api/"));
const pages = table.filter((path) => !path.startsWith("/api/") && !/\.(xml|txt)$/.test(path));

const hostileKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "email", "items", "id", "quantity", "code"),
  fc.constantFrom("customer", "delivery", "paymentMethod", "subtotal", "active", "featured", "name", "dni", "phone"),
  fc.string({ maxLength: 12, unit: "binary" }),
);
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.jsonValue({ maxDepth: 1 }),
    fc.string({ maxLength: 64, unit: "binary" }),
    fc.constantFrom(-1, 0, 1e9, 2 ** 53, -0, 1e308, 0.1, "", " ", "0", "null", "ñandú", "\u0000", "\u202e", "🦜📚"),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie("value"), { maxKeys: 5 }),
  ),
}));
const rawBodies = [
  '{"__proto__":{"isAdmin":true},"email":"a@b.co"}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${"}".repeat(3000)}`,
  JSON.stringify({ email: `${"x".repeat(200_000)}@example.com`, name: "y".repeat(100_000) }),
  '{"email": "a@b.co",',
  "null",
  "\uFEFF{}",
  "%%%",
];
const body = fc.oneof(
  { weight: 6, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? "null") },
  { weight: 1, arbitrary: fc.constantFrom(...rawBodies) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300, unit: "grapheme" }) },
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=rizoma",
  "application/xml",
  null,
);
const request = fc.record({
  method: fc.constantFrom("POST", "PUT", "PATCH", "DELETE"),
  body,
  contentType,
  signedIn: fc.boolean(),
});

/**
 * One request on its own connection (a hostile client does not share sockets with the others), with
 * the status and the whole answer read.
 */
function send(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<number>((resolve, reject) => {
    // Framed by Content-Length whatever the method (Node would send a DELETE body unframed).
    const headers = { ...init.headers, "content-length": String(Buffer.byteLength(init.body ?? "")) };
    const req = http.request(url, { method: init.method, headers, agent: false }, (res) => {
      res.resume();
      res.once("end", () => resolve(res.statusCode ?? 0));
      res.once("error", reject);
    });
    req.once("error", reject);
    req.end(init.body);
  });
}

/** Row counts of the business tables (rate-limit counters and sessions excepted: a refusal counts). */
async function rowCounts(): Promise<Record<string, number>> {
  if (!postgres) return {};
  const tables = (await postgres.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables.rows) {
    if (["rate_limits", "admin_sessions", "admin_users"].includes(name)) continue;
    const result = (await postgres.db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as {
      rows: { n: number }[];
    };
    counts[name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

describe("hostile input", () => {
  it(`never answers 5xx to ${BODIES_PER_ENDPOINT} generated bodies on every JSON endpoint`, async () => {
    expect(apis.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const statuses: number[] = [];
    let unwritten = 0;
    for (const path of apis) {
      const before = await rowCounts();
      let accepted = 0;
      const samples = fc.sample(request, { numRuns: BODIES_PER_ENDPOINT, seed: path.length * 7919 });
      // A few at a time: hostile, not a load test.
      for (let i = 0; i < samples.length; i += 8) {
        await Promise.all(
          samples.slice(i, i + 8).map(async (sample) => {
            const headers: Record<string, string> = { origin: app.baseUrl };
            if (sample.contentType) headers["content-type"] = sample.contentType;
            if (sample.signedIn && isAdminApiPath(path)) headers.cookie = cookie;
            const status = await send(`${app.baseUrl}${path}`, {
              method: sample.method,
              headers,
              body: sample.body,
            }).catch((error: Error) => {
              failures.push(`${sample.method} ${path} -> ${error.message}: ${sample.body.slice(0, 120)}`);
              return 0;
            });
            statuses.push(status);
            if (status >= 500) failures.push(`${sample.method} ${path} -> ${status}: ${sample.body.slice(0, 120)}`);
            if (status >= 200 && status < 300) accepted += 1;
          }),
        );
      }
      if (postgres && accepted === 0) {
        const after = await rowCounts();
        for (const [name, count] of Object.entries(after)) {
          if (name === "mail_outbox" || name === "audit_log") continue;
          expect(count, `${path} refused every body but ${name} changed`).toBe(before[name]);
        }
        unwritten += 1;
      }
    }
    report(
      `fuzz: ${statuses.length.toLocaleString("en-US")} generated bodies (wrong types, huge strings, odd unicode, ` +
        `__proto__/constructor keys, deep nesting, wrong content types) to ${apis.length} JSON endpoints: ${classes(statuses)}; ` +
        (postgres
          ? `${unwritten} endpoints refused every body and not one business table changed`
          : "writes checked on PostgreSQL only (the embedded database lives inside the server)"),
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
  });

  it("answers 413 to a body over 1 MB on every JSON endpoint", async () => {
    const big = JSON.stringify({ email: "a@b.co", note: "x".repeat(1_100_000) });
    const statuses: number[] = [];
    for (const path of apis) {
      const status = await send(`${app.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: app.baseUrl, cookie },
        body: big,
      });
      // The admin gate and unknown API paths answer before the size matters; all others refuse the size.
      expect([413, 401, 404], path).toContain(status);
      statuses.push(status);
    }
    report(
      `bodies over 1 MB (signed in) to ${apis.length} JSON endpoints: ${classes(statuses)} ` +
        `(${statuses.filter((status) => status === 413).length} of them 413)`,
    );
  });

  it(`answers every page's action ${FORMS_PER_PAGE} hostile forms without a 5xx`, async () => {
    const form = fc.record({
      body: fc.oneof(
        fc
          .dictionary(
            fc.oneof(
              fc.constantFrom("intent", "email", "name", "title", "decision", "code", "id"),
              fc.string({ maxLength: 8 }),
            ),
            fc.oneof(
              fc.string({ maxLength: 60, unit: "binary" }),
              fc.constantFrom("\u0000", "-1", "1e999", "ñ".repeat(500)),
            ),
            { maxKeys: 6 },
          )
          .map((fields) => new URLSearchParams(fields as Record<string, string>).toString()),
        body,
      ),
      contentType,
      signedIn: fc.boolean(),
    });
    const failures: string[] = [];
    const statuses: number[] = [];
    for (const path of pages) {
      const samples = fc.sample(form, { numRuns: FORMS_PER_PAGE, seed: path.length * 15485863 });
      for (let i = 0; i < samples.length; i += 6) {
        await Promise.all(
          samples.slice(i, i + 6).map(async (sample) => {
            const headers: Record<string, string> = { origin: app.baseUrl };
            if (sample.contentType) headers["content-type"] = sample.contentType;
            if (sample.signedIn) headers.cookie = cookie;
            const status = await send(`${app.baseUrl}${path}`, { method: "POST", headers, body: sample.body }).catch(
              (error: Error) => {
                failures.push(`POST ${path} -> ${error.message}`);
                return 0;
              },
            );
            statuses.push(status);
            if (status >= 500) failures.push(`POST ${path} -> ${status}: ${sample.body.slice(0, 100)}`);
          }),
        );
      }
    }
    report(
      `hostile forms: ${statuses.length.toLocaleString("en-US")} posts to ${pages.length} pages: ${classes(statuses)}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it(`renders every page for ${QUERIES_PER_PAGE} garbage query strings without a 5xx`, async () => {
    const query = fc.oneof(
      fc
        .dictionary(
          fc.oneof(
            fc.constantFrom(
              "search",
              "categoria",
              "autor",
              "genero",
              "min",
              "max",
              "orden",
              "dir",
              "pagina",
              "token",
              "next",
            ),
            fc.string({ maxLength: 8 }),
          ),
          fc.oneof(
            fc.string({ maxLength: 40, unit: "binary" }),
            fc.constantFrom("-1", "1e999", "NaN", "%ff", "0x10", "99999999999999999999"),
          ),
          { maxKeys: 5 },
        )
        .map((params) => new URLSearchParams(params as Record<string, string>).toString()),
      fc.constantFrom("%ff%fe", "a=%", "pagina[]=1&pagina[]=2", "search=%00", `search=${"ñ".repeat(3000)}`),
    );
    const failures: string[] = [];
    const statuses: number[] = [];
    for (const path of pages) {
      const queries = fc.sample(query, { numRuns: QUERIES_PER_PAGE, seed: path.length * 104729 });
      for (let i = 0; i < queries.length; i += 6) {
        await Promise.all(
          queries.slice(i, i + 6).map(async (q) => {
            const headers: Record<string, string> = isAdminPagePath(path) ? { cookie } : {};
            const response = await fetch(`${app.baseUrl}${path}?${q}`, { headers, redirect: "manual" });
            await response.arrayBuffer();
            statuses.push(response.status);
            if (response.status >= 500) failures.push(`${path}?${q.slice(0, 100)} -> ${response.status}`);
          }),
        );
      }
    }
    report(
      `garbage query strings: ${statuses.length.toLocaleString("en-US")} page loads on ${pages.length} pages: ${classes(statuses)}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
