import type { BoxStats } from "~/domain/box/subscriptions.server";
import { formatMoney } from "~/lib/money";

/** The five figures above the tabs; each tile's test id is `stat-<label>`. */
export function SubscriptionStats({ stats }: { stats: BoxStats }) {
  const cards = [
    ["Total", stats.totalSubscriptions],
    ["Activas", stats.activeSubscriptions],
    ["Pendientes", stats.pendingSubscriptions],
    ["Pausadas", stats.pausedSubscriptions],
    ["Ingreso mensual", formatMoney(stats.monthlyRevenueCents)],
  ] as const;
  return (
    <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Resumen de suscripciones">
      {cards.map(([label, value]) => (
        <li key={label} className="rounded-xl bg-white p-4 ring-1 ring-ink/10">
          <p className="text-sm text-ink/75">{label}</p>
          <p className="mt-1 text-2xl font-bold text-ink" data-testid={`stat-${label}`}>
            {value}
          </p>
        </li>
      ))}
    </ul>
  );
}
