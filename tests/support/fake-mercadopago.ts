import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { durationSeconds } from "~/integrations/mercadopago/sandbox.server";
import type {
  AuthorizedPayment,
  NewQrOrder,
  Payment,
  Preapproval,
  Preference,
  QrOrder,
  Refund,
} from "~/integrations/mercadopago/types";

/**
 * A Mercado Pago API on loopback (port 0) answering in MP's shapes (INTEGRATIONS.md): Bearer token
 * required, `POST /preapproval` (X-Idempotency-Key honoured: the same key answers the same preapproval),
 * `GET`/`PUT /preapproval/{id}`, `GET /authorized_payments/{id}`, `GET /v1/payments/{id}`,
 * `POST /checkout/preferences` (Checkout Pro, idempotency key honoured the same way),
 * `POST /v1/payments/{id}/refunds` (full or partial; the same key answers the same refund), the Orders API
 * for in-person QR (`POST /v1/orders` type qr, `GET /v1/orders/{id}`, `…/cancel`, `…/refund`; see
 * docs/decisions/0051), errors as `{message, error, status, cause}`, failures on demand (a status, a slow
 * answer, or an answer held back after the work was done, for the next N requests), and a refund whose
 * answer is held after it was made (`holdNextRefund`).
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
  /** QR orders (Orders API), by id. */
  orders: Map<string, QrOrder>;
  requests: FakeMercadoPagoRequest[];
  failNext(count: number, status: number): void;
  /** The next `count` requests wait `delayMs` before MP looks at them (a slow or unreachable MP). */
  slowNext(count: number, delayMs: number): void;
  /** The next `count` requests are done at once, and their answer is sent `delayMs` later (the work done, the answer late). */
  lateNext(count: number, delayMs: number): void;
  /**
   * As if the buyer scanned the order's QR and paid (`amount` in pesos: another amount than the order's, to
   * test that). `late`: MP's worst case, a payment accepted for an order already expired or cancelled.
   */
  payOrder(orderId: string, amount?: number, options?: { late?: boolean }): QrOrder;
  /** As if the order's time ran out unpaid. */
  expireOrder(orderId: string): QrOrder;
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
  const orders = new Map<string, QrOrder>();
  const orderExpiry = new Map<string, number>();
  const byKey = new Map<string, string>();
  const requests: FakeMercadoPagoRequest[] = [];
  const failures: ({ status: number } | { delayMs: number } | { lateMs: number })[] = [];
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
    const failure = failures.shift();
    const late = failure && "lateMs" in failure ? failure.lateMs : 0;
    const send = (status: number, data: unknown) => {
      const write = () => {
        if (res.destroyed) return;
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(data));
      };
      if (late > 0) setTimeout(write, late);
      else write();
    };
    const error = (status: number, message: string, code = "bad_request") =>
      send(status, { message, error: code, status, cause: [] });

    if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (failure && "status" in failure) return error(failure.status, "internal_error", "internal_error");
    if (req.headers.authorization !== `Bearer ${token}`) return error(401, "invalid access token", "unauthorized");

    const [, first, second, third] = url.pathname.split("/");
    if (first === "v1" && second === "orders")
      return ordersApi(req.method ?? "GET", url.pathname, req, body, send, error);
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
  /** An order past its expiration_time, still unpaid, is expired when next read (as MP does on its own). */
  function current(orderId: string): QrOrder | undefined {
    const order = orders.get(orderId);
    const expiry = orderExpiry.get(orderId);
    if (order && order.status === "created" && expiry !== undefined && Date.now() >= expiry) expire(order);
    return order;
  }
  function expire(order: QrOrder) {
    order.status = "expired";
    order.status_detail = "expired";
    order.type_response = null;
    for (const payment of order.transactions?.payments ?? []) {
      payment.status = "expired";
      payment.status_detail = "expired";
    }
  }
  const pesos = (value: string) => Math.round(Number(value) * 100);
  const twoDecimals = /^\d+\.\d{2}$/;

  function ordersApi(
    method: string,
    pathname: string,
    req: IncomingMessage,
    body: unknown,
    send: (status: number, data: unknown) => void,
    error: (status: number, message: string, code?: string) => void,
  ) {
    const [, , , orderId, verb] = pathname.split("/");
    const key = String(req.headers["x-idempotency-key"] ?? "");
    if (!orderId && method === "POST") {
      if (!key) return error(400, "Missing HTTP header: X-Idempotency-Key", "empty_required_header");
      const known = byKey.get(`order:${key}`);
      if (known) return send(201, current(known));
      const input = body as Partial<NewQrOrder> | null;
      if (input?.type !== "qr") return error(400, "type must be qr", "property_value");
      const pos = input.config?.qr?.external_pos_id;
      if (!pos || input.config?.qr?.mode !== "dynamic")
        return error(400, "config.qr is required", "required_properties");
      const total = input.total_amount ?? "";
      if (!twoDecimals.test(total) || pesos(total) <= 0)
        return error(400, "Order total amount cannot be zero", "invalid_total_amount");
      const payments = input.transactions?.payments ?? [];
      if (payments.length !== 1 || payments[0]?.amount !== total)
        return error(400, "transactions.payments must add up to total_amount", "invalid_total_amount");
      const items = input.items ?? [];
      const itemsTotal = items.reduce((sum, item) => sum + pesos(item.unit_price) * item.quantity, 0);
      if (items.some((item) => !twoDecimals.test(item.unit_price)) || itemsTotal !== pesos(total))
        return error(400, "Order items total amount sum does not match order total amount", "invalid_total_amount");
      if (!input.external_reference || !/^[A-Za-z0-9_-]{1,64}$/.test(input.external_reference))
        return error(400, "external_reference is invalid", "property_value");
      const seconds = durationSeconds(input.expiration_time ?? "PT15M");
      if (seconds === null || seconds < 30) return error(400, "expiration_time is invalid", "property_value");
      const id = `ORD01${String(next++).padStart(24, "0")}QR`.slice(0, 29);
      const order: QrOrder = {
        id,
        type: "qr",
        external_reference: input.external_reference,
        status: "created",
        status_detail: "created",
        total_amount: total,
        description: input.description,
        expiration_time: input.expiration_time,
        created_date: new Date().toISOString(),
        config: { qr: { external_pos_id: pos, mode: "dynamic" } },
        type_response: { qr_data: emvco(id, total) },
        transactions: {
          payments: [
            {
              id: `PAY01${String(next++).padStart(24, "0")}`,
              amount: total,
              status: "created",
              status_detail: "ready_to_process",
            },
          ],
        },
        items,
      };
      orders.set(id, order);
      orderExpiry.set(id, Date.now() + seconds * 1000);
      byKey.set(`order:${key}`, id);
      return send(201, order);
    }
    if (!orderId || !/^ORD[0-9A-Z]{26}$/.test(orderId))
      return error(400, "The order_id must begin with ORD and be followed by 26 characters", "invalid_path_param");
    const order = current(orderId);
    if (!order) return error(404, "Order not found", "order_not_found");
    if (method === "GET" && !verb) return send(200, order);
    if (method === "POST" && (verb === "cancel" || verb === "refund")) {
      if (!key) return error(400, "Missing HTTP header: X-Idempotency-Key", "empty_required_header");
      const done = byKey.get(`${verb}:${key}`);
      if (done) return send(200, order);
      if (verb === "cancel") {
        if (order.status !== "created")
          return error(409, `Order in status ${order.status} cannot be canceled`, "order_status_conflict");
        order.status = "canceled";
        order.status_detail = "canceled";
        order.type_response = null;
        for (const payment of order.transactions?.payments ?? []) payment.status = "canceled";
      } else {
        if (order.status !== "processed")
          return error(409, `Order in status ${order.status} cannot be refunded`, "order_status_conflict");
        order.status = "refunded";
        order.status_detail = "refunded";
        const payment = order.transactions?.payments?.[0];
        if (payment) payment.status = "refunded";
        order.transactions = {
          ...order.transactions,
          refunds: [
            {
              id: `REF01${String(next++).padStart(24, "0")}`,
              transaction_id: payment?.id,
              amount: order.total_paid_amount ?? order.total_amount,
              status: "processed",
            },
          ],
        };
      }
      byKey.set(`${verb}:${key}`, order.id);
      return send(200, order);
    }
    return error(404, "resource not found", "not_found");
  }

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
    orders,
    requests,
    failNext: (count, status) => {
      for (let i = 0; i < count; i++) failures.push({ status });
    },
    slowNext: (count, delayMs) => {
      for (let i = 0; i < count; i++) failures.push({ delayMs });
    },
    lateNext: (count, lateMs) => {
      for (let i = 0; i < count; i++) failures.push({ lateMs });
    },
    payOrder(orderId, amount, options = {}) {
      const order = current(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      if (order.status !== "created" && !options.late)
        throw new Error(`order ${orderId} is ${order.status}: it cannot be paid`);
      const paid = amount === undefined ? order.total_amount : amount.toFixed(2);
      order.status = "processed";
      order.status_detail = "accredited";
      order.total_paid_amount = paid;
      order.type_response = null;
      const payment = order.transactions?.payments?.[0];
      if (payment) {
        Object.assign(payment, {
          status: "processed",
          status_detail: "accredited",
          paid_amount: paid,
          reference: { id: String(9_500_000_000 + next++) },
        });
      }
      return order;
    },
    expireOrder(orderId) {
      const order = current(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      if (order.status === "created") expire(order);
      return order;
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

/** An EMVCo-shaped string like the ones MP hands out for a dynamic QR (the order id and amount inside). */
function emvco(orderId: string, amount: string): string {
  const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;
  const account = field("00", "COM.MERCADOLIBRE") + field("01", "3") + field("06", orderId);
  const body =
    field("00", "01") +
    field("01", "12") +
    field("43", account) +
    field("52", "5942") +
    field("53", "032") +
    field("54", amount) +
    field("58", "AR") +
    field("59", "RIZOMA LIBROS") +
    field("60", "CABA") +
    "6304";
  return `${body}ABCD`;
}
