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

/**
 * The welcome names the subscription's number (CR-000123) and the withdrawal right: 10 days from the day
 * of subscribing, at /arrepentimiento with that number (decision 0047).
 */
export function boxWelcome(data: BoxMailData & { number: string }): RenderedMail {
  const withdrawal = `Si te arrepentís, tenés 10 días corridos desde que te suscribiste: entrá a ${data.siteUrl}/arrepentimiento con tu número de suscripción ${data.number} y este email, la cancelamos y, si la caja todavía no salió, te devolvemos el cobro.`;
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
        <P>
          Tu número de suscripción es <strong>{data.number}</strong>.
        </P>
        <P>Podés cancelar cuando quieras: no hay permanencia mínima.</P>
        <P>{withdrawal}</P>
        <ManageLink href={data.manageUrl} />
      </EmailLayout>,
    ),
    text: lines(
      "¡Ya sos parte de la Caja Rizoma!",
      "",
      `${greeting(data.name)} Tu suscripción al plan ${data.planName} (${formatMoney(data.amountCents)}) está activa.`,
      "",
      `Tu número de suscripción es ${data.number}.`,
      "",
      "Cada mes te llegan dos libros sorpresa elegidos por una curadora o un curador distinto, con señaladores, stickers y una carta. Las cajas se arman con las suscripciones hechas antes del día 10 y se entregan entre el 15 y el 25 de cada mes.",
      "",
      "Podés cancelar cuando quieras: no hay permanencia mínima.",
      "",
      withdrawal,
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

/** To the shop: a subscriber paused, cancelled, reactivated or moved their box on their own page or Mi cuenta. */
export function boxSubscriberChangedShop(
  data: MailSite & {
    name: string;
    email: string;
    planName: string;
    change: "pausó" | "canceló" | "reactivó" | "cambió la entrega de";
  },
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

// ---------------------------------------------------------------------------------------------------
// The botón de baja (/caja-rizoma/baja): the code to confirm, the answer to an address with no box, the
// cancellation code, and the shop's notice.

/** The 6-digit code that confirms a baja (valid 15 minutes, 5 attempts). */
export function boxCancellationCode(data: MailSite & { code: string; bajaUrl: string }): RenderedMail {
  const line = `Tu código para dar de baja la Caja Rizoma: ${data.code}. Vence en 15 minutos.`;
  return {
    template: "box-cancellation-code",
    subject: "Tu código para dar de baja la Caja Rizoma",
    html: html(
      <EmailLayout preview={line} siteUrl={data.siteUrl}>
        <Heading>Tu código para dar de baja la Caja Rizoma</Heading>
        <P>
          Tu código para dar de baja la Caja Rizoma: <strong style={{ fontSize: "22px" }}>{data.code}</strong>. Vence en
          15 minutos.
        </P>
        <P>Ingresalo en la página del botón de baja para confirmarla. Si no pediste la baja, ignorá este correo.</P>
        <Button href={data.bajaUrl}>Ir al botón de baja</Button>
      </EmailLayout>,
    ),
    text: lines(
      line,
      "",
      "Ingresalo en la página del botón de baja para confirmarla. Si no pediste la baja, ignorá este correo.",
      `Botón de baja: ${data.bajaUrl}`,
    ),
  };
}

/** Someone asked for a baja with an address that has no subscription to cancel: no code, a clear word. */
export function boxCancellationNotFound(data: MailSite & { contactEmail: string | null }): RenderedMail {
  const line =
    "No encontramos una suscripción activa a la Caja Rizoma con este email, así que no hay nada que dar de baja.";
  const help = data.contactEmail
    ? `Si te suscribiste con otra dirección, pedí el código con esa. Si creés que es un error, escribinos a ${data.contactEmail}.`
    : "Si te suscribiste con otra dirección, pedí el código con esa.";
  return {
    template: "box-cancellation-not-found",
    subject: "Tu pedido de baja de la Caja Rizoma",
    html: html(
      <EmailLayout preview={line} siteUrl={data.siteUrl}>
        <Heading>Tu pedido de baja de la Caja Rizoma</Heading>
        <P>{line}</P>
        <P>{help}</P>
        <P>Si no pediste la baja, ignorá este correo.</P>
      </EmailLayout>,
    ),
    text: lines(line, "", help, "", "Si no pediste la baja, ignorá este correo."),
  };
}

/** The baja is done: its code, kept by the subscriber as proof. */
export function boxCancellationDone(
  data: MailSite & { name: string | null; cancellationCode: string; planNames: string[] },
): RenderedMail {
  const line = `Tu baja de la Caja Rizoma quedó registrada. Código de baja: ${data.cancellationCode}; no se te va a cobrar más.`;
  const plans = data.planNames.length
    ? `Dimos de baja: ${data.planNames.map((plan) => `plan ${plan}`).join(", ")}.`
    : null;
  return {
    template: "box-cancellation-done",
    subject: `Tu baja de la Caja Rizoma quedó registrada (${data.cancellationCode})`,
    html: html(
      <EmailLayout preview={line} siteUrl={data.siteUrl}>
        <Heading>Tu baja quedó registrada</Heading>
        <P>{greeting(data.name)}</P>
        <P>
          Tu baja de la Caja Rizoma quedó registrada. Código de baja: <strong>{data.cancellationCode}</strong>; no se te
          va a cobrar más.
        </P>
        {plans ? <P>{plans}</P> : null}
        <P>Guardá este correo: el código de baja es tu comprobante.</P>
      </EmailLayout>,
    ),
    text: lines(greeting(data.name), "", line, plans, "", "Guardá este correo: el código de baja es tu comprobante."),
  };
}

/** The shop's notice of a baja made with the botón de baja. */
export function boxCancellationShop(
  data: MailSite & { email: string; cancellationCode: string; subscribers: { name: string; planName: string }[] },
): RenderedMail {
  const who = data.subscribers.map((s) => `${s.name} (plan ${s.planName})`).join(", ");
  const summary = who
    ? `${data.email} se dio de baja de la Caja Rizoma con el botón de baja: ${who}. Código de baja: ${data.cancellationCode}.`
    : `${data.email} confirmó una baja de la Caja Rizoma sin suscripciones pendientes. Código de baja: ${data.cancellationCode}.`;
  return {
    template: "box-cancellation-shop",
    subject: `Caja Rizoma: baja de ${data.email} (${data.cancellationCode})`,
    html: html(
      <EmailLayout preview={summary} siteUrl={data.siteUrl}>
        <Heading>Baja de la Caja Rizoma</Heading>
        <P>{summary}</P>
        <Button href={`${data.siteUrl}/admin/caja`}>Ver suscripciones</Button>
      </EmailLayout>,
    ),
    text: lines("Baja de la Caja Rizoma", "", summary, "", `Ver suscripciones: ${data.siteUrl}/admin/caja`),
  };
}
