import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeMercadoPago, startFakeMercadoPago } from "../../../tests/support/fake-mercadopago";
import { mercadoPagoClient } from "./client.server";
import { MercadoPagoError } from "./errors";
import { createMercadoPago } from "./index.server";
import { signatureManifest, signNotification, verifyNotification } from "./signature.server";
import type { NewPreapproval } from "./types";

let fake: FakeMercadoPago;
beforeAll(async () => {
  fake = await startFakeMercadoPago();
});
afterAll(() => fake.close());

const newPreapproval = (reference: string): NewPreapproval => ({
  reason: "Caja Rizoma - Plan Mensual",
  external_reference: reference,
  payer_email: "lectora@example.com",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 54000, currency_id: "ARS" },
  back_url: "https://rizoma.test/caja-rizoma/gracias",
  status: "pending",
});

describe("Mercado Pago client", () => {
  const client = () => mercadoPagoClient({ apiBase: fake.url, accessToken: fake.token, timeoutMs: 500, backoffMs: 5 });

  it("creates a preapproval with the Bearer token and the idempotency key, and fetches it back", async () => {
    const created = await client().createPreapproval(newPreapproval("41"), "key-41");
    expect(created).toMatchObject({ status: "pending", external_reference: "41" });
    expect(created.init_point).toMatch(/^https:\/\//);
    const request = fake.requests.at(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(request?.headers["x-idempotency-key"]).toBe("key-41");
    expect(await client().getPreapproval(created.id)).toMatchObject({ id: created.id });
    const again = await client().createPreapproval(newPreapproval("41"), "key-41");
    expect(again.id).toBe(created.id);
  });

  it("retries a 500 with the same idempotency key, so one preapproval is made", async () => {
    fake.failNext(1, 500);
    const before = fake.preapprovals.size;
    const created = await client().createPreapproval(newPreapproval("42"), "key-42");
    expect(fake.preapprovals.size).toBe(before + 1);
    const keys = fake.requests.slice(-2).map((r) => r.headers["x-idempotency-key"]);
    expect(keys).toEqual(["key-42", "key-42"]);
    expect(created.external_reference).toBe("42");
  });

  it("gives a Spanish error when MP keeps failing or does not answer in time", async () => {
    fake.failNext(3, 503);
    await expect(client().createPreapproval(newPreapproval("43"), "key-43")).rejects.toThrow(
      /Mercado Pago respondió 503 al crear la suscripción/,
    );
    fake.slowNext(3, 1500);
    const error = await client()
      .getPreapproval("x")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MercadoPagoError);
    expect((error as Error).message).toMatch(/no respondió a tiempo/);
  });

  it("refunds a whole payment with an empty body and the idempotency key; the same key is the same refund", async () => {
    fake.payments.set("900", {
      id: 900,
      status: "approved",
      external_reference: "RZ-000900",
      transaction_amount: 12_345.5,
    });
    const refund = await client().refundPayment("900", {}, "refund-key-900");
    expect(refund).toMatchObject({ payment_id: 900, amount: 12_345.5, status: "approved" });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: "POST", path: "/v1/payments/900/refunds", body: {} });
    expect(request?.headers["x-idempotency-key"]).toBe("refund-key-900");
    const again = await client().refundPayment("900", {}, "refund-key-900");
    expect(again.id).toBe(refund.id);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === 900)).toHaveLength(1);
    expect(fake.payments.get("900")?.status).toBe("refunded");
  });

  it("refunds part of a payment in pesos, and refuses more than what is left", async () => {
    fake.payments.set("901", { id: 901, status: "approved", external_reference: "RZ-000901", transaction_amount: 100 });
    const part = await client().refundPayment("901", { amount: 40 }, "refund-key-901a");
    expect(fake.requests.at(-1)?.body).toEqual({ amount: 40 });
    expect(part.amount).toBe(40);
    const error = (await client()
      .refundPayment("901", { amount: 70 }, "refund-key-901b")
      .catch((e: unknown) => e)) as MercadoPagoError;
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/Mercado Pago respondió 400 al devolver el pago/);
  });

  it("creates a QR order with the idempotency key (the same key, the same order), reads, cancels and refunds it", async () => {
    const order = {
      type: "qr" as const,
      total_amount: "15000.50",
      description: "Venta VT-000042 en Rizoma",
      external_reference: "VT-000042",
      expiration_time: "PT15M",
      config: { qr: { external_pos_id: "CAJA-1", mode: "dynamic" as const } },
      transactions: { payments: [{ amount: "15000.50" }] as [{ amount: string }] },
      items: [{ title: "Facundo", unit_price: "7500.25", quantity: 2, unit_measure: "unit" as const }],
    };
    const created = await client().createQrOrder(order, "sale-42");
    expect(created).toMatchObject({ status: "created", external_reference: "VT-000042", total_amount: "15000.50" });
    expect(created.id).toMatch(/^ORD[0-9A-Z]{26}$/);
    expect(created.type_response?.qr_data).toMatch(/^000201/);
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/orders", body: order });
    expect(fake.requests.at(-1)?.headers["x-idempotency-key"]).toBe("sale-42");
    expect((await client().createQrOrder(order, "sale-42")).id).toBe(created.id);
    expect(await client().getQrOrder(created.id)).toMatchObject({ id: created.id, status: "created" });
    expect(await client().cancelQrOrder(created.id, "cancel-42")).toMatchObject({ status: "canceled" });
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: `/v1/orders/${created.id}/cancel` });
    // A cancelled order takes no payment and cannot be refunded: MP refuses (no retry of a 4xx).
    const refused = (await client()
      .refundQrOrder(created.id, "refund-42")
      .catch((e: unknown) => e)) as MercadoPagoError;
    expect(refused.status).toBe(409);

    const paid = await client().createQrOrder({ ...order, external_reference: "VT-000043" }, "sale-43");
    fake.payOrder(paid.id);
    expect(await client().refundQrOrder(paid.id, "refund-43")).toMatchObject({ status: "refunded" });
    expect(fake.requests.at(-1)?.headers["x-idempotency-key"]).toBe("refund-43");
  });

  it("does not retry a 404 and says what was not found", async () => {
    const count = fake.requests.length;
    const error = (await client()
      .getAuthorizedPayment("999")
      .catch((e: unknown) => e)) as MercadoPagoError;
    expect(error.status).toBe(404);
    expect(fake.requests.length).toBe(count + 1);
  });
});

describe("x-signature", () => {
  it("builds MP's manifest, leaving out parts without a value", () => {
    expect(signatureManifest({ dataId: "ABC123", requestId: "r-1", ts: "1700000000" })).toBe(
      "id:abc123;request-id:r-1;ts:1700000000;",
    );
    expect(signatureManifest({ dataId: null, requestId: null, ts: "1" })).toBe("ts:1;");
  });

  it("accepts its own signature and refuses a wrong secret, another id, a stale ts or a missing header", () => {
    const parts = { dataId: "123", requestId: "req-9" };
    const header = signNotification("s3cret", parts);
    expect(verifyNotification("s3cret", header, parts)).toBe(true);
    expect(verifyNotification("other", header, parts)).toBe(false);
    expect(verifyNotification("s3cret", header, { ...parts, dataId: "124" })).toBe(false);
    expect(verifyNotification("s3cret", null, parts)).toBe(false);
    expect(verifyNotification(null, header, parts)).toBe(false);
    const old = signNotification("s3cret", { ...parts, ts: String(Math.floor(Date.now() / 1000) - 3600) });
    expect(verifyNotification("s3cret", old, parts)).toBe(false);
    const millis = signNotification("s3cret", { ...parts, ts: String(Date.now()) });
    expect(verifyNotification("s3cret", millis, parts)).toBe(true);
  });
});

describe("createMercadoPago", () => {
  const base = {
    db: {} as never,
    siteUrl: "https://rizoma.test",
    configuredSecret: null,
    apiBase: "https://api.mercadopago.com",
    webhookSecret: null,
  };
  it("uses the real API with a token, the sandbox without one, and nothing in production without MP", async () => {
    const mode = async (setup: Parameters<typeof createMercadoPago>[0]) =>
      (await createMercadoPago(setup).current()).mode;
    expect(await mode({ ...base, nodeEnv: "production", accessToken: "APP_USR-1" })).toBe("live");
    expect(await mode({ ...base, nodeEnv: "development", accessToken: null })).toBe("sandbox");
    const off = await createMercadoPago({ ...base, nodeEnv: "production", accessToken: null }).current();
    expect(off.mode).toBe("unavailable");
    expect(off.api).toBeNull();
  });

  it("asks the shop whether it may simulate at every payment, so a demo shop simulates in production until it goes live", async () => {
    let demo = true;
    const mp = createMercadoPago({ ...base, nodeEnv: "production", accessToken: null, maySimulate: async () => demo });
    expect((await mp.current()).mode).toBe("sandbox");
    demo = false;
    const after = await mp.current();
    expect(after.mode).toBe("unavailable");
    expect(await after.webhookSecret()).toBeNull();
    // Credentials win: a demo shop with a token takes real payments.
    const live = createMercadoPago({
      ...base,
      nodeEnv: "test",
      accessToken: "APP_USR-1",
      maySimulate: async () => true,
    });
    expect((await live.current()).mode).toBe("live");
  });
});
