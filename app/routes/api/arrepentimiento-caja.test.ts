import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { retryPreapprovalCancellations } from "~/domain/box/cancellation-retry.server";
import { recordBoxPickup } from "~/domain/box/pickups.server";
import { recordAuthorizedPayment } from "~/domain/box/subscriptions.server";
import { retryBoxRefunds, settleBoxRefund } from "~/domain/box/withdrawal-refund.server";
import { DEFAULT_ISSUE_OPTIONS, issueDueInvoices } from "~/domain/invoices/issue.server";
import { updateSection } from "~/domain/settings/settings.server";
import { boxPayments, boxPickups, boxSubscriptions, boxWithdrawals, invoices, mailOutbox, shipments } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { memoryArca } from "../../../tests/support/memory-arca";
import { liveMercadoPago } from "../../../tests/support/mercadopago-link";
import { routeArgs } from "../../../tests/support/route-context";
import { boxSubscription } from "../../../tests/support/shop";
import * as withdrawalRoute from "./arrepentimiento";
import * as subscribeRoute from "./caja/subscribe";

// The Caja Rizoma's own botón de arrepentimiento (issue 33, decision 0047) through POST /api/arrepentimiento,
// against the fake Mercado Pago: the preapproval cancelled there, the first charge refunded once.
const { database, db, admin } = await adminTestDatabase();
// A loaded machine may take more than the default 300 ms to answer the first request.
const { fake, live } = await liveMercadoPago(db, { timeoutMs: 3000 });
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
  if (!body.id) throw new Error(`not subscribed: ${JSON.stringify(body)}`);
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
      "box-withdrawal-refunded",
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
    const boxLetters = async () =>
      (await templatesTo("caja.reintento@example.com")).filter((t) => t.startsWith("box-withdrawal"));
    expect(await boxLetters()).toEqual(["box-withdrawal-received"]);
    const ctx = { db, mercadoPago: live, siteUrl: "http://localhost:3000" };
    await retryPreapprovalCancellations(ctx);
    expect(await retryBoxRefunds(ctx)).toBe(1);
    expect(await retryBoxRefunds(ctx)).toBe(0);
    // The money is back later than the receipt said it would be: the subscriber is told, once, with the amount.
    expect(await boxLetters()).toEqual(["box-withdrawal-received", "box-withdrawal-refunded"]);
    const [letter] = await db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, "caja.reintento@example.com"), eq(mailOutbox.template, "box-withdrawal-refunded")),
      );
    expect(letter?.subject).toBe(`Te devolvimos el dinero de la Caja Rizoma ${sub.number}`);
    expect(letter?.text).toMatch(/Te devolvimos \$\s54\.000 del primer cobro de tu suscripción CR-\d{6}/);
    expect(fake.preapprovals.get(sub.preapprovalId)?.status).toBe("cancelled");
    expect(refundsOf(sub.chargeId)).toHaveLength(1);
    expect((await withdrawalOf(sub.id))?.refundedAt).toBeInstanceOf(Date);
  });
});

/** Invoicing on, as a Responsable Inscripto: a box charge gets its Factura B when it is recorded. */
async function invoicingOn() {
  await updateSection(db, admin, "fiscal", {
    legalName: "Rizoma Libros S.R.L.",
    cuit: "30-71654321-4",
    taxCondition: "responsable_inscripto",
    legalAddress: "Thames 1234, CABA",
  });
  await updateSection(db, admin, "invoicing", { enabled: true, pointOfSale: 3 });
}

/** The invoice worker's passes, as it loops (a voucher handed back comes due again). */
async function issueAll(arca: ReturnType<typeof memoryArca>) {
  for (let pass = 0; pass < 3; pass++) {
    await db
      .update(invoices)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(invoices.status, "pending"));
    await issueDueInvoices({ db, arca: arca.api }, { ...DEFAULT_ISSUE_OPTIONS, retryBaseMs: 0 });
  }
}

const chargeOf = async (subscriptionId: number) =>
  (await db.select().from(boxPayments).where(eq(boxPayments.subscriptionId, subscriptionId)))[0];
const invoiceOfCharge = async (paymentId: number) =>
  (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.boxPaymentId, paymentId), eq(invoices.kind, "invoice")))
  )[0];
const creditNotesOf = (invoiceId: number) =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, "credit_note"), eq(invoices.originalInvoiceId, invoiceId)));

describe("a withdrawn box charge's invoice (decision 0052)", () => {
  // One ARCA for the file's vouchers: numbers follow its last one, as the real service's do.
  const arca = memoryArca();

  it("an issued invoice gets one credit note with the refund, whatever replays come", async () => {
    await invoicingOn();
    const sub = await subscribed("caja.facturada@example.com");
    const charge = await chargeOf(sub.id);
    if (!charge) throw new Error("no charge");
    await issueAll(arca);
    const invoice = await invoiceOfCharge(charge.id);
    expect(invoice).toMatchObject({ status: "issued", voucherType: 6, totalCents: 5_400_000 });
    if (!invoice) throw new Error("no invoice");

    const answer = await withdraw(sub.number, "caja.facturada@example.com");
    expect(answer.status).toBe(201);
    expect(refundsOf(sub.chargeId)).toHaveLength(1);
    const [note] = await creditNotesOf(invoice.id);
    expect(note).toMatchObject({ status: "pending", voucherType: 8, reason: "withdrawal", totalCents: 5_400_000 });
    expect(note?.lines).toEqual(invoice.lines);

    // Replays: the same request, the periodic pass, a settle called again — still one credit note.
    await withdraw(sub.number, "caja.facturada@example.com");
    await retryBoxRefunds({ db, mercadoPago: live, siteUrl: "http://localhost:3000" });
    const withdrawal = await withdrawalOf(sub.id);
    await settleBoxRefund({ db, mercadoPago: live, siteUrl: "http://localhost:3000" }, withdrawal?.id ?? 0);
    await issueAll(arca);
    const notes = await creditNotesOf(invoice.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ status: "issued", voucherType: 8, number: 1 });
    expect(arca.vouchers.get("3-8-1")?.request.associated).toEqual([
      expect.objectContaining({ voucherType: 6, pointOfSale: 3, number: invoice.number }),
    ]);
    expect(refundsOf(sub.chargeId)).toHaveLength(1);
    expect((await invoiceOfCharge(charge.id))?.status).toBe("issued");
  });

  it("an invoice never numbered is cancelled, with no credit note", async () => {
    await invoicingOn();
    const sub = await subscribed("caja.sin.numero@example.com");
    const charge = await chargeOf(sub.id);
    if (!charge) throw new Error("no charge");
    expect((await invoiceOfCharge(charge.id))?.status).toBe("pending");
    await withdraw(sub.number, "caja.sin.numero@example.com");
    const invoice = await invoiceOfCharge(charge.id);
    expect(invoice).toMatchObject({ status: "cancelled", number: null });
    expect(await creditNotesOf(invoice?.id ?? 0)).toHaveLength(0);
  });

  it("no refund made (Mercado Pago failing), no credit note yet: both come with the retry", async () => {
    await invoicingOn();
    const sub = await subscribed("caja.facturada.tarde@example.com");
    const charge = await chargeOf(sub.id);
    await issueAll(arca);
    const invoice = await invoiceOfCharge(charge?.id ?? 0);
    fake.failNext(2, 500);
    await withdraw(sub.number, "caja.facturada.tarde@example.com");
    expect(refundsOf(sub.chargeId)).toHaveLength(0);
    expect(await creditNotesOf(invoice?.id ?? 0)).toHaveLength(0);
    expect((await withdrawalOf(sub.id))?.refundError).toMatch(/^Mercado Pago/);
    await retryPreapprovalCancellations({ db, mercadoPago: live });
    await retryBoxRefunds({ db, mercadoPago: live, siteUrl: "http://localhost:3000" });
    expect(refundsOf(sub.chargeId)).toHaveLength(1);
    expect(await creditNotesOf(invoice?.id ?? 0)).toHaveLength(1);
    expect((await withdrawalOf(sub.id))?.refundError).toBeNull();
  });
});

describe("a box picked up at the shop counts as delivered (decision 0052)", () => {
  async function pickupSubscription(email: string) {
    const sub = await subscribed(email);
    await db
      .update(boxSubscriptions)
      .set({ deliveryMethod: "pickup", address: null, pickupLocation: "Librería Rizoma" })
      .where(eq(boxSubscriptions.id, sub.id));
    return sub;
  }

  it("a withdrawal after the pickup: cancelled, no automatic refund, the return arranged", async () => {
    const sub = await pickupSubscription("caja.retirada@example.com");
    expect(await recordBoxPickup(db, admin, sub.id, "2026-11")).toMatchObject({ created: true });
    expect(await recordBoxPickup(db, admin, sub.id, "2026-11")).toMatchObject({ created: false });
    expect(await db.select().from(boxPickups).where(eq(boxPickups.subscriptionId, sub.id))).toHaveLength(1);

    const answer = await withdraw(sub.number, "caja.retirada@example.com");
    expect(answer.status).toBe(201);
    expect(answer.body.message).toContain("Ya retiraste tu primera caja en la librería");
    expect(refundsOf(sub.chargeId)).toHaveLength(0);
    expect(await withdrawalOf(sub.id)).toMatchObject({
      refundDue: false,
      refundCents: 5_400_000,
      refundedAt: null,
      boxHandedOver: "picked_up",
    });
    expect(await retryBoxRefunds({ db, mercadoPago: live, siteUrl: "http://localhost:3000" })).toBe(0);
    expect(refundsOf(sub.chargeId)).toHaveLength(0);
    const [shopMail] = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, "box-withdrawal-shop"),
          eq(mailOutbox.subject, `Arrepentimiento de la Caja Rizoma ${sub.number} (${answer.body.code})`),
        ),
      );
    expect(shopMail?.text).toContain("La primera caja ya se había retirado en la librería");
  });

  it("a pickup cannot be marked once the subscription is withdrawn; a home delivery is not a pickup", async () => {
    const sub = await pickupSubscription("caja.retiro.tarde@example.com");
    await withdraw(sub.number, "caja.retiro.tarde@example.com");
    await expect(recordBoxPickup(db, admin, sub.id, "2026-11")).rejects.toThrow(
      "La suscripción no está activa: no hay caja para entregar",
    );
    expect(refundsOf(sub.chargeId)).toHaveLength(1);
    const home = await subscribed("caja.domicilio@example.com");
    await expect(recordBoxPickup(db, admin, home.id, "2026-11")).rejects.toThrow(
      "Esta suscripción recibe la caja a domicilio",
    );
    await expect(recordBoxPickup(db, admin, home.id, "2026-13")).rejects.toThrow("Mes inválido");
  });

  it("a pickup and a withdrawal at once: either the pickup is refused or the refund is", async () => {
    const sub = await pickupSubscription("caja.carrera@example.com");
    const [pickup, answer] = await Promise.allSettled([
      recordBoxPickup(db, admin, sub.id, "2026-11"),
      withdraw(sub.number, "caja.carrera@example.com"),
    ]);
    expect(answer.status).toBe("fulfilled");
    const withdrawal = await withdrawalOf(sub.id);
    if (pickup.status === "fulfilled") {
      expect(withdrawal).toMatchObject({ refundDue: false, boxHandedOver: "picked_up" });
      expect(refundsOf(sub.chargeId)).toHaveLength(0);
    } else {
      expect(withdrawal).toMatchObject({ refundDue: true, boxHandedOver: null });
      expect(refundsOf(sub.chargeId)).toHaveLength(1);
    }
  });
});
