/**
 * Where a Caja Rizoma withdrawal's refund stands, as the admin reads it (/admin/arrepentimientos).
 * Client-safe: the page imports the labels.
 *
 * - `due`: the first charge is owed back and not refunded yet (Mercado Pago failed, or it is on its way).
 * - `claimed`: a call to Mercado Pago is in flight right now.
 * - `refunded`: done, once.
 * - `none`: nothing had been charged.
 * - `shipped` / `picked_up`: a box had reached the subscriber, so no automatic refund: the shop arranges
 *   the return and refunds when it comes back (decisions 0047 and 0052).
 */
export type BoxRefundStatus = "due" | "claimed" | "refunded" | "none" | "shipped" | "picked_up";

export const BOX_REFUND_LABELS: Record<BoxRefundStatus, string> = {
  due: "Reembolso pendiente",
  claimed: "Reembolso en curso",
  refunded: "Reembolsado",
  none: "Sin cobro",
  shipped: "Caja enviada: coordinar devolución",
  picked_up: "Caja retirada: coordinar devolución",
};

export const BOX_REFUND_BADGES: Record<BoxRefundStatus, string> = {
  due: "bg-yellow-100 text-yellow-900",
  claimed: "bg-blue-100 text-blue-900",
  refunded: "bg-green-100 text-green-900",
  none: "bg-ink/10 text-ink",
  shipped: "bg-orange-100 text-orange-900",
  picked_up: "bg-orange-100 text-orange-900",
};
