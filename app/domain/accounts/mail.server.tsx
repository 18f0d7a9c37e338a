import { Button, EmailLayout, Heading, P } from "~/domain/mail/templates/layout";
import { html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";

/** The sign-in letter of Mi cuenta: the 6-digit code and the magic link (15 minutes, single use). */
export function signInCodeMail(data: MailSite & { code: string; linkUrl: string }): RenderedMail {
  const line = `Tu código para entrar a Rizoma: ${data.code}. Vence en 15 minutos.`;
  const ignore = "Si no pediste entrar, ignorá este correo: sin el código nadie puede entrar con tu email.";
  return {
    template: "account-sign-in-code",
    // Never the code itself: a subject shows on a locked phone's screen and in every mail list.
    subject: "Tu código para entrar a Rizoma",
    html: html(
      <EmailLayout preview={line} siteUrl={data.siteUrl}>
        <Heading>Tu código para entrar</Heading>
        <P>
          Tu código para entrar a Rizoma:{" "}
          <strong style={{ fontSize: "22px", letterSpacing: "2px" }}>{data.code}</strong>. Vence en 15 minutos y sirve
          una sola vez.
        </P>
        <P>También podés entrar directo con este botón:</P>
        <Button href={data.linkUrl}>Entrar a mi cuenta</Button>
        <P>{ignore}</P>
      </EmailLayout>,
    ),
    text: lines(line, "", `Entrar a mi cuenta: ${data.linkUrl}`, "", ignore),
  };
}
