import { type Cents, formatMoney } from "~/lib/money";

/**
 * Where a withdrawn Caja Rizoma subscription's money stands: nothing was charged; the first charge is
 * being refunded or was refunded; or a box had already reached the subscriber — shipped, or picked up at
 * the shop — so the shop writes to arrange its return (decisions 0047 and 0052).
 */
export type BoxRefundState =
  | { kind: "not_charged" }
  | { kind: "due"; cents: Cents }
  | { kind: "refunded"; cents: Cents }
  | { kind: "shipped"; cents: Cents }
  | { kind: "picked_up"; cents: Cents };

/** What happens after a subscription's withdrawal, in the buyer's words: the page, the e-mail and the API say it. Client-safe. */
export function boxWithdrawalSteps(refund: BoxRefundState): string[] {
  const steps = [
    "Cancelamos tu suscripción a la Caja Rizoma en Mercado Pago: no se te va a cobrar más y no te mandamos más cajas.",
  ];
  if (refund.kind === "not_charged")
    steps.push("Todavía no se te había cobrado nada, así que no hay nada que devolverte.");
  if (refund.kind === "refunded") {
    steps.push(
      `Ya te devolvimos el primer cobro (${formatMoney(refund.cents)}) por Mercado Pago, al mismo medio con el que pagaste. Según el medio de pago, puede tardar unos días hábiles en verse.`,
    );
  }
  if (refund.kind === "due") {
    steps.push(
      `Te devolvemos el primer cobro (${formatMoney(refund.cents)}) por Mercado Pago, al mismo medio con el que pagaste, dentro de las próximas 24 horas.`,
    );
  }
  if (refund.kind === "shipped") {
    steps.push(
      `Tu primera caja ya salió: te escribimos dentro de las próximas 24 horas para coordinar la devolución, sin costo para vos, y te devolvemos el cobro (${formatMoney(refund.cents)}) cuando la recibamos (art. 34 de la Ley 24.240).`,
    );
  }
  if (refund.kind === "picked_up") {
    steps.push(
      `Ya retiraste tu primera caja en la librería: te escribimos dentro de las próximas 24 horas para coordinar la devolución, sin costo para vos, y te devolvemos el cobro (${formatMoney(refund.cents)}) cuando la recibamos (art. 34 de la Ley 24.240).`,
    );
  }
  return steps;
}
