import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { retryPreapprovalCancellations } from "~/domain/box/cancellation-retry.server";
import { recordAuthorizedPayment } from "~/domain/box/subscriptions.server";
import { retryBoxRefunds } from "~/domain/box/withdrawal.server";
import { boxPayments, boxSubscriptions, boxWithdrawals, mailOutbox, shipments } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { liveMercadoPago } from "../../../tests/support/mercadopago-link";
import { routeArgs } from "../../../tests/support/route-context";
import { boxSubscription } from "../../../tests/support/shop";
import * as withdrawalRoute from "./arrepentimiento";
import * as subscribeRoute from "./caja/subscribe";

// The Caja Rizoma's own botón de arrepentimiento (issue 33, decision 0047) through POST /api/arrepentimiento,
// against the fake Mercado Pago: the preapproval cancelled there, the first charge refunded once.
const { database, db } = await adminTestDatabase();
const { fake, live } = await liveMercadoPago(db);
const freshIp = clientIps("10.33");
const CODE = /^ARR-[2-9A-HJ-NP-Z]{8}$/;
const DAY = 86_400_000;

type Json = Record<string, unknown>;
async function post(mod: { action: (args: never) => Promise<Response> }, url: string, body: unknown) {
  const response = await mod.action(
    routeArgs(url, database, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      context: { mercadoPago: live, clientIp: freshIp() },
    }) as never,
  );
  return { status: response.status, body: (await response.json()) as Json };
}
const withdraw = (number: string, email: string, reason?: string) =>
  post(withdrawalRoute, "/api/arrepentimiento", { orderNumber: number, email, reason });

/** Subscribed `daysAgo` days ago through the real route, authorized at the fake, first charge recorded (or not). */
async function subscribed(email: string, { daysAgo = 3, charged = true } = {}) {
  const { body } = await post(subscribeRoute, "/api/caja/subscribe", { ...boxSubscription, email });
  const id = Number(body.id);
  const [row] = await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, id));
  const preapprovalId = row?.providerPreapprovalId;
  if (!preapprovalId) throw new Error("no preapproval");
  await db
    .update(boxSubscriptions)
    .set({ status: charged ? "active" : "pending", createdAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(boxSubscriptions.id, id));
  let chargeId: string | null = null;
  if (charged) {
    chargeId = fake.authorize(preapprovalId);
    const ctx = { db, mercadoPago: live, siteUrl: "http://localhost:3000", clientIp: "10.33.0.1" };
    expect(await recordAuthorizedPayment(ctx, chargeId)).toEqual({ recorded: true });
  }
  return { id, number: `CR-${String(id).padStart(6, "0")}`, preapprovalId, chargeId };
}

const cancelsAt = (preapprovalId: string) =>
  fake.requests.filter((r) => r.method === "PUT" && r.path === `/preapproval/${preapprovalId}`);
const refundsOf = (chargeId: string | null) =>
  [...fake.refunds.values()].filter((refund) => String(refund.payment_id) === chargeId);
const withdrawalOf = async (id: number) =>
  (await db.select().from(boxWithdrawals).where(eq(boxWithdrawals.subscriptionId, id)))[0];
const statusOf = async (id: number) =>
  (await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, id)))[0]?.status;
const templatesTo = async (email: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id)).map(
    (mail) => mail.template,
  );

describe("POST /api/arrepentimiento with a Caja Rizoma subscription", () => {
  it("within 10 days: cancelled at Mercado Pago, the first charge refunded once, the code e-mailed", async () => {
    const sub = await subscribed("caja.arrepentida@example.com");
    const first = await withdraw(sub.number.toLowerCase(), " Caja.Arrepentida@example.com ", "No era lo que esperaba");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, code: expect.stringMatching(CODE) });
    expect(first.body.message).toContain(`Recibimos tu arrepentimiento de la suscripción ${sub.number}`);
    expect(first.body.message).toMatch(/Ya te devolvimos el primer cobro \(\$\s54\.000\)/);
    expect(await statusOf(sub.id)).toBe("cancelled");
    expect(fake.preapprovals.get(sub.preapprovalId)?.status).toBe("cancelled");
    expect(cancelsAt(sub.preapprovalId)).toHaveLength(1);
    expect(refundsOf(sub.chargeId)).toHaveLength(1);
    expect(await withdrawalOf(sub.id)).toMatchObject({
      code: first.body.code,
      refundDue: true,
      refundCents: 5_400_000,
      refundedAt: expect.any(Date),
      reason: "No era lo que esperaba",
    });
    const [payment] = await db.select().from(boxPayments).where(eq(boxPayments.subscriptionId, sub.id));
    expect(payment?.status).toBe("refunded");
    expect(await templatesTo("caja.arrepentida@example.com")).toContain("box-withdrawal-received");

    // Asked again: the same code, nothing cancelled or refunded again, no new e-mail.
    const again = await withdraw(sub.number, "caja.arrepentida@example.com");
    expect(again).toMatchObject({ status: 200, body: { success: true, code: first.body.code } });
    expect(cancelsAt(sub.preapprovalId)).toHaveLength(1);
    expect(refundsOf(sub.chargeId)).toHaveLength(1);
    expect((await templatesTo("caja.arrepentida@example.com")).filter((t) => t.startsWith("box-withdrawal"))).toEqual([
      "box-withdrawal-received",
    ]);
  });

  it("two identical requests at once: one withdrawal, one cancellation, one refund", async () => {
    const sub = await subscribed("caja.doble@example.com");
    const answers = await Promise.all([
      withdraw(sub.number, "caja.doble@example.com"),
      withdraw(sub.number, "caja.doble@example.com"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]?.body.code).toBe(answers[1]?.body.code);
    expect(cancelsAt(sub.preapprovalId)).toHaveLength(1);
    expect(refundsOf(sub.chargeId)).toHaveLength(1);
    expect(await db.select().from(boxWithdrawals).where(eq(boxWithdrawals.subscriptionId, sub.id))).toHaveLength(1);
  });

  it("past the 10 days: a 409 that points to the botón de baja, and nothing changes", async () => {
    const sub = await subscribed("caja.tarde@example.com", { daysAgo: 40 });
    const late = await withdraw(sub.number, "caja.tarde@example.com");
    expect(late.status).toBe(409);
    expect(late.body.success).toBe(false);
    expect(late.body.message).toContain("Pasaron más de 10 días desde que te suscribiste a la Caja Rizoma");
    expect(late.body.message).toContain("Botón de baja");
    expect(late.body.message).toContain("/caja-rizoma/baja");
    expect(await statusOf(sub.id)).toBe("active");
    expect(await withdrawalOf(sub.id)).toBeUndefined();
    expect(cancelsAt(sub.preapprovalId)).toHaveLength(0);
  });

  it("a wrong e-mail is the same 404 as an unknown number", async () => {
    const sub = await subscribed("caja.ajena@example.com");
    const wrong = await withdraw(sub.number, "otra@example.com");
    const unknown = await withdraw("CR-999999", "caja.ajena@example.com");
    expect(wrong.status).toBe(404);
    expect(unknown).toEqual(wrong);
    expect(await statusOf(sub.id)).toBe("active");
  });

  it("nothing charged yet: cancelled, no refund", async () => {
    const sub = await subscribed("caja.sin.cobro@example.com", { charged: false });
    const answer = await withdraw(sub.number, "caja.sin.cobro@example.com");
    expect(answer.status).toBe(201);
    expect(answer.body.message).toContain("Todavía no se te había cobrado nada");
    expect(await withdrawalOf(sub.id)).toMatchObject({ refundDue: false, refundCents: null });
    expect(await statusOf(sub.id)).toBe("cancelled");
  });

  it("a box already shipped: cancelled, no automatic refund, the return arranged", async () => {
    const sub = await subscribed("caja.enviada@example.com");
    await db.insert(shipments).values({
      boxSubscriptionId: sub.id,
      boxPeriod: "2026-11",
      carrier: "correo_argentino",
      kind: "home",
      service: "Estándar",
      serviceCode: "CP",
      reference: `CAJA-2026-11-${sub.id}`,
      trackingNumber: `TN${sub.id}AR`,
      status: "in_transit",
    });
    const answer = await withdraw(sub.number, "caja.enviada@example.com");
    expect(answer.status).toBe(201);
    expect(answer.body.message).toContain("Tu primera caja ya salió");
    expect(refundsOf(sub.chargeId)).toHaveLength(0);
    expect(await withdrawalOf(sub.id)).toMatchObject({ refundDue: false, refundCents: 5_400_000, refundedAt: null });
  });

  it("Mercado Pago failing: the withdrawal stands, and the retry cancels and refunds once", async () => {
    const sub = await subscribed("caja.reintento@example.com");
    fake.failNext(2, 500); // the preapproval's PUT and the charge's GET
    const answer = await withdraw(sub.number, "caja.reintento@example.com");
    expect(answer.status).toBe(201);
    expect(answer.body.message).toContain("dentro de las próximas 24 horas");
    expect(await statusOf(sub.id)).toBe("cancelled");
    expect(refundsOf(sub.chargeId)).toHaveLength(0);
    const ctx = { db, mercadoPago: live };
    await retryPreapprovalCancellations(ctx);
    expect(await retryBoxRefunds(ctx)).toBe(1);
    expect(await retryBoxRefunds(ctx)).toBe(0);
    expect(fake.preapprovals.get(sub.preapprovalId)?.status).toBe("cancelled");
    expect(refundsOf(sub.chargeId)).toHaveLength(1);
    expect((await withdrawalOf(sub.id))?.refundedAt).toBeInstanceOf(Date);
  });
});
