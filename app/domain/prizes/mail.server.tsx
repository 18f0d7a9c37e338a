import { Button, EmailLayout, Heading, P, Rows } from "~/domain/mail/templates/layout";
import { html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import { longDateTime } from "~/lib/dates";

/** A claimed QR prize: the winner's letter and the shop's notice. */

export interface PrizeClaim {
  code: string;
  bookTitle: string;
  name: string;
  email: string;
  dni: string;
  phone: string;
  claimedAt: Date;
}

export function prizeClaimedWinner(
  data: MailSite & { claim: PrizeClaim; contact: { address: string; hours: string; whatsapp: string } },
): RenderedMail {
  const { claim, contact } = data;
  return {
    template: "prize-winner",
    subject: `¡Ganaste «${claim.bookTitle}»!`,
    html: html(
      <EmailLayout preview={`Código ${claim.code}: tu premio te espera.`} siteUrl={data.siteUrl}>
        <Heading>¡Felicitaciones, {claim.name}!</Heading>
        <P>
          Reclamaste el premio del código <strong>{claim.code}</strong>: el libro <strong>«{claim.bookTitle}»</strong>.
        </P>
        <P>
          Pasá a retirarlo por {contact.address} ({contact.hours}) con tu DNI, o escribinos por WhatsApp al{" "}
          {contact.whatsapp} y coordinamos el envío.
        </P>
      </EmailLayout>,
    ),
    text: lines(
      `¡Felicitaciones, ${claim.name}!`,
      "",
      `Reclamaste el premio del código ${claim.code}: el libro «${claim.bookTitle}».`,
      `Pasá a retirarlo por ${contact.address} (${contact.hours}) con tu DNI, o escribinos por WhatsApp al ${contact.whatsapp} y coordinamos el envío.`,
    ),
  };
}

export function prizeClaimedShop(data: MailSite & { claim: PrizeClaim }): RenderedMail {
  const { claim } = data;
  const rows: [string, string][] = [
    ["Código", claim.code],
    ["Libro", claim.bookTitle],
    ["Nombre", claim.name],
    ["Email", claim.email],
    ["DNI", claim.dni],
    ["Teléfono", claim.phone],
    ["Fecha", longDateTime(claim.claimedAt)],
  ];
  return {
    template: "prize-shop",
    subject: `Premio reclamado: ${claim.code} («${claim.bookTitle}»)`,
    html: html(
      <EmailLayout preview={`${claim.name} reclamó ${claim.code}.`} siteUrl={data.siteUrl}>
        <Heading>Se reclamó un premio</Heading>
        <Rows rows={rows} />
        <Button href={`${data.siteUrl}/admin/qr`}>Ver ganadores</Button>
      </EmailLayout>,
    ),
    text: lines(
      "Se reclamó un premio",
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      `${data.siteUrl}/admin/qr`,
    ),
  };
}
