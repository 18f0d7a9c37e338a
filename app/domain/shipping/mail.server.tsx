import { Button, EmailLayout, Heading, P, Rows } from "~/domain/mail/templates/layout";
import { greeting, html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";

/** The Caja Rizoma subscriber's "your box is on its way" letter, with the carrier's tracking link. */

export interface BoxShippedData extends MailSite {
  name: string;
  /** "noviembre de 2026". */
  month: string;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string;
  /** The subscriber's own page (signed link). */
  manageUrl: string;
}

export function boxShipped(data: BoxShippedData): RenderedMail {
  const intro = `Tu Caja Rizoma de ${data.month} ya salió con ${data.carrierName}.`;
  return {
    template: "box-shipped",
    subject: `Tu Caja Rizoma de ${data.month} está en camino`,
    html: html(
      <EmailLayout preview={intro} siteUrl={data.siteUrl}>
        <Heading>Tu caja está en camino</Heading>
        <P>
          {greeting(data.name)} {intro} Podés seguirla con el número de envío en la página del correo.
        </P>
        <Rows
          rows={[
            ["Correo", data.carrierName],
            ["Número de seguimiento", data.trackingNumber],
          ]}
        />
        <Button href={data.trackingUrl}>Seguir mi caja</Button>
        <P>
          ¿Cambiaste de domicilio o no vas a estar? <a href={data.manageUrl}>Revisá tu suscripción</a> o escribinos.
        </P>
      </EmailLayout>,
    ),
    text: lines(
      "Tu caja está en camino",
      "",
      `${greeting(data.name)} ${intro} Podés seguirla con el número de envío en la página del correo.`,
      "",
      `Correo: ${data.carrierName}`,
      `Número de seguimiento: ${data.trackingNumber}`,
      `Seguir mi caja: ${data.trackingUrl}`,
      "",
      `¿Cambiaste de domicilio o no vas a estar? Revisá tu suscripción o escribinos: ${data.manageUrl}`,
    ),
  };
}
