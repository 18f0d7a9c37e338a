import { useState } from "react";
import { STATUS_LABELS, type SubscriptionStatus } from "~/domain/box/plans";
import {
  type AdminSubscriptionAction,
  SUBSCRIPTION_ACTIONS,
  subscriptionActions,
} from "~/domain/box/subscription-actions";
import type { Subscription } from "./subscription-view";

const BADGE: Record<SubscriptionStatus, string> = {
  active: "bg-green-100 text-green-900",
  pending: "bg-yellow-100 text-yellow-900",
  paused: "bg-orange-100 text-orange-900",
  cancelled: "bg-red-100 text-red-900",
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-bold ${BADGE[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

export type ChangeStatus = (subscription: Subscription, status: "paused" | "active") => Promise<void>;

/** The admin's button for each action a subscription's status allows it (subscriptionActions). */
const ADMIN_BUTTONS: Record<AdminSubscriptionAction, { label: string; colour: string }> = {
  pause: { label: "Pausar", colour: "bg-orange-800" },
  reactivate: { label: "Reactivar", colour: "bg-moss" },
};

/** Pausar / Reactivar, whichever the status allows; disabled while the change is on its way. */
export function SubscriptionStatusButtons({
  subscription,
  onChange,
}: {
  subscription: Subscription;
  onChange: ChangeStatus;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <>
      {subscriptionActions(subscription, "admin").map((action) => (
        <button
          key={action}
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onChange(subscription, SUBSCRIPTION_ACTIONS[action].to);
            setBusy(false);
          }}
          aria-label={`${ADMIN_BUTTONS[action].label} la suscripción de ${subscription.firstName} ${subscription.lastName}`}
          className={`rounded-lg px-3 py-1.5 font-semibold text-white disabled:opacity-70 ${ADMIN_BUTTONS[action].colour}`}
        >
          {ADMIN_BUTTONS[action].label}
        </button>
      ))}
    </>
  );
}
