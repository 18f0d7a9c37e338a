import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordAuthorizedPayment } from "~/domain/box/subscriptions.server";
import { requestBoxWithdrawal } from "~/domain/box/withdrawal.server";
import { currentPeriod } from "~/domain/shipping/box-shipments.server";
import { auditLog, boxPickups, boxSubscriptions } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { liveMercadoPago } from "../../../tests/support/mercadopago-link";
import { routeArgs } from "../../../tests/support/route-context";
import { boxSubscription } from "../../../tests/support/shop";
import * as withdrawalsApi from "../api/admin/withdrawals";
import * as subscribeRoute from "../api/caja/subscribe";
import * as listPage from "./arrepentimientos";
import * as cajaPage from "./caja";

// The admin's side of the Caja Rizoma's withdrawals (decision 0052): /admin/arrepentimientos lists them with
// where each refund stands and retries a refund Mercado Pago did not take; /admin/caja marks a box handed
// over at the shop, which then counts as delivered.
const { database, db, admin } = await adminTestDatabase();
// A loaded machine may take more than the default 300 ms to answer the first request.
const { fake, live } = await liveMercadoPago(db, { timeoutMs: 3000 });
const freshIp = clientIps("10.52");
const ctx = () => ({ db, mercadoPago: live, siteUrl: "http://localhost:3000", clientIp: freshIp() });

/** Subscribed 2 days ago through the real route, authorized at the fake, first charge recorded (or not). */
async function subscribed(email: string, { charged = true, pickup = false } = {}) {
  const response = await subscribeRoute.action(
    routeArgs("/api/caja/subscribe", database, {
      method: "POST",
      body: JSON.stringify({ ...boxSubscription, email }),
      headers: { "content-type": "application/json" },
      context: { mercadoPago: live, clientIp: freshIp() },
    }) as never,
  );
  const body = (await response.json()) as { id?: number };
  if (!body.id) throw new Error(`not subscribed: ${JSON.stringify(body)}`);
  const id = Number(body.id);
  const [row] = await db
    .update(boxSubscriptions)
    .set({
      status: charged ? "active" : "pending",
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      ...(pickup ? { deliveryMethod: "pickup" as const, address: null, pickupLocation: "Librería Rizoma" } : {}),
    })
    .where(eq(boxSubscriptions.id, id))
    .returning();
  if (!row?.providerPreapprovalId) throw new Error("no preapproval");
  const chargeId = charged ? fake.authorize(row.providerPreapprovalId) : null;
  if (chargeId) expect(await recordAuthorizedPayment(ctx(), chargeId)).toEqual({ recorded: true });
  return { id, number: `CR-${String(id).padStart(6, "0")}`, email, chargeId };
}

const withdraw = (sub: { number: string; email: string }) =>
  requestBoxWithdrawal(ctx(), { orderNumber: sub.number, email: sub.email });

const listed = async () =>
  (await listPage.loader(routeArgs("/admin/arrepentimientos", database, { context: { admin } }) as never))
    .boxWithdrawals;
const rowOf = async (number: string) => (await listed()).find((row) => row.number === number);

const post = <T>(mod: { action: (args: never) => Promise<T> }, url: string, fields: Record<string, string>) =>
  mod.action(
    routeArgs(url, database, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      context: { admin, mercadoPago: live },
    }) as never,
  );
type Failure = { data: { message: string }; init: { status: number } };

describe("/admin/arrepentimientos: the Caja Rizoma's withdrawals", () => {
  it("lists each with its CR- number, subscriber, date, amount and where the refund stands", async () => {
    const refunded = await subscribed("lista.reembolsada@example.com");
    const free = await subscribed("lista.sin.cobro@example.com", { charged: false });
    const picked = await subscribed("lista.retirada@example.com", { pickup: true });
    const period = currentPeriod();
    await post(cajaPage, "/admin/caja", { intent: "box-pickup", subscriptionId: String(picked.id), period });
    for (const sub of [refunded, free, picked]) await withdraw(sub);

    expect(await rowOf(refunded.number)).toMatchObject({
      subscriberName: "Lucía Pérez",
      email: "lista.reembolsada@example.com",
      code: expect.stringMatching(/^ARR-/),
      createdAt: expect.any(String),
      refund: "refunded",
      amountCents: 5_400_000,
      refundedAt: expect.any(String),
      canRetry: false,
    });
    expect(await rowOf(free.number)).toMatchObject({ refund: "none", amountCents: null, canRetry: false });
    expect(await rowOf(picked.number)).toMatchObject({ refund: "picked_up", amountCents: 5_400_000, canRetry: false });

    // The admin API lists them too, beside the orders' withdrawals, with the amount in pesos.
    const response = (await withdrawalsApi.loader(
      routeArgs("/api/admin/withdrawals", database, { context: { admin } }) as never,
    )) as Response;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { withdrawals: unknown[]; boxWithdrawals: Record<string, unknown>[] };
    expect(Array.isArray(body.withdrawals)).toBe(true);
    const byNumber = (number: string) => body.boxWithdrawals.find((row) => row.number === number);
    expect(byNumber(refunded.number)).toMatchObject({ refund: "refunded", amount: 54_000, email: refunded.email });
    expect(byNumber(free.number)).toMatchObject({ refund: "none", amount: null });
    expect(byNumber(picked.number)).toMatchObject({ refund: "picked_up", amount: 54_000 });
    expect(byNumber(refunded.number)).not.toHaveProperty("amountCents");
  });

  it("a refund Mercado Pago failed shows its failure, and 'Reintentar reembolso' makes it once", async () => {
    const sub = await subscribed("lista.reintento@example.com");
    fake.failNext(2, 500); // the preapproval's PUT and the charge's GET
    await withdraw(sub);
    const failed = await rowOf(sub.number);
    expect(failed).toMatchObject({
      refund: "due",
      canRetry: true,
      refundError: expect.stringMatching(/^Mercado Pago/),
    });

    fake.failNext(1, 500);
    const again = (await post(listPage, "/admin/arrepentimientos", {
      intent: "box-refund-retry",
      withdrawalId: String(failed?.id),
    })) as unknown as Failure;
    expect(again.init.status).toBe(502);
    expect(again.data.message).toMatch(/^Mercado Pago/);

    const done = (await post(listPage, "/admin/arrepentimientos", {
      intent: "box-refund-retry",
      withdrawalId: String(failed?.id),
    })) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/arrepentimientos?aviso=reembolso-caja#caja");
    expect(await rowOf(sub.number)).toMatchObject({ refund: "refunded", refundError: null, canRetry: false });
    expect([...fake.refunds.values()].filter((r) => String(r.payment_id) === sub.chargeId)).toHaveLength(1);

    const twice = (await post(listPage, "/admin/arrepentimientos", {
      intent: "box-refund-retry",
      withdrawalId: String(failed?.id),
    })) as unknown as Failure;
    expect(twice.init.status).toBe(409);
    expect(twice.data.message).toBe("Este reembolso ya está hecho");
    const view = await listPage.loader(
      routeArgs("/admin/arrepentimientos?aviso=reembolso-caja", database, { context: { admin } }) as never,
    );
    expect(view.notice).toMatchObject({ title: "Reembolso hecho" });
  });
});

describe("/admin/caja: 'Entregada' for a box picked up at the shop", () => {
  it("lists this month's pickups, records one once, audited; a box to the door is refused", async () => {
    const sub = await subscribed("retira.en.local@example.com", { pickup: true });
    const period = currentPeriod();
    const page = async () =>
      (await cajaPage.loader(routeArgs("/admin/caja", database, { context: { admin } }) as never)).pickups;
    const before = (await page()).rows.find((row) => row.subscriptionId === sub.id);
    expect(before).toMatchObject({ number: sub.number, name: "Lucía Pérez", pickedUpAt: null });

    const fields = { intent: "box-pickup", subscriptionId: String(sub.id), period };
    const first = (await post(cajaPage, "/admin/caja", fields)) as { pickup: { message: string } };
    expect(first.pickup.message).toContain("Quedó registrada la entrega");
    const second = (await post(cajaPage, "/admin/caja", fields)) as { pickup: { message: string } };
    expect(second.pickup.message).toBe("Esa caja ya estaba registrada como entregada.");
    expect(await db.select().from(boxPickups).where(eq(boxPickups.subscriptionId, sub.id))).toEqual([
      expect.objectContaining({ boxPeriod: period, recordedBy: admin.email }),
    ]);
    expect((await page()).rows.find((row) => row.subscriptionId === sub.id)?.pickedUpAt).toEqual(expect.any(String));
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, "box.pickup"));
    expect(audited.map((row) => row.entityId)).toContain(String(sub.id));

    const home = await subscribed("recibe.en.casa@example.com");
    const refused = (await post(cajaPage, "/admin/caja", {
      intent: "box-pickup",
      subscriptionId: String(home.id),
      period,
    })) as unknown as Failure;
    expect(refused.init.status).toBe(409);
    expect(refused.data).toMatchObject({
      message: "Esta suscripción recibe la caja a domicilio",
      intent: "box-pickup",
    });
  });
});
