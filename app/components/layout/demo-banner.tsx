import { Link } from "react-router";

export const DEMO_BANNER_TEXT = "Tienda de demostración: los pagos son simulados.";

/**
 * A thin strip above the header of every shop page while the shop is a demo (app/domain/demo). An aside
 * with a name: a landmark of its own, so screen readers can find it and skip it.
 */
export function DemoBanner() {
  return (
    <aside aria-label="Tienda de demostración" className="bg-ochre-light text-ink">
      <p className="mx-auto max-w-7xl px-4 py-1 text-center text-xs sm:text-sm">
        {DEMO_BANNER_TEXT}{" "}
        <Link to="/demostracion" className="font-semibold underline underline-offset-2 hover:text-moss">
          Saber más
        </Link>
      </p>
    </aside>
  );
}
