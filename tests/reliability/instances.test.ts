import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../app/domain/settings/schema";
import { openPostgres } from "../../db/connect";
import { type AppServer, appEnv, removeDataDir, startApp } from "../support/app-server";
import { type FakeMercadoPago, startFakeMercadoPago } from "../support/fake-mercadopago";
import { payOrderAtFake } from "../support/mercadopago-notify";
import { boxSubscription, saleBooks, setStock } from "../support/shop";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { until } from "../support/until";

/**
 * Several instances (issue 11): two app processes on different ports against one PostgreSQL, as behind a
 * load balancer. A session made on one works on the other; a catalogue edit on one empties the other's
 * page cache within a second; concurrent QR claims across both have one winner; the outbox sends each
 * message once although both workers poll it; rate limits count across both.
 *
 * Only meaningful on PostgreSQL: PGlite is an embedded database inside ONE process that holds DATA_DIR
 * (locked), so two instances on one PGlite database cannot exist. `TEST_POSTGRES=1` runs it.
 */
const postgres = inject("postgresAdminUrl") !== "";
const admin = { email: "instancias@rizoma.com.ar", password: "clave-de-prueba-instancias" };
const report = (line: string) => console.log(`[instances] ${line}`);

let a: AppServer;
let b: AppServer;
let smtp: TestSmtpServer;
let mp: FakeMercadoPago;
const MP_WEBHOOK_SECRET = "secreto-de-las-instancias";
let database: Awaited<ReturnType<typeof openPostgres>>;
let cookie = "";
/** A different client address for each step (X-Forwarded-For from the loopback "load balancer"). */
let nextIp = 1;
const newIp = () => `198.51.100.${nextIp++}`;

interface Call {
  status: number;
  body: Record<string, unknown>;
}
async function call(
  app: AppServer,
  path: string,
  init: { method?: string; body?: unknown; ip?: string; cookie?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.ip) headers["x-forwarded-for"] = init.ip;
  if (init.cookie) headers.cookie = init.cookie;
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}

/** Rows of a query on the shared database. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** An order for one book, placed on A from its own address (`paymentMethod` transfer or mercadopago). */
async function placeOrder(email: string, paymentMethod: "transfer" | "mercadopago"): Promise<string> {
  const [book] = await saleBooks(a, 1);
  if (!book) throw new Error("no book for sale");
  await setStock(a, cookie, book.id, 1_000);
  const placed = await call(a, "/api/orders", {
    ip: newIp(),
    body: {
      items: [{ id: book.id, quantity: 1 }],
      customer: { firstName: "Ana", lastName: "Pérez", email, phone: "+54 9 11 5555-1234" },
      delivery: { method: "pickup" },
      paymentMethod,
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return (placed.body.order as { number: string }).number;
}

const tally = (calls: Call[]) =>
  calls.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe.skipIf(!postgres)("two instances on one PostgreSQL", () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // One Mercado Pago (the fake) for both, as in production: withdrawal refunds and bajas reach it.
    mp = await startFakeMercadoPago();
    const env = await appEnv({
      MP_API_BASE: mp.url,
      MP_ACCESS_TOKEN: mp.token,
      MP_WEBHOOK_SECRET,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SESSION_SECRET: "secreto-compartido-de-las-instancias",
      SMTP_URL: smtp.url,
      // Both behind one (loopback) load balancer that names the client in X-Forwarded-For.
      TRUST_PROXY: "loopback",
      // "mail sent" lines tell which instance sent each message.
      LOG_LEVEL: "info",
    });
    // The first one migrates the database and loads the demo; the second finds it ready.
    a = await startApp(env);
    b = await startApp({ ...env, DATA_DIR: `${env.DATA_DIR}-b` });
    database = await openPostgres(env.DATABASE_URL ?? "", { max: 2 });
    report(`instance A on ${a.baseUrl}, instance B on ${b.baseUrl}, one PostgreSQL database`);
  });
  afterAll(async () => {
    await database?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await mp?.close();
    if (a) removeDataDir(a.dataDir);
    if (b) removeDataDir(b.dataDir);
  });

  it("a session made on one instance works on the other, and a logout on the other ends it on both", async () => {
    const login = await fetch(`${a.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/=/);

    const meOnB = await call(b, "/api/auth/me", { cookie });
    expect(meOnB).toEqual({ status: 200, body: { email: admin.email } });
    const pageOnB = await fetch(`${b.baseUrl}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(pageOnB.status).toBe(200);
    report("session: signed in on A; B answered /api/auth/me 200 and /admin 200 with that cookie");

    // A second session, ended on B: A must refuse it at once (the session lives in the database only).
    const second = await fetch(`${b.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    const secondCookie = (second.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await call(a, "/api/auth/me", { cookie: secondCookie })).status).toBe(200);
    expect((await call(b, "/api/auth/logout", { cookie: secondCookie, body: {} })).status).toBe(200);
    expect((await call(a, "/api/auth/me", { cookie: secondCookie })).status).toBe(401);
    expect((await call(b, "/api/auth/me", { cookie: secondCookie })).status).toBe(401);
    report("session: a second session made on B worked on A; logged out on B, A answered 401 right away");
  });

  it("a catalogue edit on one instance empties the other's page cache within a second, both ways", async () => {
    const { books } = (await call(a, "/api/books?limit=20")).body as { books: { id: number; title: string }[] };
    const plain = books.filter((book) => !/[&'"<>]/.test(book.title)).slice(0, 2);
    expect(plain).toHaveLength(2);
    for (const [index, [writer, reader, names]] of (
      [
        [a, b, "A -> B"],
        [b, a, "B -> A"],
      ] as const
    ).entries()) {
      const book = plain[index] as { id: number; title: string };
      const visit = async (path: string) => {
        const response = await fetch(`${reader.baseUrl}${path}`);
        return { cache: response.headers.get("x-cache"), text: await response.text() };
      };
      const paths = [`/libro/${book.id}`, "/tienda", `/api/tienda-nube/products/${book.id}`];
      for (const path of paths) {
        await visit(path);
        expect((await visit(path)).cache, path).toBe("HIT");
      }
      const edited = `${book.title} (editado en otra instancia)`;
      const saved = await call(writer, `/api/admin/books/${book.id}`, {
        method: "PUT",
        cookie,
        body: { title: edited },
      });
      expect(saved.status).toBe(200);
      const savedAt = Date.now();
      const waits: string[] = [];
      for (const path of paths) {
        const fresh = await until(
          async () => {
            const page = await visit(path);
            return page.text.includes(edited) && page;
          },
          `${path} on the other instance to show the edit`,
          1_000 - (Date.now() - savedAt),
        );
        expect(fresh.cache, path).toBe("MISS");
        waits.push(`${path} after ${Date.now() - savedAt} ms`);
      }
      report(
        `page cache ${names}: the edit showed on the other instance (cached before, MISS after): ${waits.join(", ")}`,
      );
    }
  });

  it("concurrent claims of one QR prize across both instances have exactly one winner", async () => {
    const ROUNDS = 5;
    const CLAIMS = 16;
    for (let round = 0; round < ROUNDS; round++) {
      const created = await call(a, "/api/qr/admin/create", {
        cookie,
        body: { bookTitle: "Rayuela", description: `Carrera ${round}` },
      });
      expect(created.status).toBe(201);
      const code = (created.body.data as { code: string }).code;
      // Every claimant from a different address: the per-address claim limit is not what is tested here.
      const claims = await Promise.all(
        Array.from({ length: CLAIMS }, (_, i) =>
          call(i % 2 === 0 ? a : b, `/api/qr/claim/${code}`, {
            ip: newIp(),
            body: {
              name: `${String.fromCharCode(65 + i)}lba Carrera`,
              email: `carrera${round}-${i}@example.com`,
              dni: String(30_000_000 + round * 100 + i),
              phone: `+54 11 5555-${String(1000 + i)}`,
            },
          }),
        ),
      );
      expect(tally(claims)).toEqual({ 200: 1, 409: CLAIMS - 1 });
      const winnerIndex = claims.findIndex((claim) => claim.status === 200);
      // Every loser, on either instance, is told the same winner (each claimant has a different initial).
      const initial = `${String.fromCharCode(65 + winnerIndex)}.`;
      for (const loser of claims.filter((claim) => claim.status === 409))
        expect(loser.body).toMatchObject({ alreadyClaimed: true, claimedByInitial: initial });
      const rows = await database.db.execute(sql`
        select count(*)::int as claims, max(q.status) as status from prize_claims c
        join qr_codes q on q.id = c.qr_code_id where q.code = ${code}
      `);
      expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({ claims: 1, status: "validated" });
      for (const app of [a, b]) {
        const check = await call(app, `/api/qr/check/${code}`, { ip: newIp() });
        expect(check.body.data).toMatchObject({ status: "validated", canClaim: false });
      }
      report(
        `QR round ${round + 1}: ${CLAIMS} simultaneous claims of ${code} (half on A, half on B) -> ` +
          `1 winner (on ${winnerIndex % 2 === 0 ? "A" : "B"}), ${CLAIMS - 1} × 409, one claim row`,
      );
    }
  });

  it("the outbox sends each message once while both instances' workers poll it", async () => {
    // 5 messages a second (the default pace) for the SMTP account, counted in the database for both.
    const MESSAGES = 40;
    const perSecond = DEFAULT_SETTINGS.rateLimits.mailPerSecond;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: MESSAGES }, (_, i) =>
        call(i % 2 === 0 ? a : b, "/api/newsletter/subscribe", {
          ip: newIp(),
          body: { email: `correo-unico-${i}@example.com`, source: "footer" },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 200: MESSAGES });
    const mine = () => smtp.received.filter((mail) => /^correo-unico-\d+@example\.com$/.test(mail.to));
    await until(() => mine().length >= MESSAGES, `${MESSAGES} welcome e-mails at the SMTP server`, 60_000);
    const lastAt = Math.max(...mine().map((mail) => mail.receivedAt));
    // Long enough for a second copy of any message to arrive: both workers poll every second.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const received = mine();
    expect(received).toHaveLength(MESSAGES);
    expect(new Set(received.map((mail) => mail.to)).size).toBe(MESSAGES);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(MESSAGES);
    const rows = await database.db.execute(sql`
      select status, attempts, count(*)::int as n from mail_outbox
      where to_address like 'correo-unico-%' group by status, attempts
    `);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ status: "sent", attempts: 1, n: MESSAGES }]);
    const sentBy = (app: AppServer) =>
      app
        .output()
        .split("\n")
        .filter((line) => line.includes('"mail sent"')).length;
    const seconds = (lastAt - started) / 1000;
    report(
      `outbox: ${MESSAGES} welcome e-mails queued through both -> ${received.length} delivered, ` +
        `${new Set(received.map((mail) => mail.messageId)).size} distinct Message-IDs, every row sent on attempt 1; ` +
        `"mail sent" logged by A ${sentBy(a)} times, by B ${sentBy(b)} times (all mail so far); took ${seconds.toFixed(1)} s`,
    );
    // The sending pace is one counter for the account, not one per instance: at 5 a second for both,
    // 40 messages need at least 7 whole seconds (8 one-second buckets); two separate counters would
    // have allowed 10 a second (about 4 s).
    expect(seconds).toBeGreaterThanOrEqual(MESSAGES / perSecond - 1);
    report(
      `mail pace: ${MESSAGES} messages at ${perSecond}/s shared by both workers took ${seconds.toFixed(1)} s (>= ${MESSAGES / perSecond - 1} s)`,
    );
  });

  it("the same withdrawal request on both instances at once: one withdrawal, one code in every answer, one e-mail", async () => {
    const ROUNDS = 3;
    const COPIES = 8;
    for (let round = 0; round < ROUNDS; round++) {
      const buyer = `arrepentida-${round}@example.com`;
      const number = await placeOrder(buyer, "transfer");
      // Every copy from its own address: the per-address limit is not what is tested here.
      const answers = await Promise.all(
        Array.from({ length: COPIES }, (_, i) =>
          call(i % 2 === 0 ? a : b, "/api/arrepentimiento", {
            ip: newIp(),
            body: { orderNumber: number, email: buyer, reason: `Copia ${i}` },
          }),
        ),
      );
      expect(tally(answers)).toEqual({ 201: 1, 200: COPIES - 1 });
      const codes = new Set(answers.map((answer) => answer.body.code));
      expect(codes.size).toBe(1);
      const [code] = [...codes];
      expect(code).toMatch(/^ARR-[A-Z2-9]{8}$/);
      const stored = await rows<{ code: string }>(sql`
        select w.code from withdrawals w join orders o on o.id = w.order_id where o.number = ${number}
      `);
      expect(stored).toEqual([{ code }]);
      const mails = await rows<{ n: number }>(sql`
        select count(*)::int as n from mail_outbox where to_address = ${buyer} and template = 'withdrawal-received'
      `);
      expect(mails).toEqual([{ n: 1 }]);
      report(
        `withdrawal round ${round + 1}: ${COPIES} simultaneous requests for ${number} (half on A, half on B) -> ` +
          `${JSON.stringify(tally(answers))}, every answer ${code}, one withdrawal row, one e-mail to the buyer`,
      );
    }
  });

  it("the admin's Mercado Pago refund of one withdrawal on both instances at once: one refund at MP, refunded once", async () => {
    const ROUNDS = 3;
    const COPIES = 4;
    for (let round = 0; round < ROUNDS; round++) {
      const buyer = `reembolso-${round}@example.com`;
      const number = await placeOrder(buyer, "mercadopago");
      const paymentId = await payOrderAtFake(mp, b.baseUrl, MP_WEBHOOK_SECRET, number);
      const requested = await call(b, "/api/arrepentimiento", {
        ip: newIp(),
        body: { orderNumber: number, email: buyer },
      });
      expect(requested.status, JSON.stringify(requested.body)).toBe(201);
      const listed = (await call(a, "/api/admin/withdrawals", { cookie })).body.withdrawals as {
        id: number;
        code: string;
      }[];
      const id = listed.find((row) => row.code === requested.body.code)?.id;
      expect(id).toBeGreaterThan(0);
      const cancelled = await call(b, `/api/admin/withdrawals/${id}/cancel`, { body: {}, cookie });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

      // MP answers the first refund a little late, so every click arrives while it is in flight.
      mp.slowNext(1, 400);
      const answers = await Promise.all(
        Array.from({ length: COPIES }, (_, i) =>
          call(i % 2 === 0 ? a : b, `/api/admin/withdrawals/${id}/refund`, { body: {}, cookie }),
        ),
      );
      expect(tally(answers)).toEqual({ 200: 1, 409: COPIES - 1 });
      for (const loser of answers.filter((answer) => answer.status === 409)) {
        expect(JSON.stringify(loser.body)).toMatch(/Ya hay un reembolso en curso|ya está reembolsado/);
      }
      const refunds = [...mp.refunds.values()].filter((refund) => String(refund.payment_id) === paymentId);
      expect(refunds).toHaveLength(1);
      const stored = await rows<{ status: string; reference: string }>(sql`
        select status, refund_reference as reference from withdrawals where id = ${id}
      `);
      expect(stored).toEqual([{ status: "refunded", reference: String(refunds[0]?.id) }]);
      const mails = await rows<{ n: number }>(sql`
        select count(*)::int as n from mail_outbox where to_address = ${buyer} and template = 'withdrawal-refunded'
      `);
      expect(mails).toEqual([{ n: 1 }]);
      report(
        `refund round ${round + 1}: ${COPIES} simultaneous refunds of ${requested.body.code} (half on A, half on B) -> ` +
          `${JSON.stringify(tally(answers))}, one refund at MP (${refunds[0]?.id}), refunded once, one e-mail`,
      );
    }
  });

  it("the right baja code confirmed on both instances at once: one cancellation code, MP told once, one e-mail", async () => {
    const ROUNDS = 2;
    const COPIES = 6;
    for (let round = 0; round < ROUNDS; round++) {
      const subscriber = `baja-doble-${round}@example.com`;
      const subscribed = await call(a, "/api/caja/subscribe", {
        ip: newIp(),
        body: { ...boxSubscription, email: subscriber },
      });
      expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
      const preapproval = [...mp.preapprovals.values()].find((p) => p.payer_email === subscriber);
      if (!preapproval) throw new Error("no preapproval at the fake");
      mp.authorize(preapproval.id);
      const asked = await call(b, "/api/caja/baja", { ip: newIp(), body: { email: subscriber } });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      // The code as the subscriber reads it: from the e-mail delivered (the outbox forgets it once sent).
      const mail = await until(
        () => smtp.received.find((m) => m.to === subscriber && /dar de baja/.test(m.parsed.subject ?? "")),
        "the baja code's e-mail",
      );
      const code = /baja la Caja Rizoma: (\d{6})/.exec(mail.parsed.text ?? "")?.[1] ?? "";
      expect(code).toMatch(/^\d{6}$/);

      const answers = await Promise.all(
        Array.from({ length: COPIES }, (_, i) =>
          call(i % 2 === 0 ? a : b, "/api/caja/baja/confirmar", { ip: newIp(), body: { email: subscriber, code } }),
        ),
      );
      expect(tally(answers)).toEqual({ 200: COPIES });
      const codes = new Set(answers.map((answer) => answer.body.code));
      expect(codes.size).toBe(1);
      const [cancellation] = [...codes];
      expect(cancellation).toMatch(/^BAJA-[A-Z0-9]{8}$/);
      const puts = mp.requests.filter((r) => r.method === "PUT" && r.path === `/preapproval/${preapproval.id}`);
      expect(puts.map((r) => r.body)).toEqual([{ status: "cancelled" }]);
      expect(mp.preapprovals.get(preapproval.id)?.status).toBe("cancelled");
      const stored = await rows<{ code: string; status: string; told: boolean }>(sql`
        select c.cancellation_code as code, s.status, s.provider_cancelled_at is not null as told
        from box_cancellations c join box_subscriptions s on s.email = c.email
        where c.email = ${subscriber} and c.confirmed_at is not null
      `);
      expect(stored).toEqual([{ code: cancellation, status: "cancelled", told: true }]);
      const mails = await rows<{ n: number }>(sql`
        select count(*)::int as n from mail_outbox where to_address = ${subscriber} and template = 'box-cancellation-done'
      `);
      expect(mails).toEqual([{ n: 1 }]);
      report(
        `baja round ${round + 1}: the right code confirmed ${COPIES} times at once (half on A, half on B) -> ` +
          `all 200 with ${cancellation}, the preapproval cancelled at MP with 1 PUT, one confirmed row, one e-mail`,
      );
    }
  });

  it("rate limits count across both instances", async () => {
    const limits = DEFAULT_SETTINGS.rateLimits;

    // Newsletter: 10 sign-ups per address per hour; 30 at once from one address, alternating instances.
    const visitor = newIp();
    const signups = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i % 2 === 0 ? a : b, "/api/newsletter/subscribe", {
          ip: visitor,
          body: { email: `limite-${i}@example.com`, source: "footer" },
        }),
      ),
    );
    expect(tally(signups)).toEqual({ 200: limits.newsletterPerIpPerHour, 429: 30 - limits.newsletterPerIpPerHour });
    report(
      `newsletter limit (${limits.newsletterPerIpPerHour}/h per address): 30 simultaneous sign-ups from one address, ` +
        `15 on each instance -> ${JSON.stringify(tally(signups))}`,
    );

    // Sign-in failures: 5 per e-mail and per address in 15 minutes; wrong passwords alternating instances.
    const attacker = newIp();
    const attempts: Call[] = [];
    for (let i = 0; i < 10; i++) {
      attempts.push(
        await call(i % 2 === 0 ? a : b, "/api/auth/login", {
          ip: attacker,
          body: { email: admin.email, password: `equivocada-${i}` },
        }),
      );
    }
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.slice(0, limits.loginMaxFailures)).toEqual(Array(limits.loginMaxFailures).fill(401));
    expect(statuses.slice(limits.loginMaxFailures)).toEqual(Array(10 - limits.loginMaxFailures).fill(429));
    report(
      `login limit (${limits.loginMaxFailures} failures): 10 wrong passwords alternating A/B -> ${statuses.join(" ")}`,
    );

    // QR checks: 60 per address per minute; 80 at once, alternating instances.
    const curious = newIp();
    const checks = await Promise.all(
      Array.from({ length: 80 }, (_, i) => call(i % 2 === 0 ? a : b, "/api/qr/check/NOEXISTE", { ip: curious })),
    );
    expect(tally(checks)).toEqual({ 404: limits.qrChecksPerMinute, 429: 80 - limits.qrChecksPerMinute });
    report(
      `QR check limit (${limits.qrChecksPerMinute}/min per address): 80 simultaneous checks alternating A/B -> ${JSON.stringify(tally(checks))}`,
    );
  });
});
