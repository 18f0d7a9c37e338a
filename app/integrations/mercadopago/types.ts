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

/**
 * In-person payments with a QR (the Orders API, `POST /v1/orders` with `type: "qr"`; docs/decisions/0051).
 * Amounts are strings of pesos with two decimals ("1234.50"), as the Orders API takes and answers them.
 * Order statuses: `created` (waiting for the buyer), `processed` (paid), `expired`, `canceled`, `refunded`;
 * `processing`/`action_required` while MP works on a payment.
 */
export type QrOrderStatus =
  | "created"
  | "processing"
  | "action_required"
  | "processed"
  | "expired"
  | "canceled"
  | "refunded"
  | "failed"
  | (string & {});

/** One line of a QR order (unit_price in pesos, as a string with two decimals). */
export interface QrOrderItem {
  title: string;
  unit_price: string;
  quantity: number;
  unit_measure: "unit";
  external_code?: string;
}

/** The body of `POST /v1/orders` for a dynamic QR: one payment transaction for the whole amount. */
export interface NewQrOrder {
  type: "qr";
  total_amount: string;
  description: string;
  external_reference: string;
  /** ISO 8601 duration (MP: 30 s to 3600 h; a dynamic QR defaults to 15 minutes). */
  expiration_time: string;
  config: { qr: { external_pos_id: string; mode: "dynamic" } };
  transactions: { payments: [{ amount: string }] };
  items: QrOrderItem[];
}

/** A payment inside an order: its own id (`PAY01…`), and `reference.id`, the payment's number at /v1/payments. */
export interface QrOrderPayment {
  id: string;
  amount: string;
  paid_amount?: string | null;
  status: string;
  status_detail?: string;
  reference?: { id: string } | null;
}

export interface QrOrderRefund {
  id: string;
  transaction_id?: string;
  amount: string;
  status: string;
}

/** An order as `POST /v1/orders`, `GET /v1/orders/{id}`, `…/cancel` and `…/refund` answer it. */
export interface QrOrder {
  id: string;
  type: "qr";
  external_reference: string;
  status: QrOrderStatus;
  status_detail?: string;
  total_amount: string;
  total_paid_amount?: string | null;
  description?: string;
  expiration_time?: string;
  created_date?: string;
  last_updated_date?: string;
  config?: { qr?: { external_pos_id: string; mode: string } };
  /** The EMVCo string the shop draws as a QR (present while the order takes payments). */
  type_response?: { qr_data?: string } | null;
  transactions?: { payments?: QrOrderPayment[]; refunds?: QrOrderRefund[] };
  items?: QrOrderItem[];
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
  /**
   * A dynamic QR for a sale at the counter or a fair. The same idempotency key answers the same order (MP
   * keeps the key), so a retried create — or a second request of the same sale — never makes two QRs.
   */
  createQrOrder(input: NewQrOrder, idempotencyKey: string): Promise<QrOrder>;
  getQrOrder(orderId: string): Promise<QrOrder>;
  /** Only an order still `created` can be cancelled; MP refuses the others. */
  cancelQrOrder(orderId: string, idempotencyKey: string): Promise<QrOrder>;
  /** Gives the whole payment of a `processed` order back (an empty body is a total refund). */
  refundQrOrder(orderId: string, idempotencyKey: string): Promise<QrOrder>;
}

/** The notification types the shop follows (`order`: the Orders API, the QR sales). */
export const WEBHOOK_TYPES = [
  "payment",
  "subscription_preapproval",
  "subscription_authorized_payment",
  "order",
] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
