/** Order statuses and how people read them (client-safe: the admin pages and the order page use them). */
export const ORDER_STATUSES = ["pending_payment", "paid", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  (ORDER_STATUSES as readonly unknown[]).includes(value);

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "PAGO PENDIENTE",
  paid: "PAGADO",
  shipped: "ENVIADO",
  delivered: "ENTREGADO",
  cancelled: "CANCELADO",
};

export const PAYMENT_LABELS = { transfer: "Transferencia bancaria", mercadopago: "Mercado Pago" } as const;

/** Badge colours of the admin list and detail. */
export const STATUS_BADGES: Record<OrderStatus, string> = {
  pending_payment: "bg-yellow-100 text-yellow-900",
  paid: "bg-green-100 text-green-900",
  shipped: "bg-blue-100 text-blue-900",
  delivered: "bg-gray-100 text-gray-900",
  cancelled: "bg-red-100 text-red-900",
};
