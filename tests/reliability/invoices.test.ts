import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type Database, openPglite, openPostgres } from "../../db/connect";
import { invoices, orders } from "../../db/schema";
import {
  type AppServer,
  adminCookie,
  appEnv,
  type CallInit,
  callApp,
  removeDataDir,
  startApp,
} from "../support/app-server";
import { arcaTestCredentials } from "../support/arca-cert";
import { type FakeArca, startFakeArca } from "../support/fake-arca";
import { saleBooks, setStock } from "../support/shop";
import { onPostgres } from "../support/test-database";
import { until } from "../support/until";

/**
 * Electronic invoices under faults (issue 19, "Done when"): the app killed (SIGKILL) after ARCA authorised a
 * voucher and before the answer reached us, then restarted on the same data; and 50 orders confirmed at once
 * over two instances (PostgreSQL; one instance on PGlite, which one process owns). The real ARCA client
 * talks to the fake ARCA (tests/support/fake-arca.ts) over SOAP on loopback.
 */
const CUIT = "30716543214";
const admin = { email: "facturas-fallas@rizoma.com.ar", password: "clave-de-prueba-facturas" };
const postgres = inject("postgresAdminUrl") !== "";
const engine = () => (onPostgres() ? "postgresql" : "pglite");
const report = (line: string) => console.log(`invoices (${engine()}): ${line}`);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const call = (app: AppServer, path: string, init: CallInit = {}) => callApp(app, path, { timeoutMs: 120_000, ...init });

async function startFake(): Promise<FakeArca> {
  const fake = await startFakeArca({ certificatePem: arcaTestCredentials().certificatePem, cuit: CUIT });
  cleanups.push(() => fake.close());
  return fake;
}

/** The app's environment pointed at the fake ARCA (homologación, the shop's test certificate). */
async function arcaEnv(fake: FakeArca, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const { certificatePem, privateKeyPem } = arcaTestCredentials();
  const env = await appEnv({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SESSION_SECRET: "secreto-de-las-facturas",
    ARCA_ENV: "homologacion",
    ARCA_CUIT: CUIT,
    ARCA_CERT: certificatePem,
    ARCA_KEY: privateKeyPem,
    ARCA_WSAA_URL: fake.wsaaUrl,
    ARCA_WSFE_URL: fake.wsfeUrl,
    // "invoice issued" lines tell which instance issued each voucher.
    LOG_LEVEL: "info",
    ...extra,
  });
  cleanups.push(async () => removeDataDir(env.DATA_DIR ?? ""));
  return env;
}

async function start(env: Record<string, string>): Promise<AppServer> {
  const app = await startApp(env);
  cleanups.push(() => app.kill());
  return app;
}

const signIn = (app: AppServer) => adminCookie(app, admin);

async function putSection(app: AppServer, cookie: string, key: string, value: unknown) {
  const saved = await call(app, `/api/admin/settings/${key}`, { method: "PUT", body: value, cookie });
  expect(saved.status, saved.text).toBe(200);
}

/**
 * The shop as the admin sets it up to invoice: a Responsable Inscripto with the fake's CUIT, point of sale 1,
 * invoicing on; orders from one address not limited (every test order comes from 127.0.0.1).
 */
async function invoicingShop(app: AppServer, cookie: string): Promise<void> {
  const { settings } = (await call(app, "/api/admin/settings", { cookie })).json;
  await putSection(app, cookie, "rateLimits", { ...settings.rateLimits, ordersPerIpPerHour: 1000 });
  await putSection(app, cookie, "fiscal", {
    ...settings.fiscal,
    legalName: "Rizoma Libros SRL",
    cuit: "30-71654321-4",
    taxCondition: "responsable_inscripto",
    legalAddress: "Thames 1234, CABA",
  });
  await putSection(app, cookie, "invoicing", { enabled: true, pointOfSale: 1 });
}

interface Placed {
  number: string;
  token: string;
  total: number;
}

async function placeOrder(app: AppServer, bookId: number, email: string, quantity = 1): Promise<Placed> {
  const placed = await call(app, "/api/orders", {
    body: {
      items: [{ id: bookId, quantity }],
      customer: { firstName: "Ana", lastName: "Pérez", email, phone: "+54 9 11 5555-1234" },
      delivery: { method: "pickup" },
      paymentMethod: "transfer",
    },
  });
  expect(placed.status, placed.text).toBe(201);
  const { number, token, total } = placed.json.order;
  return { number, token, total };
}

async function confirm(app: AppServer, cookie: string, number: string) {
  const answer = await call(app, `/api/admin/orders/${number}/confirm-payment`, { body: {}, cookie });
  expect(answer.status, answer.text).toBe(200);
}

/** The voucher titles the buyer's order page lists ("Factura B 00001-00000001", ...). */
async function buyerVouchers(app: AppServer, order: Placed): Promise<string[]> {
  const page = await call(app, `/pedido/${order.number}?token=${order.token}`);
  expect(page.status).toBe(200);
  return [...new Set(page.text.match(/(?:Factura|Nota de crédito) [ABC] \d{5}-\d{8}/g) ?? [])];
}

/** The app's own database, opened from the test (PGlite: only once the app is stopped). */
function openAppDatabase(env: Record<string, string>): Promise<Database> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, { max: 2 }) : openPglite(env.DATA_DIR ?? "");
}

const voucherText = (number: number) => `00001-${String(number).padStart(8, "0")}`;

/** Centavos of ARCA's decimal as the fake stored it ("1271", "12.5"). */
const centsOf = (text: string) => Math.round(Number(text) * 100);

/** Each order's invoice as the app's database holds it, by order number. */
async function invoicesByOrder(env: Record<string, string>) {
  const database = await openAppDatabase(env);
  try {
    const rows = await database.db
      .select({
        order: orders.number,
        orderTotal: orders.totalCents,
        number: invoices.number,
        cae: invoices.cae,
        status: invoices.status,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(invoices.kind, "invoice"))
      .orderBy(invoices.number);
    return rows;
  } finally {
    await database.close();
  }
}

describe("invoices through faults", () => {
  it("kill -9 between ARCA's authorisation and our write: the restart recovers the same CAE and uses no second number", async () => {
    const fake = await startFake();
    // ARCA's answer never comes; the app is killed while it still waits for it (5 s). Short leases: the
    // restarted app reclaims the voucher within seconds, and the sequence (4 calls' time + 10 s) within 30 s.
    const env = await arcaEnv(fake, { ARCA_TIMEOUT_MS: "5000", INVOICE_LEASE_SECONDS: "3" });
    const first = await start(env);
    const cookie = await signIn(first);
    await invoicingShop(first, cookie);
    const [book] = await saleBooks(first, 1);
    if (!book) throw new Error("no book");
    await setStock(first, cookie, book.id, 100);

    const order = await placeOrder(first, book.id, "recuperada@example.com");
    fake.authoriseThenHang(1);
    await confirm(first, cookie, order.number);
    const authorised = await until(() => fake.vouchers.get("1-6-1"), "ARCA to authorise invoice 1", 60_000);
    expect(fake.requests.FECAESolicitar).toBe(1);
    await first.kill();
    expect(first.process.signalCode).toBe("SIGKILL");
    // Killed while waiting: the attempt had not timed out (the worker logs that as a warning).
    expect(first.output()).not.toContain("invoice attempt failed");
    report(`invoice 1 authorised by ARCA (CAE ${authorised.cae}); the app killed before the answer reached it`);

    const killedAt = Date.now();
    const second = await start(env);
    const restartedIn = Date.now() - killedAt;
    await until(
      async () => (await buyerVouchers(second, order)).includes(`Factura B ${voucherText(1)}`),
      "the restarted app to recover invoice 1",
      240_000,
    );
    const recoveredIn = Date.now() - killedAt;
    expect(fake.requests.FECAESolicitar).toBe(1);
    expect(fake.requests.FECompConsultar ?? 0).toBeGreaterThanOrEqual(1);
    expect(fake.vouchers.size).toBe(1);
    report(
      `restart: healthy ${(restartedIn / 1000).toFixed(1)} s after the kill, invoice 1 recovered through FECompConsultar ` +
        `${(recoveredIn / 1000).toFixed(1)} s after it (FECAESolicitar stayed 1, FECompConsultar ${fake.requests.FECompConsultar})`,
    );

    // The next sale is number 2: no gap, no second use of 1.
    const next = await placeOrder(second, book.id, "siguiente@example.com");
    await confirm(second, await signIn(second), next.number);
    await until(
      async () => (await buyerVouchers(second, next)).includes(`Factura B ${voucherText(2)}`),
      "invoice 2",
      60_000,
    );
    expect(fake.requests.FECAESolicitar).toBe(2);
    expect(fake.lastNumber(1, 6)).toBe(2);
    expect(fake.requests.loginCms).toBe(1);
    await second.stop();

    const database = await openAppDatabase(env);
    try {
      const rows = await database.db
        .select({ order: orders.number, number: invoices.number, cae: invoices.cae, status: invoices.status })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .orderBy(invoices.number);
      expect(rows).toEqual([
        { order: order.number, number: 1, cae: authorised.cae, status: "issued" },
        { order: next.number, number: 2, cae: fake.vouchers.get("1-6-2")?.cae, status: "issued" },
      ]);
    } finally {
      await database.close();
    }
    report(
      `after the restart: ${order.number} holds invoice 1 with ARCA's CAE, ${next.number} invoice 2; ` +
        `FECAESolicitar 2, loginCms 1 (the ticket kept in the database)`,
    );
  });

  it("ARCA commits a sale's request 8 s after our 3 s timeout, another sale follows: exactly two vouchers, each order with its own CAE; two 501s in a row still end in one", async () => {
    const fake = await startFake();
    const env = await arcaEnv(fake, { ARCA_TIMEOUT_MS: "3000", INVOICE_RETRY_SECONDS: "2" });
    const app = await start(env);
    const cookie = await signIn(app);
    await invoicingShop(app, cookie);
    const [book] = await saleBooks(app, 1);
    if (!book) throw new Error("no book");
    await setStock(app, cookie, book.id, 100);
    const first = await placeOrder(app, book.id, "tardia@example.com", 1);
    const second = await placeOrder(app, book.id, "siguiente@example.com", 2);

    fake.commitLate(8000);
    await confirm(app, cookie, first.number);
    await until(() => (fake.requests.FECAESolicitar ?? 0) >= 1, "the first FECAESolicitar", 30_000);
    await confirm(app, cookie, second.number);
    for (const [order, number] of [
      [first, 1],
      [second, 2],
    ] as const) {
      await until(
        async () => (await buyerVouchers(app, order)).includes(`Factura B ${voucherText(number)}`),
        `invoice ${number} on ${order.number}'s page`,
        120_000,
      );
    }
    // Long enough for any request still at ARCA to commit: no third voucher appears.
    await new Promise((resolve) => setTimeout(resolve, 9000));
    expect([...fake.vouchers.keys()].sort()).toEqual(["1-6-1", "1-6-2"]);
    expect(centsOf(fake.vouchers.get("1-6-1")?.total ?? "")).toBe(Math.round(first.total * 100));
    expect(centsOf(fake.vouchers.get("1-6-2")?.total ?? "")).toBe(Math.round(second.total * 100));
    report(
      `late commit: FECAESolicitar ${fake.requests.FECAESolicitar}, FECompConsultar ${fake.requests.FECompConsultar ?? 0}, ` +
        `FECompUltimoAutorizado ${fake.requests.FECompUltimoAutorizado}; ARCA holds 2 vouchers`,
    );

    // ARCA's own database error twice in a row: the voucher waits and is issued once.
    const third = await placeOrder(app, book.id, "error-interno@example.com", 3);
    fake.internalErrorNext("FECAESolicitar", 501, 2);
    await confirm(app, cookie, third.number);
    await until(
      async () => (await buyerVouchers(app, third)).includes(`Factura B ${voucherText(3)}`),
      "invoice 3 after two 501s",
      120_000,
    );
    expect(fake.vouchers.size).toBe(3);
    await app.stop();

    const rows = await invoicesByOrder(env);
    expect(rows).toEqual(
      [first, second, third].map((order, i) => ({
        order: order.number,
        orderTotal: Math.round(order.total * 100),
        number: i + 1,
        cae: fake.vouchers.get(`1-6-${i + 1}`)?.cae,
        status: "issued",
        totalCents: Math.round(order.total * 100),
      })),
    );
  });

  const SALES = 16;
  it(`ARCA slow and flaky, ${postgres ? "two instances" : "one instance"}, kill -9 mid-request: ${SALES} paid sales end with exactly one voucher each at ARCA`, async () => {
    const fake = await startFake();
    fake.setLatency(150);
    fake.chaos({
      seed: 20261129,
      lateCommitRate: 0.15,
      lateCommitMs: 4000,
      internalErrorRate: 0.15,
      hangRate: 0.1,
      dropRate: 0.1,
    });
    const env = await arcaEnv(fake, {
      ARCA_TIMEOUT_MS: "2000",
      INVOICE_RETRY_SECONDS: "1",
      INVOICE_LEASE_SECONDS: "3",
    });
    const a = await start(env);
    const envB = { ...env, DATA_DIR: `${env.DATA_DIR}-b` };
    const b = postgres ? await start(envB) : null;
    if (b) cleanups.push(async () => removeDataDir(b.dataDir));
    const cookie = await signIn(a);
    await invoicingShop(a, cookie);
    const [book] = await saleBooks(a, 1);
    if (!book) throw new Error("no book");
    await setStock(a, cookie, book.id, 1000);
    // Each sale its own total (1..16 copies), so ARCA's vouchers can be told apart.
    const placed: Placed[] = [];
    for (let i = 0; i < SALES; i++) placed.push(await placeOrder(a, book.id, `caos-${i}@example.com`, i + 1));
    const apps = b ? [a, b] : [a];
    // Besides the seeded chaos, one of each of ARCA's own errors and a proxy's error page, for certain.
    fake.internalErrorNext("FECAESolicitar", 502, 1);
    fake.httpErrorNext(503, 1);
    await Promise.all(placed.map((order, i) => confirm(apps[i % apps.length] as AppServer, cookie, order.number)));

    // Killed while a request is at ARCA (some vouchers out, the rest on their way).
    await until(
      () => fake.vouchers.size >= 4 && (fake.requests.FECAESolicitar ?? 0) > fake.vouchers.size,
      "a request in flight",
      120_000,
    );
    await a.kill();
    report(`kill -9 with ${fake.vouchers.size} vouchers at ARCA and FECAESolicitar ${fake.requests.FECAESolicitar}`);
    const restarted = await start(env);
    const live = b ? [restarted, b] : [restarted];
    await until(
      async () => {
        const listed = await Promise.all(
          placed.map((order, i) => buyerVouchers(live[i % live.length] as AppServer, order)),
        );
        return listed.every((titles) => titles.length === 1);
      },
      `${SALES} invoices on the buyers' pages`,
      420_000,
    );
    // Any request still committing at ARCA lands within its late commit: none may add a voucher.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const app of [...live].reverse()) await app.stop();

    const rows = await invoicesByOrder(env);
    expect(rows.map((row) => row.status)).toEqual(Array(SALES).fill("issued"));
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: SALES }, (_, i) => i + 1));
    expect(fake.vouchers.size).toBe(SALES);
    for (const row of rows) {
      const voucher = fake.vouchers.get(`1-6-${row.number}`);
      expect(voucher?.cae, `invoice ${row.number}`).toBe(row.cae);
      expect(centsOf(voucher?.total ?? ""), `invoice ${row.number}`).toBe(row.orderTotal);
    }
    expect(fake.stats.lateCommits + fake.stats.hangs + fake.stats.drops).toBeGreaterThan(0);
    expect(fake.stats.internalErrors).toBeGreaterThan(0);
    const totals = [...fake.vouchers.values()].map((voucher) => centsOf(voucher.total)).sort((x, y) => x - y);
    expect(totals).toEqual(placed.map((order) => Math.round(order.total * 100)).sort((x, y) => x - y));
    report(
      `chaos: ${SALES} sales, ARCA holds ${fake.vouchers.size} vouchers numbered 1..${SALES}, one per sale; ` +
        `misbehaviours ${JSON.stringify(fake.stats)}; FECAESolicitar ${fake.requests.FECAESolicitar}, ` +
        `FECompConsultar ${fake.requests.FECompConsultar ?? 0}`,
    );
  });

  const COUNT = 50;
  const instances = postgres ? 2 : 1;
  it(`${COUNT} orders confirmed at once on ${instances === 2 ? "two instances" : "one instance"}: invoices 1..${COUNT}, no gap, no duplicate; a cancellation gets its credit note`, async () => {
    const fake = await startFake();
    const env = await arcaEnv(fake, { ARCA_TIMEOUT_MS: "10000" });
    const a = await start(env);
    // The second instance shares the PostgreSQL database (its own DATA_DIR for files).
    const b = instances === 2 ? await start({ ...env, DATA_DIR: `${env.DATA_DIR}-b` }) : a;
    if (b !== a) cleanups.push(async () => removeDataDir(b.dataDir));
    const apps = [a, b];
    const cookie = await signIn(a);
    await invoicingShop(a, cookie);
    const [book] = await saleBooks(a, 1);
    if (!book) throw new Error("no book");
    await setStock(a, cookie, book.id, COUNT + 10);

    const placed: Placed[] = [];
    for (let i = 0; i < COUNT; i += 10) {
      placed.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, COUNT - i) }, (_, j) =>
            placeOrder(apps[(i + j) % 2] as AppServer, book.id, `compra-${i + j}@example.com`),
          ),
        )),
      );
    }

    const started = Date.now();
    // The session made on A works on B: every confirmation at once, alternating instances.
    await Promise.all(placed.map((order, i) => confirm(apps[i % 2] as AppServer, cookie, order.number)));
    const confirmedIn = Date.now() - started;
    await until(() => fake.vouchers.size >= COUNT, `${COUNT} invoices authorised by ARCA`, 300_000);
    const authorisedIn = Date.now() - started;
    await until(
      async () => {
        const listed = await Promise.all(placed.map((order, i) => buyerVouchers(apps[i % 2] as AppServer, order)));
        return listed.every((titles) => titles.length === 1);
      },
      `${COUNT} invoices on the buyers' pages`,
      120_000,
    );
    const issuedIn = Date.now() - started;
    const solicited = fake.requests.FECAESolicitar ?? 0;
    expect(fake.lastNumber(1, 6)).toBe(COUNT);
    expect([...fake.vouchers.keys()].sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `1-6-${i + 1}`).sort());
    expect(new Set([...fake.vouchers.values()].map((voucher) => voucher.cae)).size).toBe(COUNT);
    expect(fake.requests.loginCms).toBe(1);
    const invoiceLogs = apps.slice(0, instances).map(
      (app) =>
        app
          .output()
          .split("\n")
          .filter((line) => /10016/.test(line)).length,
    );
    const issuedBy = apps.slice(0, instances).map(
      (app) =>
        app
          .output()
          .split("\n")
          .filter((line) => /"msg":"invoice (issued|recovered from ARCA)"/.test(line)).length,
    );
    expect(issuedBy.reduce((sum, n) => sum + n, 0)).toBe(COUNT);
    report(`invoices issued per instance: ${issuedBy.join("/")}`);
    report(
      `${COUNT} confirmations at once over ${instances} instance(s) answered in ${(confirmedIn / 1000).toFixed(1)} s; ` +
        `all ${COUNT} authorised by ARCA after ${(authorisedIn / 1000).toFixed(1)} s, on the buyers' pages after ` +
        `${(issuedIn / 1000).toFixed(1)} s; FECAESolicitar ${solicited} (refused 10016: ${solicited - COUNT}), ` +
        `FECompUltimoAutorizado ${fake.requests.FECompUltimoAutorizado}, FECompConsultar ${fake.requests.FECompConsultar ?? 0}, ` +
        `loginCms ${fake.requests.loginCms}; log lines naming 10016 per instance: ${invoiceLogs.join("/")}`,
    );
    expect(solicited - COUNT).toBeLessThanOrEqual(5);

    // A refund: the admin cancels one paid order (on B) -> a Nota de crédito B linked to its invoice.
    const refunded = placed[7] as Placed;
    const cancelled = await call(b, `/api/admin/orders/${refunded.number}/cancel`, {
      body: { reason: "El cliente se arrepintió" },
      cookie,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const note = await until(() => fake.vouchers.get("1-8-1"), "the credit note at ARCA", 120_000);
    const titles = await until(
      async () => {
        const listed = await buyerVouchers(a, refunded);
        return listed.length === 2 && listed;
      },
      "the credit note on the buyer's page",
      60_000,
    );
    expect(titles[1]).toBe(`Nota de crédito B ${voucherText(1)}`);

    for (const app of apps.slice(0, instances).reverse()) await app.stop();
    const database = await openAppDatabase(env);
    try {
      const rows = await database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.kind, "invoice"), isNotNull(invoices.orderId)));
      expect(rows).toHaveLength(COUNT);
      expect(rows.every((row) => row.status === "issued")).toBe(true);
      expect(rows.map((row) => row.number).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
        Array.from({ length: COUNT }, (_, i) => i + 1),
      );
      for (const row of rows)
        expect(row.cae, `invoice ${row.number}`).toBe(fake.vouchers.get(`1-6-${row.number}`)?.cae);
      const [order] = await database.db.select().from(orders).where(eq(orders.number, refunded.number));
      const original = rows.find((row) => row.orderId === order?.id);
      expect(note.associated).toEqual([
        {
          type: 6,
          pointOfSale: 1,
          number: original?.number,
          cuit: CUIT,
          date: fake.vouchers.get(`1-6-${original?.number}`)?.date,
        },
      ]);
      const [credit] = await database.db.select().from(invoices).where(eq(invoices.kind, "credit_note"));
      expect(credit).toMatchObject({
        originalInvoiceId: original?.id,
        voucherType: 8,
        number: 1,
        cae: note.cae,
        status: "issued",
        totalCents: original?.totalCents,
      });
      report(
        `refund: ${refunded.number} (invoice ${original?.number}) cancelled -> Nota de crédito B 00001-00000001 ` +
          `with CbtesAsoc ${JSON.stringify(note.associated)}; the database holds ${COUNT} issued invoices numbered ` +
          `1..${COUNT} with ARCA's CAEs`,
      );
    } finally {
      await database.close();
    }
  });
});
