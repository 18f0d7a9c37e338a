import { lazy, Suspense, useSyncExternalStore } from "react";
import { CHART_HEIGHT, type ChartSpec } from "./chart-spec";

/** recharts in its own chunk: fetched when the first chart mounts in the browser, never on the storefront. */
const ReportChart = lazy(() => import("./report-chart"));

const subscribe = () => () => {};

/** False on the server and during hydration, true after: charts measure the DOM, so they start after. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A chart's place on the page: the same fixed-height box on the server, while the chart code loads, and
 * once drawn, so nothing moves and SSR never disagrees with the first client render. The box is one image
 * for screen readers, named by `spec.label`; the table under it carries the numbers.
 */
export function ChartSlot({ spec }: { spec: ChartSpec }) {
  const hydrated = useHydrated();
  const waiting = <p className="flex h-full items-center justify-center text-sm text-ink/60">Cargando el gráfico…</p>;
  return (
    <div role="img" aria-label={spec.label} className="w-full" style={{ height: CHART_HEIGHT }}>
      {hydrated ? <Suspense fallback={waiting}>{<ReportChart spec={spec} />}</Suspense> : waiting}
    </div>
  );
}
