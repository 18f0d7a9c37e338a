/** Withdrawal (botón de arrepentimiento) states as the admin reads them. Client-safe: pages import it. */
export const WITHDRAWAL_STATUSES = ["requested", "cancelled", "refunded"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const isWithdrawalStatus = (value: unknown): value is WithdrawalStatus =>
  (WITHDRAWAL_STATUSES as readonly unknown[]).includes(value);

export const WITHDRAWAL_LABELS: Record<WithdrawalStatus, string> = {
  requested: "Solicitado",
  cancelled: "Pedido cancelado",
  refunded: "Reembolsado",
};

export const WITHDRAWAL_BADGES: Record<WithdrawalStatus, string> = {
  requested: "bg-yellow-100 text-yellow-900",
  cancelled: "bg-blue-100 text-blue-900",
  refunded: "bg-green-100 text-green-900",
};

/** The badge of an order with a withdrawal still waiting (the /admin/pedidos list and its detail). */
export const WITHDRAWAL_REQUESTED_BADGE = "Arrepentimiento solicitado";

/**
 * The shop answers a withdrawal within 24 hours (Disposición 954/2025): a request still waiting after
 * that is highlighted.
 */
export const ANSWER_WITHIN_MS = 24 * 3600_000;

export const isOverdue = (withdrawal: { status: WithdrawalStatus; createdAt: string | Date }, now = Date.now()) =>
  withdrawal.status === "requested" && now - new Date(withdrawal.createdAt).getTime() > ANSWER_WITHIN_MS;

/** "hace 5 min", "hace 3 h", "hace 1 día", "hace 2 días": how long ago a request came in. */
export function ageLabel(createdAt: string | Date, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 60) return minutes <= 1 ? "hace un momento" : `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `hace ${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "hace 1 día" : `hace ${days} días`;
}
