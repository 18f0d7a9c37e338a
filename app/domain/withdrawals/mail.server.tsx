import { Button, EmailLayout, Heading, P, Rows, Steps } from "~/domain/mail/templates/layout";
import { greeting, html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import { PAYMENT_LABELS, STATUS_LABELS } from "~/domain/orders/status";
import { longDate } from "~/lib/dates";
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
  const help = `¿Dudas? Respondé este correo, escribinos a ${data.contact.email} o por WhatsApp al ${data.contact.whatsapp}.`;
  return {
    template: "withdrawal-received",
    subject: `Recibimos tu arrepentimiento — pedido ${order.number}`,
    html: html(
      <EmailLayout preview={`Tu código de gestión es ${code}.`} siteUrl={data.siteUrl}>
        <Heading>{greeting(order.firstName)}</Heading>
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
      greeting(order.firstName),
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
