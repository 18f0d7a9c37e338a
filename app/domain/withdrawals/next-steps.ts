import type { OrderStatus } from "~/domain/orders/status";
import { type Cents, formatMoney } from "~/lib/money";

/** What the buyer's withdrawal depends on: where the order stands and how it was paid. */
export interface WithdrawnOrder {
  status: OrderStatus;
  paymentMethod: "transfer" | "mercadopago";
  totalCents: Cents;
}

/**
 * What happens after a withdrawal request, in the buyer's words: the same steps on the confirmation page
 * and in the buyer's e-mail. Client-safe. `shopAddress` is where books can be brought back.
 */
export function withdrawalNextSteps(order: WithdrawnOrder, shopAddress: string): string[] {
  const total = formatMoney(order.totalCents);
  const steps = ["Dentro de las próximas 24 horas te confirmamos por email la cancelación del pedido."];
  if (order.status === "pending_payment") {
    steps.push(
      "Como el pedido todavía figura sin pagar, no hay nada que devolverte: lo cancelamos y liberamos los libros. Si ya lo pagaste y el pago no llegó a registrarse, te devolvemos todo igual.",
    );
  } else if (order.paymentMethod === "mercadopago") {
    steps.push(
      `Te devolvemos el total (${total}) por Mercado Pago, al mismo medio con el que pagaste. Según el medio de pago, Mercado Pago puede tardar unos días hábiles en acreditarlo.`,
    );
  } else {
    steps.push(
      `Te devolvemos el total (${total}) por transferencia bancaria. Respondé el correo que te mandamos con el CBU o alias de la cuenta donde querés recibirlo.`,
    );
  }
  if (order.status === "shipped") {
    steps.push(
      "Si el paquete te llega mientras tanto, guardalo como vino y coordinamos la devolución: no te cuesta nada (art. 34 de la Ley 24.240).",
    );
  }
  if (order.status === "delivered") {
    steps.push(
      `Para devolvernos los libros, respondé el correo y coordinamos: podés acercarlos a ${shopAddress} o los mandás con un envío que pagamos nosotros. La devolución no te cuesta nada (art. 34 de la Ley 24.240).`,
    );
  }
  return steps;
}
