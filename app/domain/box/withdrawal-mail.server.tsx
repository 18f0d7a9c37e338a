import { Button, EmailLayout, Heading, P } from "~/domain/mail/templates/layout";
import { html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import { refundLetter, withdrawalReceipt } from "~/domain/withdrawals/mail.server";
import { longDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { type BoxRefundState, boxWithdrawalSteps } from "./withdrawal-steps";

/** The two e-mails of a Caja Rizoma subscription withdrawn with the botón de arrepentimiento. */
export interface BoxWithdrawalMail extends MailSite {
  code: string;
  number: string;
  planName: string;
  name: string;
  email: string;
  subscribedAt: Date;
  requestedAt: Date;
  reason: string | null;
  refund: BoxRefundState;
  contact: { email: string; whatsapp: string };
}

/** To the subscriber, at once (Disposición 954/2025: the code within 24 hours) with what comes next. */
export function boxWithdrawalReceived(data: BoxWithdrawalMail): RenderedMail {
  const intro = `Recibimos tu arrepentimiento de la suscripción ${data.number} a la Caja Rizoma (plan ${data.planName}). Guardá tu código de gestión: con él seguimos el trámite.`;
  const steps = boxWithdrawalSteps(data.refund);
  const rows: [string, string][] = [
    ["Código de gestión", data.code],
    ["Suscripción", data.number],
    ["Te suscribiste el", longDate(data.subscribedAt)],
    ["Solicitado el", longDate(data.requestedAt)],
    ...(data.reason ? ([["Motivo", data.reason]] as [string, string][]) : []),
  ];
  return {
    template: "box-withdrawal-received",
    subject: `Recibimos tu arrepentimiento — Caja Rizoma ${data.number}`,
    ...withdrawalReceipt({
      name: data.name,
      code: data.code,
      intro,
      rows,
      steps,
      contact: data.contact,
      siteUrl: data.siteUrl,
    }),
  };
}

/** To the shop: what was done and, when a box had shipped or been picked up, the return to arrange. */
export function boxWithdrawalShop(data: BoxWithdrawalMail): RenderedMail {
  const todo =
    data.refund.kind === "shipped"
      ? "La primera caja ya había salido: escribile dentro de las 24 horas para coordinar la devolución y el reembolso."
      : data.refund.kind === "picked_up"
        ? "La primera caja ya se había retirado en la librería: escribile dentro de las 24 horas para coordinar la devolución y el reembolso."
        : "La suscripción quedó cancelada y Mercado Pago se encarga del reembolso, si hubo cobro: no hace falta hacer nada.";
  const summary = `${data.name} (${data.email}) se arrepintió de la suscripción ${data.number} a la Caja Rizoma (plan ${data.planName}). Código ${data.code}.`;
  return {
    template: "box-withdrawal-shop",
    subject: `Arrepentimiento de la Caja Rizoma ${data.number} (${data.code})`,
    html: html(
      <EmailLayout preview={summary} siteUrl={data.siteUrl}>
        <Heading>Arrepentimiento de una suscripción</Heading>
        <P>{summary}</P>
        {data.reason ? <P>Motivo: {data.reason}</P> : null}
        <P>{todo}</P>
        <Button href={`${data.siteUrl}/admin/arrepentimientos`}>Ver arrepentimientos</Button>
      </EmailLayout>,
    ),
    text: lines(
      "Arrepentimiento de una suscripción",
      "",
      summary,
      data.reason ? `Motivo: ${data.reason}` : undefined,
      todo,
      "",
      `Ver arrepentimientos: ${data.siteUrl}/admin/arrepentimientos`,
    ),
  };
}

/**
 * To the subscriber, when Mercado Pago made the refund of the first charge: at once, or later when a first
 * try failed and the retry (the periodic pass or the admin's "Reintentar reembolso") made it.
 */
export function boxWithdrawalRefunded(data: {
  siteUrl: string;
  name: string;
  code: string;
  number: string;
  refundCents: number;
  reference: string;
  refundedOn: string;
}): RenderedMail {
  return refundLetter({
    ...data,
    customerName: data.name,
    method: "mercadopago",
    template: "box-withdrawal-refunded",
    subject: `Te devolvimos el dinero de la Caja Rizoma ${data.number}`,
    lead: `Te devolvimos ${formatMoney(data.refundCents)} del primer cobro de tu suscripción ${data.number} a la Caja Rizoma (código de gestión ${data.code}).`,
  });
}
