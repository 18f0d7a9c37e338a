import { TrendingDown, TrendingUp } from "lucide-react";
import type { MonthSummary } from "~/domain/expenses/expenses.server";
import { formatMoney } from "~/lib/money";

/** The month's total, how it compares with the month before, and where the money went by category. */
export function ExpenseSummary({
  summary,
  label,
  previousLabel,
}: {
  summary: MonthSummary;
  label: string;
  previousLabel: string;
}) {
  const { totalCents, previousTotalCents, byCategory } = summary;
  const top = byCategory[0]?.totalCents ?? 0;
  const change =
    previousTotalCents > 0 ? Math.round(((totalCents - previousTotalCents) / previousTotalCents) * 100) : null;
  const Trend = totalCents >= previousTotalCents ? TrendingUp : TrendingDown;
  return (
    <section aria-labelledby="summary-title" className="grid gap-4 md:grid-cols-3">
      <h2 id="summary-title" className="sr-only">
        Resumen de {label.toLowerCase()}
      </h2>
      <div className="rounded-xl border border-ink/10 bg-white p-5">
        <p className="text-sm font-semibold text-ink/75">Total de {label.toLowerCase()}</p>
        <p className="mt-1 font-serif text-4xl text-moss" id="month-total">
          {formatMoney(totalCents)}
        </p>
        <p className="mt-1 text-sm text-ink/75">
          {summary.count === 1 ? "1 gasto" : `${summary.count.toLocaleString("es-AR")} gastos`}
        </p>
        <p className="mt-3 flex items-start gap-2 border-t border-ink/10 pt-3 text-sm">
          {change === null ? (
            `En ${previousLabel.toLowerCase()} no hubo gastos cargados.`
          ) : (
            <>
              <Trend aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink/75" />
              <span>
                {change === 0
                  ? "Lo mismo que"
                  : `${Math.abs(change).toLocaleString("es-AR")} % ${change > 0 ? "más" : "menos"} que`}{" "}
                en {previousLabel.toLowerCase()} ({formatMoney(previousTotalCents)})
              </span>
            </>
          )}
        </p>
      </div>
      <div className="rounded-xl border border-ink/10 bg-white p-5 md:col-span-2">
        <h3 className="text-sm font-semibold text-ink/75">Por categoría</h3>
        {byCategory.length === 0 ? (
          <p className="mt-2 text-sm text-ink/75">Cuando cargues gastos, acá vas a ver en qué se fue la plata.</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Totales por categoría">
            {byCategory.map(({ category, totalCents: amount }) => (
              <li key={category}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-semibold">{category}</span>
                  <span className="tabular-nums">
                    {formatMoney(amount)}{" "}
                    <span className="text-ink/75">
                      ({Math.round((amount / totalCents) * 100).toLocaleString("es-AR")} %)
                    </span>
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-ink/10">
                  <div
                    className="h-2 rounded-full bg-moss"
                    style={{ width: `${Math.max(2, (amount / top) * 100)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
