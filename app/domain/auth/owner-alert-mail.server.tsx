import { EmailLayout, Heading, P, Rows } from "~/domain/mail/templates/layout";
import { html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";

export interface OwnerAlertLetter extends MailSite {
  /** What happened, as the subject says it: "Se cambió el CBU de la cuenta de transferencias". */
  what: string;
  /** Who did it (their e-mail). */
  who: string;
  /** When, already in Buenos Aires time. */
  when: string;
  /** From where: the address and the browser. */
  from: string;
  /** What changed, as label/value rows (bank details already masked; never a secret). */
  details: [label: string, value: string][];
}

/**
 * The letter every owner gets when someone moves money or personal data (issue 34 item 3): what, who, when
 * and from where. It carries no secret and no link that signs in, so it is not a sensitive template: the
 * admin's mail list may show it.
 */
export function ownerAlertMail(data: OwnerAlertLetter): RenderedMail {
  const rows: [string, string][] = [
    ["Quién", data.who],
    ["Cuándo", data.when],
    ["Desde dónde", data.from],
    ...data.details,
  ];
  const intro = "Te avisamos porque sos titular de la tienda: esto mueve dinero o datos personales.";
  const check =
    "Si no fuiste vos ni alguien de tu equipo, entrá al panel, cambiá tu contraseña en Equipo, revisá quiénes tienen acceso y el historial de cambios (Auditoría).";
  return {
    template: "owner-alert",
    subject: data.what,
    html: html(
      <EmailLayout preview={`${data.what} (${data.who})`} siteUrl={data.siteUrl}>
        <Heading>{data.what}</Heading>
        <P>{intro}</P>
        <Rows rows={rows} />
        <P>{check}</P>
      </EmailLayout>,
    ),
    text: lines(data.what, "", intro, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", check),
  };
}
