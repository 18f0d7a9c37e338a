import { Button, EmailLayout, Heading, P } from "~/domain/mail/templates/layout";
import {
  greeting,
  html,
  lines,
  type MailSite,
  type RenderedMail,
  unsubscribeHeaders,
} from "~/domain/mail/templates/render.server";

/** The welcome letter of a new newsletter subscriber (with the one-click unsubscribe headers). */
export function newsletterWelcome(
  data: MailSite & { name: string | null; interests: string[]; unsubscribeUrl: string },
): RenderedMail {
  const subject = "¡Bienvenida/o al newsletter de Rizoma!";
  const interests = data.interests.length
    ? `Vamos a tener en cuenta lo que te interesa: ${data.interests.join(", ")}.`
    : null;
  return {
    template: "newsletter-welcome",
    subject,
    headers: unsubscribeHeaders(data.unsubscribeUrl),
    html: html(
      <EmailLayout
        preview="Novedades, preventas y recomendaciones, una vez por mes."
        siteUrl={data.siteUrl}
        unsubscribeUrl={data.unsubscribeUrl}
      >
        <Heading>{greeting(data.name)}</Heading>
        <P>
          Gracias por sumarte al newsletter de Rizoma. Una vez por mes te vamos a escribir con las novedades de la
          librería, las preventas antes que nadie, recomendaciones de nuestro equipo y lo que viene en la Caja Rizoma.
        </P>
        {interests ? <P>{interests}</P> : null}
        <P>Mientras tanto, date una vuelta por la tienda: siempre hay algo nuevo en las mesas.</P>
        <Button href={`${data.siteUrl}/tienda`}>Explorar libros</Button>
      </EmailLayout>,
    ),
    text: lines(
      greeting(data.name),
      "",
      "Gracias por sumarte al newsletter de Rizoma. Una vez por mes te vamos a escribir con las novedades de la librería, las preventas antes que nadie, recomendaciones de nuestro equipo y lo que viene en la Caja Rizoma.",
      interests && `\n${interests}`,
      "",
      `Explorá la tienda: ${data.siteUrl}/tienda`,
      "",
      `¿No querés recibir más estos correos? Date de baja: ${data.unsubscribeUrl}`,
    ),
  };
}
