import { Button, EmailLayout, Heading, P, Rows } from "~/domain/mail/templates/layout";
import {
  html,
  lines,
  type MailSite,
  type RenderedMail,
  unsubscribeHeaders,
} from "~/domain/mail/templates/render.server";
import { formatMoney } from "~/lib/money";
import type { AlertKind } from "./kinds";

/** What an alert's e-mail says about its book. */
export interface AlertBook {
  id: number;
  title: string;
  author: string;
  /** The price a visitor pays today (promotion included), or null when the book has none. */
  priceCents: number | null;
}

const WORDS: Record<AlertKind, { subject: (title: string) => string; lead: (title: string) => string; cta: string }> = {
  restock: {
    subject: (title) => `Volvió «${title}» a Rizoma`,
    lead: (title) => `Nos pediste que te avisáramos: «${title}» volvió a estar en stock.`,
    cta: "Ver el libro",
  },
  release: {
    subject: (title) => `Ya salió «${title}»`,
    lead: (title) => `Nos pediste que te avisáramos: «${title}» ya salió y lo tenemos en Rizoma.`,
    cta: "Ver el libro",
  },
};

const HURRY = "Las unidades vuelan: si lo querés, no lo dejes para después.";
const ONCE = "Te escribimos una sola vez por este aviso.";

/** The one e-mail of an alert (it fires once); the unsubscribe link cancels every alert still waiting. */
export function stockAlertMail(
  data: MailSite & { kind: AlertKind; book: AlertBook; unsubscribeUrl: string },
): RenderedMail {
  const words = WORDS[data.kind];
  const link = `${data.siteUrl}/libro/${data.book.id}`;
  const price = data.book.priceCents !== null ? formatMoney(data.book.priceCents) : null;
  const rows: [string, string][] = [["Libro", data.book.title]];
  if (data.book.author) rows.push(["Autor/a", data.book.author]);
  if (price) rows.push(["Precio", price]);
  return {
    template: `stock-alert-${data.kind}`,
    subject: words.subject(data.book.title),
    headers: unsubscribeHeaders(data.unsubscribeUrl),
    html: html(
      <EmailLayout preview={words.lead(data.book.title)} siteUrl={data.siteUrl} unsubscribeUrl={data.unsubscribeUrl}>
        <Heading>¡Hola!</Heading>
        <P>{words.lead(data.book.title)}</P>
        <Rows rows={rows} />
        <P>{HURRY}</P>
        <Button href={link}>{words.cta}</Button>
        <P>{ONCE}</P>
      </EmailLayout>,
    ),
    text: lines(
      "¡Hola!",
      "",
      words.lead(data.book.title),
      "",
      ...rows.map(([label, value]) => `${label}: ${value}`),
      "",
      HURRY,
      `Miralo acá: ${link}`,
      "",
      ONCE,
      `¿No querés más avisos de stock? Cancelalos: ${data.unsubscribeUrl}`,
    ),
  };
}
