import { INSTALMENTS, INSTALMENTS_CFT } from "~/domain/orders/instalments";

/**
 * "Hasta 3 cuotas sin interés — CFT 0%", the financing cost highlighted right next to the offer. One span,
 * so a flex badge keeps it as one item (no gap before the CFT).
 */
export function InstalmentsOffer() {
  return (
    <span>
      {INSTALMENTS} — <strong className="font-bold">{INSTALMENTS_CFT}</strong>
    </span>
  );
}
