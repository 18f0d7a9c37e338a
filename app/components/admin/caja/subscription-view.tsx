import type { subscriptionJson } from "~/domain/box/subscriptions.server";
import { shortDate } from "~/lib/dates";
import { formatMoney, fromPesos } from "~/lib/money";

/** A subscription as the caja loader sends it (prices in pesos, dates as text). */
export type Subscription = ReturnType<typeof subscriptionJson>;

// The plans' own labels (box_plans.label); a subscription from a plan no longer sold shows its id.
const PLAN_LABEL: Record<string, string> = { monthly: "Mensual", quarterly: "Trimestral", semiannual: "Semestral" };

/** "Mensual · $ 54.000": the plan and the price the subscription was sold at. */
export function PlanPrice({ subscription }: { subscription: Subscription }) {
  return (
    <>
      {PLAN_LABEL[subscription.planType] ?? subscription.planType} · {formatMoney(fromPesos(subscription.price))}
    </>
  );
}

export const boxDate = (iso: string | null) => (iso ? shortDate(iso) : "Sin caja asignada");
