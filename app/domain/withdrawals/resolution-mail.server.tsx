import { Button, EmailLayout, Heading, P, Rows } from "~/domain/mail/templates/layout";
import { greeting, html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import { longDate, startOfDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

/**
 * The buyer's letters while the shop resolves a withdrawal (botón de arrepentimiento): one when the
 * order is cancelled, one when the money is back. The request's own letter (the code) is the buyer
 * side's (./mail.server.tsx).
 */

export interface WithdrawalLetter extends MailSite {
  code: string;
  orderNumber: string;
  customerName: string;
  orderUrl: string;
  totalCents: number;
  paymentMethod: "transfer" | "mercadopago";
}

/** What happens with the money after the cancellation, in the buyer's words. */
function moneyLine(letter: WithdrawalLetter, paid: boolean): string {
  if (!paid) return "Como el pedido no estaba pagado, no tenés que hacer nada más y no hay dinero para devolver.";
  return letter.paymentMethod === "mercadopago"
    ? `Te devolvemos ${formatMoney(letter.totalCents)} por Mercado Pago, al mismo medio con el que pagaste. Te avisamos por correo cuando hagamos el reembolso.`
    : `Te devolvemos ${formatMoney(letter.totalCents)} por transferencia bancaria. Si todavía no nos pasaste tu CBU o alias, respondé este correo con esos datos. Te avisamos cuando hagamos la transferencia.`;
}

/** How a buyer who already has the books returns them: at the shop's cost (Ley 24.240, art. 34). */
function returnLine(shop: { address: string; whatsapp: string; email: string }): string {
  return `Como los libros ya salieron, te pedimos que nos los devuelvas: podés acercarlos a ${shop.address} o escribinos por WhatsApp al ${shop.whatsapp} o a ${shop.email} y coordinamos el retiro o el envío. Los gastos de la devolución corren por nuestra cuenta.`;
}

export function withdrawalCancelled(
  letter: WithdrawalLetter & {
    paid: boolean;
    /** Set when the books had already left the shop: how to send them back. */
    booksOut: { address: string; whatsapp: string; email: string } | null;
  },
): RenderedMail {
  const lead = `Cancelamos tu pedido ${letter.orderNumber} por tu arrepentimiento (código de gestión ${letter.code}).`;
  const money = moneyLine(letter, letter.paid);
  const back = letter.booksOut ? returnLine(letter.booksOut) : null;
  return {
    template: "withdrawal-cancelled",
    subject: `Cancelamos tu pedido ${letter.orderNumber} por tu arrepentimiento`,
    html: html(
      <EmailLayout preview={lead} siteUrl={letter.siteUrl}>
        <Heading>Cancelamos tu pedido</Heading>
        <P>
          {greeting(letter.customerName)} {lead}
        </P>
        <P>{money}</P>
        {back ? <P>{back}</P> : null}
        <Button href={letter.orderUrl}>Ver el pedido</Button>
      </EmailLayout>,
    ),
    text: lines(
      greeting(letter.customerName),
      lead,
      "",
      money,
      back && "",
      back,
      "",
      `Ver el pedido: ${letter.orderUrl}`,
    ),
  };
}

export function withdrawalRefunded(
  letter: WithdrawalLetter & {
    refundCents: number;
    method: "transfer" | "mercadopago";
    /** Mercado Pago's refund id, or the transfer's reference. */
    reference: string;
    /** The Buenos Aires day the money went out ("YYYY-MM-DD"). */
    refundedOn: string;
  },
): RenderedMail {
  const lead = `Te devolvimos ${formatMoney(letter.refundCents)} del pedido ${letter.orderNumber} (código de gestión ${letter.code}).`;
  const how =
    letter.method === "mercadopago"
      ? "El reembolso se hizo por Mercado Pago al mismo medio con el que pagaste. Según tu banco o tarjeta, puede tardar unos días en verse en tu resumen o en tu cuenta."
      : "Te lo devolvimos por transferencia bancaria a la cuenta que nos indicaste.";
  const rows: [string, string][] = [
    ["Importe", formatMoney(letter.refundCents)],
    ["Medio", letter.method === "mercadopago" ? "Mercado Pago" : "Transferencia bancaria"],
    [letter.method === "mercadopago" ? "Número de reembolso" : "Referencia", letter.reference],
    ["Fecha", longDate(startOfDay(letter.refundedOn))],
  ];
  return {
    template: "withdrawal-refunded",
    subject: `Te devolvimos el dinero del pedido ${letter.orderNumber}`,
    html: html(
      <EmailLayout preview={lead} siteUrl={letter.siteUrl}>
        <Heading>Te devolvimos el dinero</Heading>
        <P>
          {greeting(letter.customerName)} {lead}
        </P>
        <P>{how}</P>
        <Rows rows={rows} />
        <P style={{ color: "#5b5f57", fontSize: 14 }}>
          Si algo no coincide, respondé este correo con tu código de gestión y lo revisamos.
        </P>
      </EmailLayout>,
    ),
    text: lines(
      greeting(letter.customerName),
      lead,
      "",
      how,
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      "Si algo no coincide, respondé este correo con tu código de gestión y lo revisamos.",
    ),
  };
}
