import { setTimeout as sleep } from "node:timers/promises";
import { MercadoPagoError } from "./errors";
import type {
  AuthorizedPayment,
  MercadoPagoApi,
  NewPreapproval,
  NewPreference,
  NewQrOrder,
  Payment,
  Preapproval,
  PreapprovalStatus,
  Preference,
  QrOrder,
  Refund,
} from "./types";

export interface MercadoPagoClientOptions {
  apiBase: string;
  accessToken: string;
  /** Per request, in ms (MP answers in well under a second; a checkout must not hang). */
  timeoutMs?: number;
  /** Retries of 429/5xx and network errors, with backoff honouring Retry-After. */
  retries?: number;
  backoffMs?: number;
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);

/**
 * The real Mercado Pago REST client: Bearer token, `X-Idempotency-Key` on every POST/PUT (the same key
 * on each retry, so a retried create never makes two preapprovals), a timeout per request, and Spanish
 * errors that say what failed.
 */
export function mercadoPagoClient(options: MercadoPagoClientOptions): MercadoPagoApi {
  const base = options.apiBase.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 300;

  async function request<T>(method: string, path: string, what: string, body?: unknown, key?: string): Promise<T> {
    let lastError: MercadoPagoError | null = null;
    for (let attempt = 0; attempt <= retries; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${options.accessToken}`,
            Accept: "application/json",
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
            ...(key ? { "X-Idempotency-Key": key } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        lastError = new MercadoPagoError(
          timedOut
            ? `Mercado Pago no respondió a tiempo (${what}, ${timeoutMs} ms)`
            : `No se pudo conectar con Mercado Pago (${what})`,
          null,
          undefined,
          timedOut,
        );
        if (attempt < retries) await sleep(backoffMs * 2 ** attempt);
        continue;
      }
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      if (response.ok) return parsed as T;
      const detail =
        parsed && typeof parsed === "object" && "message" in parsed
          ? String((parsed as { message: unknown }).message)
          : "";
      lastError = new MercadoPagoError(
        `Mercado Pago respondió ${response.status} al ${what}${detail ? `: ${detail}` : ""}`,
        response.status,
        parsed,
      );
      if (!RETRYABLE.has(response.status) || attempt === retries) break;
      const retryAfter = Number(response.headers.get("retry-after"));
      await sleep(
        Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 10) * 1000 : backoffMs * 2 ** attempt,
      );
    }
    throw lastError ?? new MercadoPagoError(`Mercado Pago falló (${what})`, null);
  }

  const id = (value: string) => encodeURIComponent(value);
  return {
    mode: "live",
    createPreapproval: (input: NewPreapproval, key: string) =>
      request<Preapproval>("POST", "/preapproval", "crear la suscripción", input, key),
    getPreapproval: (preapprovalId: string) =>
      request<Preapproval>("GET", `/preapproval/${id(preapprovalId)}`, "consultar la suscripción"),
    updatePreapproval: (preapprovalId: string, change: { status: PreapprovalStatus }, key: string) =>
      request<Preapproval>("PUT", `/preapproval/${id(preapprovalId)}`, "cambiar la suscripción", change, key),
    getAuthorizedPayment: (paymentId: string) =>
      request<AuthorizedPayment>(
        "GET",
        `/authorized_payments/${id(paymentId)}`,
        "consultar el cobro de la suscripción",
      ),
    getPayment: (paymentId: string) => request<Payment>("GET", `/v1/payments/${id(paymentId)}`, "consultar el pago"),
    createPreference: (input: NewPreference, key: string) =>
      request<Preference>("POST", "/checkout/preferences", "crear el pago del pedido", input, key),
    refundPayment: (paymentId: string, input: { amount?: number }, key: string) =>
      request<Refund>(
        "POST",
        `/v1/payments/${id(paymentId)}/refunds`,
        "devolver el pago",
        input.amount === undefined ? {} : { amount: input.amount },
        key,
      ),
    createQrOrder: (input: NewQrOrder, key: string) =>
      request<QrOrder>("POST", "/v1/orders", "crear el QR de la venta", input, key),
    getQrOrder: (orderId: string) =>
      request<QrOrder>("GET", `/v1/orders/${id(orderId)}`, "consultar el QR de la venta"),
    cancelQrOrder: (orderId: string, key: string) =>
      request<QrOrder>("POST", `/v1/orders/${id(orderId)}/cancel`, "cancelar el QR de la venta", undefined, key),
    refundQrOrder: (orderId: string, key: string) =>
      request<QrOrder>("POST", `/v1/orders/${id(orderId)}/refund`, "devolver el pago del QR", undefined, key),
  };
}
