import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CANCELLATION_MESSAGES,
  CODE_TTL_MS,
  confirmCancellation,
  requestCancellationCode,
  wrongCodeMessage,
} from "~/domain/box/cancellation.server";
import { retryPreapprovalCancellations } from "~/domain/box/cancellation-retry.server";
import { logger } from "~/lib/logger.server";
import { boxCancellations, boxSubscriptionEvents, boxSubscriptions, mailOutbox } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../../tests/support/admin-database";
import { liveMercadoPago } from "../../../../tests/support/mercadopago-link";
import { routeArgs } from "../../../../tests/support/route-context";
import { boxSubscription } from "../../../../tests/support/shop";
import * as pageRoute from "../../caja-rizoma/baja";
import * as requestRoute from "./baja";
import * as confirmRoute from "./baja-confirmar";
import * as subscribeRoute from "./subscribe";

const { database, db } = await adminTestDatabase();
const { fake, live } = await liveMercadoPago(db);
const freshIp = clientIps("10.18");

type Json = Record<string, unknown>;
async function post(mod: { action: (args: never) => Promise<Response> }, url: string, body: unknown, ip = freshIp()) {
  const response = await mod.action(
    routeArgs(url, database, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      context: { mercadoPago: live, clientIp: ip },
    }) as never,
  );
  return { status: response.status, body: (await response.json()) as Json };
}
const ask = (email: string, ip?: string) => post(requestRoute, "/api/caja/baja", { email }, ip);
const confirm = (email: string, code: string, ip?: string) =>
  post(confirmRoute, "/api/caja/baja/confirmar", { email, code }, ip);

/** A subscription made through the real route against the fake Mercado Pago, then active. */
async function subscribed(email: string) {
  const { body } = await post(subscribeRoute, "/api/caja/subscribe", { ...boxSubscription, email });
  const id = Number(body.id);
  await db.update(boxSubscriptions).set({ status: "active" }).where(eq(boxSubscriptions.id, id));
  const [row] = await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, id));
  const preapproval = row?.providerPreapprovalId ? fake.preapprovals.get(row.providerPreapprovalId) : undefined;
  if (!row?.providerPreapprovalId || !preapproval) throw new Error("no preapproval");
  preapproval.status = "authorized";
  return { id, preapprovalId: row.providerPreapprovalId };
}

const mails = (email: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id);
/** The 6-digit code of the newest code e-mail to `email`, as the subscriber reads it. */
async function codeFromMail(email: string): Promise<string> {
  const sent = (await mails(email)).filter((m) => m.template === "box-cancellation-code").at(-1);
  const code = /Tu código para dar de baja la Caja Rizoma: (\d{6})\. Vence en 15 minutos\./.exec(sent?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mail for ${email}`);
  return code;
}
const statusOf = async (id: number) =>
  (await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, id)))[0]?.status;
const providerCancelledAt = async (id: number) =>
  (await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, id)))[0]?.providerCancelledAt;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST /api/caja/baja", () => {
  it("answers the same for a subscriber's email and an unknown one, and keeps only a hash of the code", async () => {
    await subscribed("conocida@example.com");
    const known = await ask("  Conocida@Example.com ");
    const unknown = await ask("nadie@example.com");
    expect(known).toEqual({ status: 200, body: { success: true, message: CANCELLATION_MESSAGES.codeSent } });
    expect(unknown).toEqual(known);

    const code = await codeFromMail("conocida@example.com");
    const [row] = await db.select().from(boxCancellations).where(eq(boxCancellations.email, "conocida@example.com"));
    // HMAC-SHA256 in base64url: 43 characters, never the 6 digits themselves.
    expect(row?.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);
    // The unknown address gets no code, a short word instead.
    const other = await mails("nadie@example.com");
    expect(other.map((m) => m.template)).toEqual(["box-cancellation-not-found"]);
    expect(other[0]?.text).toMatch(/No encontramos una suscripción activa/);
    expect(other[0]?.text).not.toMatch(/\d{6}/);
  });

  it("refuses an invalid email with 400 and a per-email burst past 5 codes an hour with 429 (known or not)", async () => {
    expect(await ask("sin-arroba")).toEqual({
      status: 400,
      body: { success: false, message: CANCELLATION_MESSAGES.email },
    });
    await subscribed("rafaga@example.com");
    for (const email of ["rafaga@example.com", "rafaga-desconocida@example.com"]) {
      const answers = await Promise.all(Array.from({ length: 7 }, () => ask(email)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429).map((a) => a.body)).toEqual([
        { success: false, message: CANCELLATION_MESSAGES.tooManyCodes },
        { success: false, message: CANCELLATION_MESSAGES.tooManyCodes },
      ]);
    }
  });

  it("limits requests per IP", async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await ask(`ip-${i}@example.com`, "10.99.0.1"));
    expect(answers.at(-1)).toEqual({
      status: 429,
      body: { success: false, message: CANCELLATION_MESSAGES.tooManyFromIp },
    });
    expect(answers.slice(0, 20).every((a) => a.status === 200)).toBe(true);
  });
});

describe("POST /api/caja/baja/confirmar", () => {
  it("counts down wrong codes, and after 5 the code is dead even when right", async () => {
    await subscribed("intentos@example.com");
    await ask("intentos@example.com");
    const code = await codeFromMail("intentos@example.com");
    for (const remaining of [4, 3, 2, 1]) {
      expect(await confirm("intentos@example.com", wrong(code))).toEqual({
        status: 422,
        body: { success: false, message: wrongCodeMessage(remaining) },
      });
    }
    expect(wrongCodeMessage(1)).toBe("El código no es correcto. Te queda 1 intento.");
    const dead = { status: 410, body: { success: false, message: CANCELLATION_MESSAGES.dead } };
    expect(await confirm("intentos@example.com", wrong(code))).toEqual(dead);
    expect(await confirm("intentos@example.com", code)).toEqual(dead);
    expect(await confirm("intentos@example.com", "12ab56")).toEqual({
      status: 400,
      body: { success: false, message: CANCELLATION_MESSAGES.code },
    });
  });

  it("uses at most 5 attempts under concurrent wrong guesses", async () => {
    await subscribed("paralelo@example.com");
    await ask("paralelo@example.com");
    const code = await codeFromMail("paralelo@example.com");
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm("paralelo@example.com", wrong(code))));
    expect(answers.filter((a) => a.status === 422)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 410)).toHaveLength(4);
    const [row] = await db.select().from(boxCancellations).where(eq(boxCancellations.email, "paralelo@example.com"));
    expect(row?.attempts).toBe(5);
  });

  it("lets a code die after 15 minutes, and a new code ends the older one", async () => {
    const sub = await subscribed("vence@example.com");
    const t0 = new Date(Date.now() - 60 * 60_000);
    const ctx = { db, mercadoPago: live, siteUrl: "http://localhost:3000", clientIp: undefined, log: logger };
    await requestCancellationCode(ctx, { email: "vence@example.com" }, t0);
    const first = await codeFromMail("vence@example.com");
    await expect(
      confirmCancellation(ctx, { email: "vence@example.com", code: first }, new Date(t0.getTime() + CODE_TTL_MS)),
    ).rejects.toMatchObject({ status: 410, message: CANCELLATION_MESSAGES.dead });

    await ask("vence@example.com");
    const older = await codeFromMail("vence@example.com");
    await ask("vence@example.com");
    const newer = await codeFromMail("vence@example.com");
    if (older !== newer) {
      const answer = await confirm("vence@example.com", older);
      expect(answer.status).toBe(422);
    }
    const rows = await db
      .select()
      .from(boxCancellations)
      .where(eq(boxCancellations.email, "vence@example.com"))
      .orderBy(desc(boxCancellations.id));
    expect(rows.slice(1).every((row) => row.expiresAt.getTime() <= Date.now())).toBe(true);
    expect((await confirm("vence@example.com", newer)).status).toBe(200);
    expect(await statusOf(sub.id)).toBe("cancelled");
  });

  it("cancels every subscription of the email here and at Mercado Pago, with one code for concurrent confirmations", async () => {
    const a = await subscribed("baja@example.com");
    const b = await subscribed("baja@example.com");
    const other = await subscribed("sigue@example.com");
    await ask("baja@example.com");
    const code = await codeFromMail("baja@example.com");
    const puts = () => fake.requests.filter((r) => r.method === "PUT" && r.path.startsWith("/preapproval/")).length;
    const before = puts();

    const answers = await Promise.all([confirm("baja@example.com", code), confirm("baja@example.com", code)]);
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    const cancellationCode = answers[0]?.body.code as string;
    expect(cancellationCode).toMatch(/^BAJA-[2-9A-Z]{8}$/);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(answers[0]?.body).toEqual({ success: true, code: cancellationCode, message: CANCELLATION_MESSAGES.done });

    expect(await statusOf(a.id)).toBe("cancelled");
    expect(await statusOf(b.id)).toBe("cancelled");
    expect(await statusOf(other.id)).toBe("active");
    expect(fake.preapprovals.get(a.preapprovalId)?.status).toBe("cancelled");
    expect(fake.preapprovals.get(b.preapprovalId)?.status).toBe("cancelled");
    expect(fake.preapprovals.get(other.preapprovalId)?.status).toBe("authorized");
    expect(puts() - before).toBe(2);
    const events = await db.select().from(boxSubscriptionEvents).where(eq(boxSubscriptionEvents.subscriptionId, a.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.source])).toEqual([
      [null, "pending", "visitor"],
      ["active", "cancelled", "subscriber"],
    ]);
    expect(await providerCancelledAt(a.id)).toBeInstanceOf(Date);
    expect(await providerCancelledAt(b.id)).toBeInstanceOf(Date);
    expect(await providerCancelledAt(other.id)).toBeNull();
    const done = (await mails("baja@example.com")).filter((m) => m.template === "box-cancellation-done");
    expect(done).toHaveLength(1);
    expect(done[0]?.text).toContain(
      `Tu baja de la Caja Rizoma quedó registrada. Código de baja: ${cancellationCode}; no se te va a cobrar más.`,
    );
    const shop = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "box-cancellation-shop"));
    expect(shop.filter((m) => m.text.includes(cancellationCode))).toHaveLength(1);
    // Sending the right code again shows the same code; nothing is cancelled twice.
    expect((await confirm("baja@example.com", code)).body.code).toBe(cancellationCode);
    expect(puts() - before).toBe(2);
    expect(await retryPreapprovalCancellations({ db, mercadoPago: live, log: logger })).toBe(0);
  });

  it("records the baja when Mercado Pago fails and tells Mercado Pago again until it takes it", async () => {
    const sub = await subscribed("mp-caido@example.com");
    await ask("mp-caido@example.com");
    const code = await codeFromMail("mp-caido@example.com");
    fake.failNext(1, 500);
    const answer = await confirm("mp-caido@example.com", code);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toMatch(/^BAJA-/);
    expect(await statusOf(sub.id)).toBe("cancelled");
    expect(fake.preapprovals.get(sub.preapprovalId)?.status).toBe("authorized");
    expect(await providerCancelledAt(sub.id)).toBeNull();

    const retry = () => retryPreapprovalCancellations({ db, mercadoPago: live, log: logger });
    fake.failNext(1, 503);
    expect(await retry()).toBe(0);
    expect(fake.preapprovals.get(sub.preapprovalId)?.status).toBe("authorized");
    expect(await retry()).toBe(1);
    expect(fake.preapprovals.get(sub.preapprovalId)?.status).toBe("cancelled");
    const taken = await providerCancelledAt(sub.id);
    expect(taken).toBeInstanceOf(Date);
    expect(await retry()).toBe(0);
    expect(await providerCancelledAt(sub.id)).toEqual(taken);
  });

  it("answers an unknown email's confirmation like a known one's wrong code", async () => {
    await ask("fantasma@example.com");
    await subscribed("real@example.com");
    await ask("real@example.com");
    const code = await codeFromMail("real@example.com");
    expect(await confirm("fantasma@example.com", "000000")).toEqual(await confirm("real@example.com", wrong(code)));
    expect(await confirm("nunca-pidio@example.com", "123456")).toEqual({
      status: 410,
      body: { success: false, message: CANCELLATION_MESSAGES.dead },
    });
  });
});

describe("/caja-rizoma/baja without JavaScript", () => {
  const submit = async (fields: Record<string, string>) =>
    pageRoute.action(
      routeArgs("/caja-rizoma/baja", database, {
        method: "POST",
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        context: { mercadoPago: live, clientIp: freshIp() },
      }) as never,
    );
  const payload = (answer: unknown) => ((answer as { data?: unknown }).data ?? answer) as Json;

  it("asks for the email, then the code, then shows the cancellation code; errors keep the values", async () => {
    const sub = await subscribed("pagina@example.com");
    const bad = payload(await submit({ intent: "request", email: "pagina@" }));
    expect(bad).toMatchObject({
      ok: false,
      step: "email",
      message: CANCELLATION_MESSAGES.email,
      values: { email: "pagina@" },
    });
    expect(bad.fields).toEqual({ email: CANCELLATION_MESSAGES.email });

    const sent = payload(await submit({ intent: "request", email: "Pagina@example.com" }));
    expect(sent).toEqual({
      ok: true,
      step: "code",
      email: "pagina@example.com",
      message: CANCELLATION_MESSAGES.codeSent,
      code: null,
    });
    const code = await codeFromMail("pagina@example.com");
    const wrongAnswer = payload(await submit({ intent: "confirm", email: "pagina@example.com", code: wrong(code) }));
    expect(wrongAnswer).toMatchObject({
      ok: false,
      step: "code",
      message: wrongCodeMessage(4),
      fields: { code: wrongCodeMessage(4) },
      values: { email: "pagina@example.com", code: wrong(code) },
    });
    const done = payload(await submit({ intent: "confirm", email: "pagina@example.com", code }));
    expect(done).toMatchObject({ ok: true, step: "done", code: expect.stringMatching(/^BAJA-/) });
    expect(await statusOf(sub.id)).toBe("cancelled");
    expect(fake.preapprovals.get(sub.preapprovalId)?.status).toBe("cancelled");
  });

  it("opens at the code step from the e-mail's link", async () => {
    const data = await pageRoute.loader(routeArgs("/caja-rizoma/baja?email=x%40example.com", database) as never);
    expect(data).toEqual({ email: "x@example.com" });
  });
});
