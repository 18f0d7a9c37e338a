import { Button, EmailLayout, Heading, P, Rows, Steps } from "~/domain/mail/templates/layout";
import { greeting, html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import { PAYMENT_LABELS, STATUS_LABELS } from "~/domain/orders/status";
import { longDate, startOfDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { type WithdrawnOrder, withdrawalNextSteps } from "./next-steps";

/** What the two e-mails of a new withdrawal tell. */
export interface WithdrawalMail extends MailSite {
  code: string;
  reason: string | null;
  requestedAt: Date;
  order: WithdrawnOrder & {
    number: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    deliveredAt: Date | null;
  };
  contact: { address: string; email: string; whatsapp: string };
}

/** To the buyer, at once (Disposición 954/2025 asks for the code within 24 h): the code and what comes next. */
export function withdrawalReceived(data: WithdrawalMail): RenderedMail {
  const { order, code } = data;
  const intro = `Recibimos tu pedido de arrepentimiento del pedido ${order.number}. Guardá tu código de gestión: con él seguimos el trámite.`;
  const steps = withdrawalNextSteps(order, data.contact.address);
  const rows: [string, string][] = [
    ["Código de gestión", code],
    ["Pedido", order.number],
    ["Solicitado el", longDate(data.requestedAt)],
    ["Total del pedido", formatMoney(order.totalCents)],
    ...(data.reason ? ([["Motivo", data.reason]] as [string, string][]) : []),
  ];
  return {
    template: "withdrawal-received",
    subject: `Recibimos tu arrepentimiento — pedido ${order.number}`,
    ...withdrawalReceipt({
      name: order.firstName,
      code,
      intro,
      rows,
      steps,
      contact: data.contact,
      siteUrl: data.siteUrl,
    }),
  };
}

/**
 * The body of "Recibimos tu arrepentimiento" (an order's or a Caja Rizoma subscription's): the code large,
 * what was withdrawn, what comes next and where to ask, in HTML and in plain text.
 */
export function withdrawalReceipt(receipt: {
  name: string;
  code: string;
  intro: string;
  rows: [string, string][];
  steps: string[];
  contact: { email: string; whatsapp: string };
  siteUrl: string;
}): Pick<RenderedMail, "html" | "text"> {
  const { name, code, intro, rows, steps } = receipt;
  const help = `¿Dudas? Respondé este correo, escribinos a ${receipt.contact.email} o por WhatsApp al ${receipt.contact.whatsapp}.`;
  return {
    html: html(
      <EmailLayout preview={`Tu código de gestión es ${code}.`} siteUrl={receipt.siteUrl}>
        <Heading>{greeting(name)}</Heading>
        <P>{intro}</P>
        <P style={{ fontSize: 20 }}>
          Código de gestión: <strong>{code}</strong>
        </P>
        <Rows rows={rows} />
        <P>
          <strong>Qué sigue</strong>
        </P>
        <Steps steps={steps} />
        <P style={{ color: "#5b5f57", fontSize: 14 }}>{help}</P>
      </EmailLayout>,
    ),
    text: lines(
      greeting(name),
      "",
      intro,
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      "Qué sigue:",
      ...steps.map((step, index) => `${index + 1}. ${step}`),
      "",
      help,
    ),
  };
}

/** To the shop (SHOP_NOTIFY_EMAIL, else the contact e-mail): a withdrawal to confirm within 24 hours. */
export function withdrawalShop(data: WithdrawalMail): RenderedMail {
  const { order, code } = data;
  const rows: [string, string][] = [
    ["Código de gestión", code],
    ["Pedido", order.number],
    ["Estado del pedido", STATUS_LABELS[order.status]],
    ["Pago", PAYMENT_LABELS[order.paymentMethod]],
    ["Total", formatMoney(order.totalCents)],
    ["Entregado", order.deliveredAt ? longDate(order.deliveredAt) : "Todavía no"],
    ["Comprador", `${order.firstName} ${order.lastName}`],
    ["Email", order.email],
    ["Teléfono", order.phone],
    ["Motivo", data.reason ?? "—"],
  ];
  const link = `${data.siteUrl}/admin/pedidos/${order.number}`;
  const duty = "Hay que confirmarle la cancelación al comprador dentro de las 24 horas (Disposición 954/2025).";
  return {
    template: "withdrawal-shop",
    subject: `Arrepentimiento ${code} — pedido ${order.number}`,
    headers: { "Reply-To": order.email },
    html: html(
      <EmailLayout
        preview={`${order.firstName} ${order.lastName} se arrepintió del pedido ${order.number}.`}
        siteUrl={data.siteUrl}
      >
        <Heading>Nuevo pedido de arrepentimiento</Heading>
        <P>{duty}</P>
        <Rows rows={rows} />
        <Button href={link}>Ver el pedido</Button>
      </EmailLayout>,
    ),
    text: lines(
      "Nuevo pedido de arrepentimiento",
      "",
      duty,
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      link,
    ),
  };
}

/**
 * The buyer's letters while the shop resolves a withdrawal (botón de arrepentimiento): one when the
 * order is cancelled, one when the money is back. The request's own letters (the code) are above.
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

/** The money of a withdrawal is back: how, how much, its reference (an order's and a Caja Rizoma's). */
export interface RefundLetter extends MailSite {
  template: string;
  subject: string;
  customerName: string;
  /** "Te devolvimos $ X del pedido R-… (código de gestión ARR-…)." */
  lead: string;
  refundCents: number;
  method: "transfer" | "mercadopago";
  /** Mercado Pago's refund id, or the transfer's reference. */
  reference: string;
  /** The Buenos Aires day the money went out ("YYYY-MM-DD"). */
  refundedOn: string;
}

export function refundLetter(letter: RefundLetter): RenderedMail {
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
    template: letter.template,
    subject: letter.subject,
    html: html(
      <EmailLayout preview={letter.lead} siteUrl={letter.siteUrl}>
        <Heading>Te devolvimos el dinero</Heading>
        <P>
          {greeting(letter.customerName)} {letter.lead}
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
      letter.lead,
      "",
      how,
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      "Si algo no coincide, respondé este correo con tu código de gestión y lo revisamos.",
    ),
  };
}

export function withdrawalRefunded(
  letter: WithdrawalLetter & {
    refundCents: number;
    method: "transfer" | "mercadopago";
    reference: string;
    refundedOn: string;
  },
): RenderedMail {
  return refundLetter({
    ...letter,
    template: "withdrawal-refunded",
    subject: `Te devolvimos el dinero del pedido ${letter.orderNumber}`,
    lead: `Te devolvimos ${formatMoney(letter.refundCents)} del pedido ${letter.orderNumber} (código de gestión ${letter.code}).`,
  });
}
