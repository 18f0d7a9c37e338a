import { ORDER_STATUSES, type OrderStatus } from "./status";

/** What the admin does to an order: the detail page's buttons and the admin API's changes. */
export type OrderAction = "confirm" | "ship" | "deliver" | "cancel";

/**
 * The order's state machine as the admin works it: per status, the actions it allows, in the order the
 * detail page shows them. The lifecycle moves an order only from the statuses this table allows
 * (lifecycle.server.ts), so every button shown is a change that can happen. Client-safe.
 */
const ALLOWED: Record<OrderStatus, readonly OrderAction[]> = {
  pending_payment: ["confirm", "cancel"],
  paid: ["ship", "cancel"],
  shipped: ["deliver"],
  delivered: [],
  cancelled: [],
};

/** Where each action takes the order. */
export const ORDER_ACTION_TARGETS = {
  confirm: "paid",
  ship: "shipped",
  deliver: "delivered",
  cancel: "cancelled",
} as const satisfies Record<OrderAction, OrderStatus>;

/** The actions an order's status allows, in the page's order; none for a delivered or cancelled order. */
export function orderActions(order: { status: OrderStatus }): readonly OrderAction[] {
  return ALLOWED[order.status];
}

/** The statuses an action moves an order from (the lifecycle's conditional UPDATE). */
export function statusesAllowing(action: OrderAction): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => ALLOWED[status].includes(action));
}

/**
 * The statuses a withdrawal (botón de arrepentimiento, Ley 24.240 art. 34) cancels an order from: any but
 * cancelled, since the buyer may revoke until 10 days after delivery. Not one of the order's own buttons:
 * the withdrawal panel offers it, and a shipped or delivered order's books only return to stock when
 * the admin records that they came back (docs/decisions/0021-withdrawal-resolution.md).
 */
export const WITHDRAWAL_CANCELS_FROM: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== "cancelled",
);

/** Whether the order's books already left the shop (shipped, or delivered or picked up). */
export const booksLeftShop = (order: { shippedAt: unknown; deliveredAt: unknown }) =>
  order.shippedAt != null || order.deliveredAt != null;
