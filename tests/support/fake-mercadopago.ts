import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AuthorizedPayment, Payment, Preapproval, Preference, Refund } from "~/integrations/mercadopago/types";

/**
 * A Mercado Pago API on loopback (port 0) answering in MP's shapes (INTEGRATIONS.md): Bearer token
 * required, `POST /preapproval` (X-Idempotency-Key honoured: the same key answers the same preapproval),
 * `GET`/`PUT /preapproval/{id}`, `GET /authorized_payments/{id}`, `GET /v1/payments/{id}`,
 * `POST /checkout/preferences` (Checkout Pro, idempotency key honoured the same way),
 * `POST /v1/payments/{id}/refunds` (full or partial; the same key answers the same refund), errors as
 * `{message, error, status, cause}`, failures on demand (a status or a slow answer for the next N), and a
 * refund whose answer is held after it was made (`holdNextRefund`).
 */
export interface FakeMercadoPagoRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export interface FakeMercadoPago {
  url: string;
  token: string;
  preapprovals: Map<string, Preapproval>;
  authorizedPayments: Map<string, AuthorizedPayment>;
  payments: Map<string, Payment>;
  preferences: Map<string, Preference>;
  /** Refunds made, by refund id (a replayed key adds none). */
  refunds: Map<string, Refund & { idempotencyKey: string }>;
  requests: FakeMercadoPagoRequest[];
  failNext(count: number, status: number): void;
  slowNext(count: number, delayMs: number): void;
  /**
   * The next NEW refund is made and recorded as usual, then its answer is held back (as if MP, or the
   * network, stalled after doing the work) until `release()` or until the caller hangs up. `recorded`
   * resolves with the refund as soon as it is stored: the moment to kill the caller.
   */
  holdNextRefund(): { recorded: Promise<Refund>; release(): void };
  /** As if the payer finished MP's checkout: authorized, with one processed charge (its id returned). */
  authorize(preapprovalId: string, chargeId?: string): string;
  /** As if the buyer paid a preference at MP's checkout: a payment with this status (its id returned). */
  pay(preferenceId: string, status?: string, amount?: number): string;
  close(): Promise<void>;
}

export async function startFakeMercadoPago(options: { token?: string } = {}): Promise<FakeMercadoPago> {
  const token = options.token ?? "TEST-fake-token";
  const preapprovals = new Map<string, Preapproval>();
  const authorizedPayments = new Map<string, AuthorizedPayment>();
  const payments = new Map<string, Payment>();
  const preferences = new Map<string, Preference>();
  const refunds = new Map<string, Refund & { idempotencyKey: string }>();
  const byKey = new Map<string, string>();
  const requests: FakeMercadoPagoRequest[] = [];
  const failures: ({ status: number } | { delayMs: number })[] = [];
  let refundHold: { recorded: (refund: Refund) => void; released: Promise<void> } | null = null;
  let next = 1;

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({ method: req.method ?? "GET", path: url.pathname, headers: req.headers, body });
    const send = (status: number, data: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(data));
    };
    const error = (status: number, message: string, code = "bad_request") =>
      send(status, { message, error: code, status, cause: [] });

    const failure = failures.shift();
    if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (failure && "status" in failure) return error(failure.status, "internal_error", "internal_error");
    if (req.headers.authorization !== `Bearer ${token}`) return error(401, "invalid access token", "unauthorized");

    const [, first, second, third] = url.pathname.split("/");
    if (first === "preapproval" && !second && req.method === "POST") {
      const key = String(req.headers["x-idempotency-key"] ?? "");
      if (!key) return error(400, "X-Idempotency-Key is required");
      const known = byKey.get(key);
      if (known) return send(201, preapprovals.get(known));
      const input = body as Partial<Preapproval> & { back_url?: string };
      if (!input?.reason || !input.payer_email || !input.auto_recurring?.transaction_amount)
        return error(400, "reason, payer_email and auto_recurring are required");
      const id = `2c938084${String(next++).padStart(24, "0")}`;
      const preapproval: Preapproval = {
        id,
        status: "pending",
        init_point: `https://www.mercadopago.com.ar/subscriptions/checkout?preapproval_id=${id}`,
        external_reference: input.external_reference ?? null,
        payer_email: input.payer_email,
        reason: input.reason,
        auto_recurring: input.auto_recurring,
        back_url: input.back_url,
        next_payment_date: null,
        date_created: new Date().toISOString(),
      };
      preapprovals.set(id, preapproval);
      byKey.set(key, id);
      return send(201, preapproval);
    }
    if (first === "checkout" && second === "preferences" && !third && req.method === "POST") {
      const key = String(req.headers["x-idempotency-key"] ?? "");
      if (!key) return error(400, "X-Idempotency-Key is required");
      const known = byKey.get(key);
      if (known) return send(201, preferences.get(known));
      const input = body as Partial<Preference>;
      if (!input?.items?.length || input.items.some((item) => !(item.unit_price > 0) || !(item.quantity > 0)))
        return error(400, "items are required, with a positive unit_price and quantity");
      const id = `123456789-${String(next++).padStart(8, "0")}`;
      const preference: Preference = {
        id,
        init_point: `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
        external_reference: input.external_reference ?? "",
        items: input.items,
        payer: input.payer,
        back_urls: input.back_urls,
        notification_url: input.notification_url,
        payment_methods: input.payment_methods,
        date_created: new Date().toISOString(),
      };
      preferences.set(id, preference);
      byKey.set(key, id);
      return send(201, preference);
    }
    if (first === "preapproval" && second) {
      const found = preapprovals.get(second);
      if (!found) return error(404, "Preapproval not found", "not_found");
      if (req.method === "PUT") {
        const status = (body as { status?: Preapproval["status"] })?.status;
        if (!status) return error(400, "status is required");
        found.status = status;
      }
      return send(200, found);
    }
    if (first === "authorized_payments" && second) {
      const found = authorizedPayments.get(second);
      return found ? send(200, found) : error(404, "Authorized payment not found", "not_found");
    }
    const [, , , , fourth] = url.pathname.split("/");
    if (first === "v1" && second === "payments" && third && fourth === "refunds" && req.method === "POST") {
      const key = String(req.headers["x-idempotency-key"] ?? "");
      if (!key) return error(400, "X-Idempotency-Key is required");
      const known = byKey.get(`refund:${key}`);
      const replayed = known ? refunds.get(known) : undefined;
      if (replayed) {
        const { idempotencyKey: _key, ...answer } = replayed;
        return send(201, answer);
      }
      const payment = payments.get(third);
      if (!payment) return error(404, "Payment not found", "not_found");
      if (payment.status !== "approved") return error(400, "Invalid payment status", "invalid_status");
      const refunded = [...refunds.values()]
        .filter((refund) => String(refund.payment_id) === third)
        .reduce((total, refund) => total + refund.amount, 0);
      const amount = (body as { amount?: number } | null)?.amount ?? payment.transaction_amount - refunded;
      if (!(amount > 0) || refunded + amount > payment.transaction_amount + 1e-9)
        return error(400, "Invalid refund amount", "invalid_refund_amount");
      const id = String(5_000_000_000 + next++);
      const refund = {
        id: Number(id),
        payment_id: payment.id,
        amount: Math.round(amount * 100) / 100,
        status: "approved",
        date_created: new Date().toISOString(),
        idempotencyKey: key,
      };
      refunds.set(id, refund);
      byKey.set(`refund:${key}`, id);
      if (refunded + amount >= payment.transaction_amount - 1e-9) payment.status = "refunded";
      const { idempotencyKey: _key, ...answer } = refund;
      const hold = refundHold;
      if (hold) {
        refundHold = null;
        hold.recorded(answer);
        // Held until released, or until the caller's connection closes (a killed server).
        await Promise.race([hold.released, new Promise((resolve) => res.once("close", resolve))]);
      }
      return send(201, answer);
    }
    if (first === "v1" && second === "payments" && third) {
      const found = payments.get(third);
      return found ? send(200, found) : error(404, "Payment not found", "not_found");
    }
    return error(404, "resource not found", "not_found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    preapprovals,
    authorizedPayments,
    payments,
    preferences,
    refunds,
    requests,
    failNext: (count, status) => {
      for (let i = 0; i < count; i++) failures.push({ status });
    },
    slowNext: (count, delayMs) => {
      for (let i = 0; i < count; i++) failures.push({ delayMs });
    },
    holdNextRefund() {
      let recorded: (refund: Refund) => void = () => {};
      let release: () => void = () => {};
      const stored = new Promise<Refund>((resolve) => {
        recorded = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      refundHold = { recorded, released };
      return { recorded: stored, release };
    },
    authorize(preapprovalId, chargeId) {
      const preapproval = preapprovals.get(preapprovalId);
      if (!preapproval) throw new Error(`no preapproval ${preapprovalId}`);
      preapproval.status = "authorized";
      const id = chargeId ?? String(7_000_000_000 + next++);
      authorizedPayments.set(id, {
        id: Number(id),
        preapproval_id: preapprovalId,
        status: "processed",
        transaction_amount: preapproval.auto_recurring.transaction_amount,
        currency_id: "ARS",
        date_created: new Date().toISOString(),
        debit_date: new Date().toISOString(),
        external_reference: preapproval.external_reference,
        payment: { id: Number(id), status: "approved", status_detail: "accredited" },
      });
      // The charge's payment, as at MP: what a box withdrawal refunds (POST /v1/payments/{id}/refunds).
      payments.set(id, {
        id: Number(id),
        status: "approved",
        status_detail: "accredited",
        external_reference: preapproval.external_reference,
        transaction_amount: preapproval.auto_recurring.transaction_amount,
        currency_id: "ARS",
        date_approved: new Date().toISOString(),
      });
      return id;
    },
    pay(preferenceId, status = "approved", amount) {
      const preference = preferences.get(preferenceId);
      if (!preference) throw new Error(`no preference ${preferenceId}`);
      const id = String(9_000_000_000 + next++);
      const total = preference.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
      payments.set(id, {
        id: Number(id),
        status,
        status_detail: status === "approved" ? "accredited" : "cc_rejected_other_reason",
        external_reference: preference.external_reference,
        transaction_amount: amount ?? Math.round(total * 100) / 100,
        currency_id: "ARS",
        date_approved: status === "approved" ? new Date().toISOString() : null,
      });
      return id;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
