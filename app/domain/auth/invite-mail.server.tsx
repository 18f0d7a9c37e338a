import { Button, EmailLayout, Heading, P } from "~/domain/mail/templates/layout";
import { html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import { type AdminRole, ROLE_HINTS, ROLE_LABELS } from "./roles";

/**
 * The invitation to the shop's team: who invites, with which role, and the single-use link (48 hours). The
 * link is a secret: it never goes in the subject (issue 34).
 */
export function teamInviteMail(data: MailSite & { invitedBy: string; role: AdminRole; linkUrl: string }): RenderedMail {
  const line = `${data.invitedBy} te invitó al panel de Rizoma como ${ROLE_LABELS[data.role].toLowerCase()}.`;
  const expiry = "El enlace sirve una sola vez y vence en 48 horas.";
  const ignore = "Si no esperabas esta invitación, ignorá este correo: sin el enlace nadie entra con tu email.";
  return {
    template: "team-invite",
    subject: "Te invitaron al panel de Rizoma",
    html: html(
      <EmailLayout preview={line} siteUrl={data.siteUrl}>
        <Heading>Te invitaron al panel de Rizoma</Heading>
        <P>{line}</P>
        <P>{ROLE_HINTS[data.role]}</P>
        <P>Para entrar, elegí tu contraseña con este botón. {expiry}</P>
        <Button href={data.linkUrl}>Elegir mi contraseña</Button>
        <P>{ignore}</P>
      </EmailLayout>,
    ),
    text: lines(line, ROLE_HINTS[data.role], "", `Elegí tu contraseña: ${data.linkUrl}`, expiry, "", ignore),
  };
}
