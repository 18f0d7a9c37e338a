/** A plan as every page shows it (from `box_plans`; amounts in centavos). Client-safe. */
export interface BoxPlanView {
  id: string;
  label: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  frequencyMonths: number;
  active: boolean;
}

/** Percent off the original price, rounded (270.000 of 324.000 -> 17), or null without a discount. */
export function discountPercent(plan: Pick<BoxPlanView, "priceCents" | "originalPriceCents">): number | null {
  if (!plan.originalPriceCents || plan.originalPriceCents <= plan.priceCents) return null;
  return Math.round(((plan.originalPriceCents - plan.priceCents) * 100) / plan.originalPriceCents);
}

/** What each charge is: "por mes", "cada 6 meses". */
export function periodText(frequencyMonths: number): string {
  return frequencyMonths === 1 ? "por mes" : `cada ${frequencyMonths} meses`;
}

export const SUBSCRIPTION_STATUSES = ["active", "pending", "paused", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Activa",
  pending: "Pendiente",
  paused: "Pausada",
  cancelled: "Cancelada",
};

/**
 * The card's line: a discounted plan says what it saves, computed from its prices (so it follows the
 * admin's edits): "6 meses - ahorrás $ 54.000"; other plans keep their description.
 */
export function planDescription(
  plan: Pick<BoxPlanView, "description" | "priceCents" | "originalPriceCents" | "frequencyMonths">,
  money: (cents: number) => string,
): string {
  if (!plan.originalPriceCents || plan.originalPriceCents <= plan.priceCents) return plan.description;
  return `${plan.frequencyMonths} meses - ahorrás ${money(plan.originalPriceCents - plan.priceCents)}`;
}
