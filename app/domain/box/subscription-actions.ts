import type { SubscriptionStatus } from "./plans";

/** What a person does to a box subscription by hand. */
export type SubscriptionAction = "pause" | "reactivate" | "cancel";

/**
 * The subscription's state machine for changes made by hand: each action's starting statuses and its
 * target. (Mercado Pago's notifications move a subscription too; they follow the preapproval instead.)
 * The domain functions change a subscription only from these statuses (subscriptions.server.ts for the
 * admin, self-service.server.ts for the subscriber). Client-safe: the pages render their buttons from it.
 */
export const SUBSCRIPTION_ACTIONS = {
  pause: { from: ["active"], to: "paused" },
  reactivate: { from: ["paused"], to: "active" },
  cancel: { from: ["active", "paused", "pending"], to: "cancelled" },
} as const satisfies Record<SubscriptionAction, { from: readonly SubscriptionStatus[]; to: SubscriptionStatus }>;

/** Who may take which action, in the order the pages show them: the admin pauses and reactivates only. */
const BY = {
  admin: ["pause", "reactivate"],
  subscriber: ["pause", "reactivate", "cancel"],
} as const satisfies Record<string, readonly SubscriptionAction[]>;

export type SubscriptionActor = keyof typeof BY;
export type AdminSubscriptionAction = (typeof BY.admin)[number];

/** The actions a subscription's status allows to `actor`, in the pages' order; none for a cancelled one. */
export function subscriptionActions<A extends SubscriptionActor>(
  subscription: { status: SubscriptionStatus },
  actor: A,
): (typeof BY)[A][number][] {
  return BY[actor].filter((action) =>
    (SUBSCRIPTION_ACTIONS[action].from as readonly SubscriptionStatus[]).includes(subscription.status),
  );
}

/** The admin's action that takes a subscription to `status`, or null when the admin cannot set it. */
export function adminActionTo(status: SubscriptionStatus): AdminSubscriptionAction | null {
  return BY.admin.find((action) => SUBSCRIPTION_ACTIONS[action].to === status) ?? null;
}
