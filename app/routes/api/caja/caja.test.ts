import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIBE_MESSAGES } from "~/domain/box/form";
import { campaignProgress } from "~/domain/mail/outbox.server";
import { decideSandboxPayment } from "~/domain/payments/sandbox-checkout.server";
import type { MercadoPago } from "~/integrations/mercadopago/index.server";
import { signNotification } from "~/integrations/mercadopago/signature.server";
import { logger } from "~/lib/logger.server";
import { auditLog, boxPayments, boxPlans, boxSubscriptionEvents, boxSubscriptions, mailOutbox } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../../tests/support/admin-database";
import {
  liveMercadoPago,
  MP_WEBHOOK_SECRET,
  mercadoPagoWithoutCredentials,
} from "../../../../tests/support/mercadopago-link";
import { routeArgs } from "../../../../tests/support/route-context";
import { boxSubscription } from "../../../../tests/support/shop";
import * as ownRoute from "../../caja-rizoma/mi-suscripcion";
import * as sandboxRoute from "../../pagos-sandbox";
import * as webhookRoute from "../webhooks/mercadopago";
import * as bulkRoute from "./bulk-email";
import * as statsRoute from "./stats";
import * as subscribeRoute from "./subscribe";
import * as statusRoute from "./subscription-status";
import * as subscriptionsRoute from "./subscriptions";

const { database, db, admin } = await adminTestDatabase();
const { fake, live } = await liveMercadoPago(db, { retries: 1 });

const form = (overrides: Record<string, unknown> = {}) => ({ ...boxSubscription, ...overrides });

const freshIp = clientIps("10.8");

const post = (
  mod: { action: (args: never) => Promise<Response> | Response },
  url: string,
  body: unknown,
  init: { context?: object } = {},
) =>
  mod.action(
    routeArgs(url, database, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      context: { mercadoPago: live, clientIp: freshIp(), ...init.context },
    }) as never,
  );

const subscribe = (body: unknown) => post(subscribeRoute, "/api/caja/subscribe", body);

/** A notification exactly as Mercado Pago sends it: query, body and a signed x-signature. */
function notify(type: string, dataId: string, options: { secret?: string | null; requestId?: string } = {}) {
  const requestId = options.requestId ?? randomUUID();
  const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": requestId };
  if (options.secret !== null)
    headers["x-signature"] = signNotification(options.secret ?? MP_WEBHOOK_SECRET, { dataId, requestId });
  return webhookRoute.action(
    routeArgs(`/api/webhooks/mercadopago?data.id=${dataId}&type=${type}`, database, {
      method: "POST",
      headers,
      body: JSON.stringify({ id: 1, live_mode: false, type, action: "updated", data: { id: dataId } }),
      context: { mercadoPago: live },
    }) as never,
  );
}

const subscriptionRow = async (id: number) =>
  (await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, id)))[0];
const mailsTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe("POST /api/caja/subscribe", () => {
  it("checks the fields in the spec's order, with its messages, and stores nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: " ", lastName: "", email: "" }, SUBSCRIBE_MESSAGES.firstName],
      [{ lastName: "  ", email: "x" }, SUBSCRIBE_MESSAGES.lastName],
      [{ email: "sin-arroba", whatsapp: "" }, SUBSCRIBE_MESSAGES.email],
      [{ whatsapp: " ", address: "" }, SUBSCRIBE_MESSAGES.whatsapp],
      [{ address: "", acceptTerms: false }, SUBSCRIBE_MESSAGES.address],
      [{ city: " " }, SUBSCRIBE_MESSAGES.address],
      [{ acceptTerms: false }, SUBSCRIBE_MESSAGES.acceptTerms],
      [{ planType: "quarterly" }, "El plan elegido no está disponible"],
    ];
    for (const [overrides, message] of cases) {
      const response = await subscribe(form(overrides));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, error: message });
    }
    // pickup needs no address
    expect(await db.select().from(boxSubscriptions)).toHaveLength(0);
  });

  it("stores a pending subscription with its price, creates the preapproval and answers the init_point", async () => {
    const response = await subscribe(form({ planType: "semiannual", email: "  Lucia@Example.com " }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; init_point: string; id: number };
    expect(body.success).toBe(true);
    const row = await subscriptionRow(body.id);
    expect(row).toMatchObject({
      status: "pending",
      planId: "semiannual",
      priceCents: 27_000_000,
      email: "lucia@example.com",
    });
    const preapproval = fake.preapprovals.get(row?.providerPreapprovalId ?? "");
    expect(body.init_point).toBe(preapproval?.init_point);
    const request = fake.requests.findLast((r) => r.method === "POST");
    expect(request?.headers["x-idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.body).toEqual({
      reason: "Caja Rizoma - Plan Semestral",
      external_reference: String(body.id),
      payer_email: "lucia@example.com",
      auto_recurring: { frequency: 6, frequency_type: "months", transaction_amount: 270000, currency_id: "ARS" },
      back_url: "http://localhost:3000/caja-rizoma/gracias",
      status: "pending",
    });
  });

  it("adds the shipping outside CABA/GBA to each charge (per box)", async () => {
    const response = await subscribe(form({ email: "cba@example.com", state: "X", city: "Córdoba" }));
    const body = (await response.json()) as { id: number };
    const row = await subscriptionRow(body.id);
    expect(row?.shippingCents).toBeGreaterThan(0);
    const preapproval = fake.preapprovals.get(row?.providerPreapprovalId ?? "");
    expect(preapproval?.auto_recurring.transaction_amount).toBe((5_400_000 + (row?.shippingCents ?? 0)) / 100);
  });

  it("answers 502 with the spec's message when MP fails or is too slow, and leaves no row behind", async () => {
    const before = (await db.select().from(boxSubscriptions)).length;
    fake.failNext(2, 500);
    const failed = await subscribe(form({ email: "falla@example.com" }));
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ success: false, error: "Hubo un problema al crear la suscripción" });
    fake.slowNext(2, 1000);
    const slow = await subscribe(form({ email: "lenta@example.com" }));
    expect(slow.status).toBe(502);
    expect(await db.select().from(boxSubscriptions)).toHaveLength(before);
  });

  it("limits attempts per IP (a setting): the next one is 429 with Retry-After and creates nothing at Mercado Pago", async () => {
    const limit = 10;
    const answers: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i <= limit; i++) {
      const response = await post(subscribeRoute, "/api/caja/subscribe", form({ email: `ip${i}@example.com` }), {
        context: { clientIp: "10.99.0.1" },
      });
      answers.push(response.status);
      retryAfter = response.headers.get("retry-after");
    }
    expect(answers.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(answers[limit]).toBe(429);
    // The hour's attempts all fell in its last few minutes: they free in about an hour.
    expect(Number(retryAfter)).toBeGreaterThan(3000);
    expect(Number(retryAfter)).toBeLessThanOrEqual(3600);
    const made = [...fake.preapprovals.values()].filter((p) => p.payer_email?.startsWith("ip"));
    expect(made).toHaveLength(limit);
  });

  it("answers 503 with a clear Spanish error in production without Mercado Pago", async () => {
    const off = mercadoPagoWithoutCredentials(db);
    const response = await post(subscribeRoute, "/api/caja/subscribe", form(), { context: { mercadoPago: off } });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(/Mercado Pago no están configurados/);
  });
});

describe("POST /api/webhooks/mercadopago", () => {
  let id: number;
  let preapprovalId: string;
  beforeAll(async () => {
    const body = (await (await subscribe(form({ email: "webhook@example.com" }))).json()) as { id: number };
    id = body.id;
    preapprovalId = (await subscriptionRow(id))?.providerPreapprovalId ?? "";
  });

  it("refuses a bad or missing signature with 401 and changes nothing", async () => {
    fake.authorize(preapprovalId, "8800001");
    expect((await notify("subscription_preapproval", preapprovalId, { secret: "wrong" })).status).toBe(401);
    expect((await notify("subscription_preapproval", preapprovalId, { secret: null })).status).toBe(401);
    expect((await subscriptionRow(id))?.status).toBe("pending");
    expect(await mailsTo("webhook@example.com")).toHaveLength(0);
  });

  it("activates on an authorized preapproval, once, with one welcome e-mail, however often it is sent", async () => {
    const responses = await Promise.all([
      notify("subscription_preapproval", preapprovalId),
      notify("subscription_preapproval", preapprovalId),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect((await notify("subscription_preapproval", preapprovalId)).status).toBe(200);
    expect((await subscriptionRow(id))?.status).toBe("active");
    const mails = await mailsTo("webhook@example.com");
    expect(mails.map((m) => m.template)).toEqual(["box-welcome"]);
    const events = await db.select().from(boxSubscriptionEvents).where(eq(boxSubscriptionEvents.subscriptionId, id));
    expect(events.map((e) => `${e.fromStatus}->${e.toStatus}:${e.source}`)).toEqual([
      "null->pending:visitor",
      "pending->active:mercadopago",
    ]);
  });

  it("records an authorized payment once, sets the next box and sends the payment e-mail once", async () => {
    for (let i = 0; i < 3; i++) expect((await notify("subscription_authorized_payment", "8800001")).status).toBe(200);
    const payments = await db.select().from(boxPayments).where(eq(boxPayments.subscriptionId, id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: 5_400_000, providerPaymentId: "8800001" });
    expect((await subscriptionRow(id))?.nextBoxDate).toBe(payments[0]?.boxDate);
    const mails = await mailsTo("webhook@example.com");
    expect(mails.map((m) => m.template).sort()).toEqual(["box-payment", "box-welcome"]);
  });

  it("follows paused and cancelled; cancelled is final", async () => {
    const preapproval = fake.preapprovals.get(preapprovalId);
    if (!preapproval) throw new Error("missing");
    preapproval.status = "paused";
    await notify("subscription_preapproval", preapprovalId);
    expect((await subscriptionRow(id))?.status).toBe("paused");
    expect((await subscriptionRow(id))?.providerCancelledAt).toBeNull();
    preapproval.status = "cancelled";
    await notify("subscription_preapproval", preapprovalId);
    const stopped = (await subscriptionRow(id))?.providerCancelledAt;
    expect(stopped).toBeInstanceOf(Date);
    preapproval.status = "authorized";
    await notify("subscription_preapproval", preapprovalId);
    expect(await subscriptionRow(id)).toMatchObject({ status: "cancelled", providerCancelledAt: stopped });
  });

  it("acknowledges unknown types and unknown resources, and asks for a retry when MP is down", async () => {
    expect((await notify("merchant_order", "123")).status).toBe(200);
    expect((await notify("subscription_preapproval", "nope")).status).toBe(200);
    fake.failNext(2, 500);
    expect((await notify("subscription_preapproval", preapprovalId)).status).toBe(502);
  });
});

describe("admin", () => {
  const asAdmin = { mercadoPago: undefined as MercadoPago | undefined, admin };
  const patch = (id: number, status: string, context: object = { ...asAdmin, mercadoPago: live }) =>
    statusRoute.action(
      routeArgs(`/api/caja/subscriptions/${id}/status`, database, {
        method: "PATCH",
        params: { id: String(id) },
        body: JSON.stringify({ status }),
        headers: { "content-type": "application/json" },
        context,
      }) as never,
    );

  async function activeSubscription(email: string): Promise<{ id: number; preapprovalId: string }> {
    const body = (await (await subscribe(form({ email }))).json()) as { id: number };
    const preapprovalId = (await subscriptionRow(body.id))?.providerPreapprovalId ?? "";
    fake.authorize(preapprovalId);
    await notify("subscription_preapproval", preapprovalId);
    return { id: body.id, preapprovalId };
  }

  it("refuses anonymous requests", async () => {
    const response = await statsRoute.loader(routeArgs("/api/caja/stats", database) as never);
    expect(response.status).toBe(401);
    expect((await patch(1, "paused", {})).status).toBe(401);
  });

  it("pauses and reactivates (sent to Mercado Pago too), audited; other transitions are 409", async () => {
    const { id, preapprovalId } = await activeSubscription("pausa@example.com");
    const paused = await patch(id, "paused");
    expect(paused.status).toBe(200);
    expect(fake.preapprovals.get(preapprovalId)?.status).toBe("paused");
    expect((await subscriptionRow(id))?.status).toBe("paused");
    expect((await patch(id, "paused")).status).toBe(409);
    expect((await patch(id, "active")).status).toBe(200);
    expect(fake.preapprovals.get(preapprovalId)?.status).toBe("authorized");
    expect((await patch(id, "cancelled")).status).toBe(409);
    expect((await patch(id, "pending")).status).toBe(409);
    expect((await patch(id, "borrado")).status).toBe(400);
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.map((a) => a.action)).toEqual(["box-subscription.pause", "box-subscription.reactivate"]);
    fake.failNext(2, 500);
    expect((await patch(id, "paused")).status).toBe(502);
    expect((await subscriptionRow(id))?.status).toBe("active");
  });

  it("lists subscriptions and counts the stats (monthly revenue = monthly equivalent of active prices)", async () => {
    const semi = (await (await subscribe(form({ email: "semi@example.com", planType: "semiannual" }))).json()) as {
      id: number;
    };
    const pre = (await subscriptionRow(semi.id))?.providerPreapprovalId ?? "";
    fake.authorize(pre);
    await notify("subscription_preapproval", pre);
    const stats = (await (
      await statsRoute.loader(routeArgs("/api/caja/stats", database, { context: asAdmin }) as never)
    ).json()) as Record<string, number>;
    const rows = await db.select().from(boxSubscriptions);
    const active = rows.filter((r) => r.status === "active");
    expect(stats).toEqual({
      totalSubscriptions: rows.length,
      activeSubscriptions: active.length,
      pendingSubscriptions: rows.filter((r) => r.status === "pending").length,
      pausedSubscriptions: rows.filter((r) => r.status === "paused").length,
      monthlyRevenue: active.reduce((sum, r) => sum + r.priceCents / r.frequencyMonths, 0) / 100,
    });
    const list = (await (
      await subscriptionsRoute.loader(
        routeArgs("/api/caja/subscriptions?status=active&search=semi", database, { context: asAdmin }) as never,
      )
    ).json()) as { id: number; planType: string; status: string }[];
    expect(list).toEqual([expect.objectContaining({ id: semi.id, planType: "semiannual", status: "active" })]);
  });

  it("queues one bulk e-mail per active subscriber, in the outbox, and audits it", async () => {
    const empty = await post(
      bulkRoute,
      "/api/caja/bulk-email",
      { subject: " ", content: "Hola" },
      { context: asAdmin },
    );
    expect(empty.status).toBe(400);
    const active = await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.status, "active"));
    const response = await post(
      bulkRoute,
      "/api/caja/bulk-email",
      { subject: "Llega la caja de marzo", content: "Hola.\n\nYa sale." },
      { context: asAdmin },
    );
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ success: true, queued: active.length });
    const bulk = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "bulk"));
    expect(bulk.map((m) => m.toAddress).sort()).toEqual(active.map((s) => s.email).sort());
    expect(bulk.every((m) => m.subject === "Llega la caja de marzo")).toBe(true);
    // Each message carries its subscriber's own page, and the send's id for the progress bar.
    for (const message of bulk) {
      expect(message.text).toMatch(
        /Ver o cambiar mi suscripción \(pausar o cancelar\): https?:\/\/\S+\/caja-rizoma\/mi-suscripcion\?token=/,
      );
      expect(message.headers["X-Rizoma-Campaign"]).toBe(answer.campaign);
    }
    expect(new Set(bulk.map((m) => /token=(\S+)/.exec(m.text)?.[1])).size).toBe(bulk.length);
    expect(await campaignProgress(db, answer.campaign)).toEqual({
      total: active.length,
      queued: active.length,
      sending: 0,
      sent: 0,
      failed: 0,
    });
  });

  it("keeps prices in box_plans only: a plan's new price does not change existing subscriptions", async () => {
    await db.update(boxPlans).set({ priceCents: 6_000_000 }).where(eq(boxPlans.id, "monthly"));
    const rows = await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.planId, "monthly"));
    expect(rows.every((r) => r.priceCents === 5_400_000)).toBe(true);
    await db.update(boxPlans).set({ priceCents: 5_400_000 }).where(eq(boxPlans.id, "monthly"));
  });
});

describe("the subscriber's own page", () => {
  const ownPage = (token: string, intent?: string) =>
    intent
      ? ownRoute.action(
          routeArgs(`/caja-rizoma/mi-suscripcion?token=${encodeURIComponent(token)}`, database, {
            method: "POST",
            body: new URLSearchParams({ intent }).toString(),
            headers: { "content-type": "application/x-www-form-urlencoded" },
            context: { mercadoPago: live },
          }) as never,
        )
      : ownRoute.loader(
          routeArgs(`/caja-rizoma/mi-suscripcion?token=${encodeURIComponent(token)}`, database, {
            context: { mercadoPago: live },
          }) as never,
        );

  it("is linked from the box e-mails, shows the subscription and lets the subscriber pause and cancel", async () => {
    const body = (await (await subscribe(form({ email: "propia@example.com" }))).json()) as { id: number };
    const preapprovalId = (await subscriptionRow(body.id))?.providerPreapprovalId ?? "";
    const charge = fake.authorize(preapprovalId);
    await notify("subscription_preapproval", preapprovalId);
    await notify("subscription_authorized_payment", charge);
    const mails = await mailsTo("propia@example.com");
    expect(mails).toHaveLength(2);
    const link = /(http:\/\/localhost:3000\/caja-rizoma\/mi-suscripcion\?token=\S+)/.exec(mails[0]?.text ?? "")?.[1];
    expect(link).toMatch(/\?token=[\w.%-]+$/);
    expect(mails[1]?.text).toContain(link);
    const token = new URL(link ?? "").searchParams.get("token") ?? "";

    const page = (await ownPage(token)) as { subscription: { status: string; payments: unknown[] } };
    expect(page.subscription).toMatchObject({ status: "active", payments: [expect.anything()] });

    const paused = (await ownPage(token, "pause")) as { ok: boolean; message: string };
    expect(paused).toEqual({ ok: true, message: "Tu suscripción quedó pausada." });
    expect(fake.preapprovals.get(preapprovalId)?.status).toBe("paused");
    expect((await subscriptionRow(body.id))?.status).toBe("paused");
    expect((await subscriptionRow(body.id))?.providerCancelledAt).toBeNull();
    await ownPage(token, "cancel");
    expect(fake.preapprovals.get(preapprovalId)?.status).toBe("cancelled");
    // Mercado Pago took it first: the baja's retry has nothing to chase.
    expect(await subscriptionRow(body.id)).toMatchObject({
      status: "cancelled",
      providerCancelledAt: expect.any(Date),
    });
    const shop = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "box-subscriber-changed-shop"));
    expect(shop.map((m) => m.subject)).toEqual([
      "Caja Rizoma: Lucía Pérez pausó su suscripción",
      "Caja Rizoma: Lucía Pérez canceló su suscripción",
    ]);
    const again = (await ownPage(token, "pause")) as { data: { ok: boolean } };
    expect(again.data.ok).toBe(false);
  });

  it("refuses a forged or altered link", async () => {
    const forged = (await ownPage("12.abcdef")) as { data: { error: string } };
    expect(forged.data.error).toMatch(/no es válido/);
  });
});

describe("the built-in sandbox", () => {
  const sandbox = () => mercadoPagoWithoutCredentials(db, { nodeEnv: "development" });

  it("hands out a local checkout and, on approval, notifies the webhook signed as Mercado Pago would", async () => {
    const mp = sandbox();
    const response = await post(subscribeRoute, "/api/caja/subscribe", form({ email: "sandbox@example.com" }), {
      context: { mercadoPago: mp },
    });
    const body = (await response.json()) as { init_point: string; id: number };
    expect(body.init_point).toMatch(/^http:\/\/localhost:3000\/pagos\/sandbox\/sbx[0-9a-f]+$/);
    const id = body.init_point.split("/").at(-1) ?? "";
    const page = await sandboxRoute.loader(
      routeArgs(`/pagos/sandbox/${id}`, database, { params: { id }, context: { mercadoPago: mp } }) as never,
    );
    expect(page).toMatchObject({ amountCents: 5_400_000, status: "pending" });
    // Nothing listens on this origin: the signed notifications are handed to the webhook in process.
    const back = await decideSandboxPayment(
      {
        db,
        mercadoPago: mp,
        siteUrl: "http://localhost:3000",
        configuredSecret: null,
        log: logger,
        origin: "http://127.0.0.1:9",
      },
      id,
      "approve",
    );
    expect(back).toBe(`http://localhost:3000/caja-rizoma/gracias?preapproval_id=${id}`);
    expect((await subscriptionRow(body.id))?.status).toBe("active");
    expect((await mailsTo("sandbox@example.com")).map((m) => m.template).sort()).toEqual([
      "box-payment",
      "box-welcome",
    ]);
    // A notification signed with another secret is refused by the same webhook.
    const forged = await webhookRoute.action(
      routeArgs(`/api/webhooks/mercadopago?data.id=${id}&type=subscription_preapproval`, database, {
        method: "POST",
        headers: { "x-request-id": "r", "x-signature": signNotification("otro", { dataId: id, requestId: "r" }) },
        body: "{}",
        context: { mercadoPago: mp },
      }) as never,
    );
    expect(forged.status).toBe(401);
  });

  it("is refused in production without Mercado Pago", async () => {
    const off = mercadoPagoWithoutCredentials(db);
    const thrown = await Promise.resolve(
      sandboxRoute.loader(
        routeArgs("/pagos/sandbox/sbx1", database, { params: { id: "sbx1" }, context: { mercadoPago: off } }) as never,
      ),
    ).catch((error: unknown) => error);
    // Where the sandbox is off its checkout page does not exist: a 404, not a server error.
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
