import http from "node:http";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAdminApiPath, isAdminPagePath } from "../../app/domain/auth/admin-paths";
import { resourceRoutes } from "../../app/resource-routes";
import pageRoutes from "../../app/routes";

import { openPostgres } from "../../db/connect";
import { type AppServer, appEnv, removeDataDir, startApp } from "../support/app-server";
import { saleBooks, setStock } from "../support/shop";

/** Every URL the shop serves: React Router's pages and the resource routes Express serves. */
const routes = [...pageRoutes, ...resourceRoutes];

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
/**
 * Issue 18's endpoints where the route table's generic "1" reaches nothing: the settings sections by name,
 * a real withdrawal's actions, and action names a plain object inherits (`constructor`, `__proto__`...),
 * which must be unknown actions, not functions. Filled once the withdrawal exists (beforeAll).
 */
let issue18Apis: string[] = [];
/** A paid transfer order with a withdrawal, for the pages' forms (the APIs get another one). */
let formOrder = { number: "", email: "" };
const INHERITED = ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"];

/** A paid transfer order for one book, with the buyer's withdrawal: {number, email, withdrawal id}. */
async function withdrawnOrder(email: string) {
  const [book] = await saleBooks(app, 1);
  if (!book) throw new Error("no book for sale");
  await setStock(app, cookie, book.id, 1_000);
  const json = { "content-type": "application/json", origin: app.baseUrl };
  const placed = await fetch(`${app.baseUrl}/api/orders`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      items: [{ id: book.id, quantity: 1 }],
      customer: { firstName: "Ana", lastName: "Pérez", email, phone: "+54 9 11 5555-1234" },
      delivery: { method: "pickup" },
      paymentMethod: "transfer",
    }),
  });
  expect(placed.status).toBe(201);
  const { number } = ((await placed.json()) as { order: { number: string } }).order;
  const paid = await fetch(`${app.baseUrl}/api/admin/orders/${number}/confirm-payment`, {
    method: "POST",
    headers: { ...json, cookie },
    body: "{}",
  });
  expect(paid.status).toBe(200);
  const requested = await fetch(`${app.baseUrl}/api/arrepentimiento`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ orderNumber: number, email }),
  });
  expect(requested.status).toBe(201);
  const { code } = (await requested.json()) as { code: string };
  const list = await fetch(`${app.baseUrl}/api/admin/withdrawals`, { headers: { cookie } });
  const { withdrawals } = (await list.json()) as { withdrawals: { id: number; code: string }[] };
  const id = withdrawals.find((row) => row.code === code)?.id;
  if (!id) throw new Error(`withdrawal ${code} not listed`);
  return { number, email, id };
}

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
  const forApis = await withdrawnOrder("arrepentida-api@example.com");
  formOrder = await withdrawnOrder("arrepentida-form@example.com");
  // In this order on purpose: cancel first, so later bodies reach the books-returned and refund rules.
  issue18Apis = [
    "/api/admin/settings/fiscal",
    "/api/admin/settings/taxes",
    ...["cancel", "books-returned", "refund", ...INHERITED].map(
      (action) => `/api/admin/withdrawals/${forApis.id}/${action}`,
    ),
    // The orders' actions have the same shape (an action name looked up in an object).
    ...INHERITED.map((action) => `/api/admin/orders/${forApis.number}/${action}`),
  ];
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

/**
 * Waits until the invoice worker has no job left to finish: an invoice an earlier endpoint queued is
 * issued in the background (a sandbox voucher written), which is that endpoint's write, not the next one's.
 */
async function backgroundJobsSettled() {
  if (!postgres) return;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const result = (await postgres.db.execute(
      sql`select count(*)::int as n from invoices where status in ('pending', 'issuing')`,
    )) as unknown as { rows: { n: number }[] };
    if ((result.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the invoice queue did not settle in 30 s");
}

describe("hostile input", () => {
  it(`never answers 5xx to ${BODIES_PER_ENDPOINT} generated bodies on every JSON endpoint`, async () => {
    expect(apis.length).toBeGreaterThan(20);
    expect(issue18Apis.length).toBeGreaterThan(2);
    const failures: string[] = [];
    const statuses: number[] = [];
    let unwritten = 0;
    const targets = [...apis, ...issue18Apis];
    for (const path of targets) {
      await backgroundJobsSettled();
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
        `__proto__/constructor keys, deep nesting, wrong content types) to ${targets.length} JSON endpoints: ${classes(statuses)}; ` +
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
    for (const path of [...apis, ...issue18Apis]) {
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
      `bodies over 1 MB (signed in) to ${statuses.length} JSON endpoints: ${classes(statuses)} ` +
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

  it(`answers issue 18's forms ${FORMS_PER_PAGE} hostile posts each, with their real intents, without a 5xx`, async () => {
    const hostileText = fc.oneof(
      fc.string({ maxLength: 60, unit: "binary" }),
      fc.constantFrom("", " ", "-1", "1e999", "null", "ñ".repeat(1500), "\u202e", "🦜📚", "<script>", "' or 1=1 --"),
    );
    /** Each field: one of its meaningful values (so the form gets past its first checks) or hostile text. */
    const field = (...values: string[]) => fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...values) }, hostileText);
    const today = new Date().toISOString().slice(0, 10);
    const number = formOrder.number;
    const forms: { path: string; signedIn: boolean; fields: Record<string, fc.Arbitrary<string>> }[] = [
      {
        path: "/arrepentimiento",
        signedIn: false,
        fields: {
          orderNumber: field(
            number,
            number.toLowerCase(),
            `#${Number(number.replace(/\D/g, ""))}`,
            "RZ-999999999",
            "0",
          ),
          email: field(formOrder.email, formOrder.email.toUpperCase(), "otra@example.com", "a@"),
          reason: hostileText,
        },
      },
      {
        path: "/caja-rizoma/baja",
        signedIn: false,
        fields: {
          intent: field("request", "resend", "confirm", ...INHERITED),
          email: field("baja-hostil@example.com", "BAJA-HOSTIL@example.com ", "no-es-un-email"),
          code: field("000000", "123456", "12345", "1234567", "12345a"),
        },
      },
      {
        path: `/admin/pedidos/${number}`,
        signedIn: true,
        fields: {
          intent: field("withdrawal-cancel", "withdrawal-books-returned", "withdrawal-refund", ...INHERITED),
          refundedOn: field(today, "2020-02-30", "9999-12-31", "ayer"),
          reference: field("TRF-0001", "x".repeat(121)),
        },
      },
      {
        path: "/admin/pedidos/RZ-999999",
        signedIn: true,
        fields: { intent: field("withdrawal-cancel", "withdrawal-books-returned", "withdrawal-refund") },
      },
      { path: "/admin/arrepentimientos", signedIn: true, fields: { intent: field("cancel", "refund", ...INHERITED) } },
      {
        path: "/admin/ajustes",
        signedIn: true,
        fields: {
          section: field("fiscal", "taxes", ...INHERITED),
          intent: field("save", "add", "remove:0", "remove:99", "remove:-1", ...INHERITED),
          legalName: field("Rizoma Libros SRL"),
          cuit: field("20-12345678-6", "30-71234567-1", "20123456786", "00-00000000-0"),
          taxCondition: field("monotributo", "responsable_inscripto", "exento", "constructor"),
          legalAddress: field("Thames 1234, CABA"),
          email: field("fiscal@rizoma.com.ar"),
          phone: field("11 5555-1234", "+54 9 11 5555-1234"),
          activityStart: field("2020-01-01", "2999-01-01", "2020-02-30"),
          qrUrl: field("https://www.afip.gob.ar/qr/?p=1", "http://afip.gob.ar.evil.com/", "javascript:alert(1)"),
          qrImage: field("/uploads/1.png", "/uploads/../../etc/passwd", "https://example.com/qr.png"),
          qrImageRemove: field("on"),
          "categories.0.key": field("libros", "", "__proto__"),
          "categories.0.label": field("Libros"),
          "categories.0.rate": field("0", "10.5", "21", "27", "-21", "NaN"),
          "categories.1.key": field("merchandising", "libros"),
          "categories.1.label": field("Merchandising"),
          "categories.1.rate": field("21", "1e999"),
          "categories.99.rate": field("21"),
        },
      },
    ];
    const failures: string[] = [];
    const statuses: number[] = [];
    for (const spec of forms) {
      const post = fc.record({
        values: fc.record(spec.fields, { requiredKeys: [] }),
        // Most as the browser posts a form; some multipart, some with a "file" of random bytes.
        encoding: fc.constantFrom("urlencoded", "urlencoded", "multipart"),
        file: fc.option(fc.uint8Array({ maxLength: 2048 }), { nil: undefined }),
      });
      const samples = fc.sample(post, { numRuns: FORMS_PER_PAGE, seed: spec.path.length * 7_368_787 });
      for (let i = 0; i < samples.length; i += 6) {
        await Promise.all(
          samples.slice(i, i + 6).map(async (sample) => {
            const values = sample.values as Record<string, string>;
            let body: URLSearchParams | FormData;
            if (sample.encoding === "multipart") {
              const form = new FormData();
              for (const [name, value] of Object.entries(values)) form.append(name, value);
              if (sample.file) form.append("qrImageFile", new Blob([sample.file], { type: "image/png" }), "qr.png");
              body = form;
            } else {
              body = new URLSearchParams(values);
            }
            const headers: Record<string, string> = { origin: app.baseUrl };
            if (spec.signedIn) headers.cookie = cookie;
            const what = `POST ${spec.path} ${JSON.stringify(values).slice(0, 160)}`;
            const status = await fetch(`${app.baseUrl}${spec.path}`, {
              method: "POST",
              headers,
              body,
              redirect: "manual",
            })
              .then(async (response) => {
                await response.arrayBuffer();
                return response.status;
              })
              .catch((error: Error) => {
                failures.push(`${what} -> ${error.message}`);
                return 0;
              });
            statuses.push(status);
            if (status >= 500) failures.push(`${what} -> ${status}`);
          }),
        );
      }
    }
    report(
      `issue 18 forms (withdrawal, baja, the order's withdrawal intents, ajustes fiscal and taxes): ` +
        `${statuses.length.toLocaleString("en-US")} posts: ${classes(statuses)}`,
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
