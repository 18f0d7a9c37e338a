/**
 * Mercado Pago's shapes, as much of them as the shop reads (INTEGRATIONS.md). Amounts are pesos as MP
 * sends them; our code turns them into centavos at the edge (`pesosToCents`).
 */
export type PreapprovalStatus = "pending" | "authorized" | "paused" | "cancelled";

export interface AutoRecurring {
  frequency: number;
  frequency_type: "months" | "days";
  transaction_amount: number;
  currency_id: "ARS";
  start_date?: string;
  end_date?: string;
}

export interface Preapproval {
  id: string;
  status: PreapprovalStatus;
  init_point: string;
  external_reference: string | null;
  payer_email: string | null;
  reason: string;
  auto_recurring: AutoRecurring;
  back_url?: string;
  next_payment_date?: string | null;
  date_created?: string;
}

export interface NewPreapproval {
  reason: string;
  external_reference: string;
  payer_email: string;
  auto_recurring: AutoRecurring;
  back_url: string;
  status: "pending";
}

/** One charge of a preapproval (`GET /authorized_payments/{id}`). */
export interface AuthorizedPayment {
  id: number | string;
  preapproval_id: string;
  status: string;
  transaction_amount: number;
  currency_id: string;
  date_created: string;
  debit_date?: string | null;
  external_reference?: string | null;
  payment?: { id: number | string; status: string; status_detail?: string } | null;
}

/** A payment (`GET /v1/payments/{id}`): Checkout Pro orders read `status` and `external_reference`. */
export interface Payment {
  id: number | string;
  status: string;
  status_detail?: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id?: string;
  date_approved?: string | null;
  metadata?: Record<string, unknown>;
}

/** One line of a Checkout Pro preference (unit_price in pesos). */
export interface PreferenceItem {
  id: string;
  title: string;
  description?: string;
  quantity: number;
  unit_price: number;
  currency_id: "ARS";
}

/** `POST /checkout/preferences`: a one-off payment the buyer completes at `init_point`. */
export interface NewPreference {
  items: PreferenceItem[];
  payer: { name: string; surname: string; email: string };
  external_reference: string;
  back_urls: { success: string; failure: string; pending: string };
  auto_return: "approved" | "all";
  notification_url: string;
  /** `installments`: the most instalments Checkout Pro offers the buyer. */
  payment_methods: { installments: number };
}

export interface Preference {
  id: string;
  init_point: string;
  sandbox_init_point?: string;
  external_reference: string;
  items: PreferenceItem[];
  payer?: NewPreference["payer"];
  back_urls?: NewPreference["back_urls"];
  notification_url?: string;
  payment_methods?: NewPreference["payment_methods"];
  date_created?: string;
}

/**
 * A refund of a payment (`POST /v1/payments/{id}/refunds`): `amount` in pesos. MP answers `approved` for
 * card and account money refunds, `in_process` while it settles, `rejected` when it cannot return it.
 */
export interface Refund {
  id: number | string;
  payment_id: number | string;
  amount: number;
  status: "approved" | "in_process" | "rejected" | (string & {});
  date_created?: string;
}

/** What the shop needs from Mercado Pago: the real API client and the built-in sandbox both do this. */
export interface MercadoPagoApi {
  readonly mode: "live" | "sandbox";
  createPreapproval(input: NewPreapproval, idempotencyKey: string): Promise<Preapproval>;
  getPreapproval(id: string): Promise<Preapproval>;
  updatePreapproval(id: string, change: { status: PreapprovalStatus }, idempotencyKey: string): Promise<Preapproval>;
  getAuthorizedPayment(id: string): Promise<AuthorizedPayment>;
  getPayment(id: string): Promise<Payment>;
  createPreference(input: NewPreference, idempotencyKey: string): Promise<Preference>;
  /**
   * Gives money of an approved payment back: the whole payment without `amount` (MP's empty body), or
   * `amount` pesos of it. The same idempotency key answers the same refund, so a retry never refunds twice.
   */
  refundPayment(paymentId: string, input: { amount?: number }, idempotencyKey: string): Promise<Refund>;
}

/** The notification types the shop follows. */
export const WEBHOOK_TYPES = ["payment", "subscription_preapproval", "subscription_authorized_payment"] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
