import { INSTALMENTS, INSTALMENTS_CFT } from "~/domain/orders/instalments";

/** "Hasta 3 cuotas sin interés — CFT 0%", the financing cost highlighted right next to the offer. */
export function InstalmentsOffer() {
  return (
    <>
      {INSTALMENTS} — <strong className="font-bold">{INSTALMENTS_CFT}</strong>
    </>
  );
}
