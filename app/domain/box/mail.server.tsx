import { Button, EmailLayout, Heading, P } from "~/domain/mail/templates/layout";
import {
  CAMPAIGN_HEADER,
  greeting,
  html,
  lines,
  type MailSite,
  type RenderedMail,
  unsubscribeHeaders,
} from "~/domain/mail/templates/render.server";
import { formatMoney } from "~/lib/money";

/** The Caja Rizoma's letters: to the subscriber, to the shop, and the admin's bulk message to subscribers. */

export interface BoxMailData extends MailSite {
  name: string;
  planName: string;
  amountCents: number;
  /** The subscriber's own page (signed link): plan, status, payments, pause or cancel. */
  manageUrl?: string;
}

function ManageLink({ href }: { href?: string }) {
  return href ? <Button href={href}>Ver o cambiar mi suscripción</Button> : null;
}
const manageLine = (href?: string) => href && `Ver o cambiar mi suscripción (pausar o cancelar): ${href}`;

export function boxWelcome(data: BoxMailData): RenderedMail {
  return {
    template: "box-welcome",
    subject: "¡Bienvenida/o a la Caja Rizoma!",
    html: html(
      <EmailLayout preview="Tu suscripción a la Caja Rizoma está activa." siteUrl={data.siteUrl}>
        <Heading>¡Ya sos parte de la Caja Rizoma!</Heading>
        <P>
          {greeting(data.name)} Tu suscripción al plan <strong>{data.planName}</strong> ({formatMoney(data.amountCents)}
          ) está activa.
        </P>
        <P>
          Cada mes te llegan dos libros sorpresa elegidos por una curadora o un curador distinto, con señaladores,
          stickers y una carta. Las cajas se arman con las suscripciones hechas antes del día 10 y se entregan entre el
          15 y el 25 de cada mes.
        </P>
        <P>Podés cancelar cuando quieras: no hay permanencia mínima.</P>
        <ManageLink href={data.manageUrl} />
      </EmailLayout>,
    ),
    text: lines(
      "¡Ya sos parte de la Caja Rizoma!",
      "",
      `${greeting(data.name)} Tu suscripción al plan ${data.planName} (${formatMoney(data.amountCents)}) está activa.`,
      "",
      "Cada mes te llegan dos libros sorpresa elegidos por una curadora o un curador distinto, con señaladores, stickers y una carta. Las cajas se arman con las suscripciones hechas antes del día 10 y se entregan entre el 15 y el 25 de cada mes.",
      "",
      "Podés cancelar cuando quieras: no hay permanencia mínima.",
      manageLine(data.manageUrl),
    ),
  };
}

export function boxPaymentReceived(data: BoxMailData & { periodLabel: string }): RenderedMail {
  return {
    template: "box-payment",
    subject: `Recibimos el pago de tu Caja Rizoma de ${data.periodLabel}`,
    html: html(
      <EmailLayout preview={`Pago de ${formatMoney(data.amountCents)} acreditado.`} siteUrl={data.siteUrl}>
        <Heading>¡Pago recibido!</Heading>
        <P>
          {greeting(data.name)} Se acreditó el pago de {formatMoney(data.amountCents)} de tu plan{" "}
          <strong>{data.planName}</strong> para la caja de {data.periodLabel}. Te avisamos cuando salga.
        </P>
        <ManageLink href={data.manageUrl} />
      </EmailLayout>,
    ),
    text: lines(
      "¡Pago recibido!",
      "",
      `${greeting(data.name)} Se acreditó el pago de ${formatMoney(data.amountCents)} de tu plan ${data.planName} para la caja de ${data.periodLabel}. Te avisamos cuando salga.`,
      manageLine(data.manageUrl),
    ),
  };
}

/** To the shop: a subscriber paused, cancelled or reactivated their box on their own page. */
export function boxSubscriberChangedShop(
  data: MailSite & { name: string; email: string; planName: string; change: "pausó" | "canceló" | "reactivó" },
): RenderedMail {
  const summary = `${data.name} (${data.email}) ${data.change} su suscripción al plan ${data.planName} de la Caja Rizoma.`;
  return {
    template: "box-subscriber-changed-shop",
    subject: `Caja Rizoma: ${data.name} ${data.change} su suscripción`,
    html: html(
      <EmailLayout preview={summary} siteUrl={data.siteUrl}>
        <Heading>Cambio en una suscripción</Heading>
        <P>{summary}</P>
        <Button href={`${data.siteUrl}/admin/caja`}>Ver suscripciones</Button>
      </EmailLayout>,
    ),
    text: lines("Cambio en una suscripción", "", summary, "", `Ver suscripciones: ${data.siteUrl}/admin/caja`),
  };
}

/** The wrapper of a bulk message written in the admin (sent to the box's subscribers) (plain text: paragraphs split by blank lines). */
export function bulkMessage(
  data: MailSite & {
    subject: string;
    content: string;
    unsubscribeUrl?: string;
    /** Box subscribers: their own page (signed link). */
    manageUrl?: string;
    /** Groups the messages of one send, so the admin can follow its progress. */
    campaign?: string;
  },
): RenderedMail {
  const paragraphs = data.content
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return {
    template: "bulk",
    subject: data.subject,
    headers: {
      ...(data.unsubscribeUrl ? unsubscribeHeaders(data.unsubscribeUrl) : {}),
      ...(data.campaign ? { [CAMPAIGN_HEADER]: data.campaign } : {}),
    },
    html: html(
      <EmailLayout
        preview={paragraphs[0]?.slice(0, 120) ?? data.subject}
        siteUrl={data.siteUrl}
        unsubscribeUrl={data.unsubscribeUrl}
      >
        <Heading>{data.subject}</Heading>
        {paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text in a fixed order
          <P key={index} style={{ whiteSpace: "pre-line" }}>
            {paragraph}
          </P>
        ))}
        <ManageLink href={data.manageUrl} />
      </EmailLayout>,
    ),
    text: lines(
      paragraphs.join("\n\n"),
      data.manageUrl && `\n${manageLine(data.manageUrl)}`,
      "",
      "—",
      `Rizoma · ${data.siteUrl}`,
      data.unsubscribeUrl && `¿No querés recibir más estos correos? Date de baja: ${data.unsubscribeUrl}`,
    ),
  };
}
