import { formatMoney } from "~/lib/money";

/** A closing's difference as a counter says it: "Sobran $ 500", "Faltan $ 500", "Cierra justo". Client-safe. */
export function differenceText(cents: number): string {
  if (cents === 0) return "Cierra justo";
  return cents > 0 ? `Sobran ${formatMoney(cents)}` : `Faltan ${formatMoney(-cents)}`;
}
