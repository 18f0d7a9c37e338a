import type { DiscountStats as Stats } from "~/domain/discounts/admin.server";
import { formatMoney } from "~/lib/money";

/** The four figures above the list. */
export function DiscountStats({ stats }: { stats: Stats }) {
  const cards = [
    ["Códigos totales", stats.totalCodes.toLocaleString("es-AR")],
    ["Códigos activos", stats.activeCodes.toLocaleString("es-AR")],
    ["Usos totales", stats.totalUsage.toLocaleString("es-AR")],
    ["Descuento otorgado", formatMoney(stats.totalDiscountGivenCents)],
  ] as const;
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Resumen de los códigos">
      {cards.map(([label, value]) => (
        <li key={label} className="rounded-xl bg-white p-4 ring-1 ring-ink/10">
          <p className="text-sm text-ink/75">{label}</p>
          <p className="mt-1 text-2xl font-bold break-words">{value}</p>
        </li>
      ))}
    </ul>
  );
}
