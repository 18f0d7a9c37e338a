import { Button, EmailLayout, Heading, P, Rows } from "~/domain/mail/templates/layout";
import { greeting, html, lines, type MailSite, type RenderedMail } from "~/domain/mail/templates/render.server";
import { SCOPE_LABELS, SCOPE_PROMISE, type SpecialOrderScope } from "./labels";

/** What the three special-order e-mails tell about the request. */
export interface SpecialOrderMail {
  id: number;
  bookTitle: string;
  bookAuthor: string | null;
  name: string;
  email: string;
  phone: string | null;
  scope: SpecialOrderScope;
  note: string | null;
}

const bookLine = (order: Pick<SpecialOrderMail, "bookTitle" | "bookAuthor">) =>
  `«${order.bookTitle}»${order.bookAuthor ? `, de ${order.bookAuthor}` : ""}`;

const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** To the visitor, right after asking: the request and the shop's promise for its scope. */
export function specialOrderReceived(data: MailSite & { order: SpecialOrderMail }): RenderedMail {
  const { order } = data;
  const intro = `Recibimos tu pedido especial de ${bookLine(order)}. Ya nos pusimos a buscarlo.`;
  const next = "Te vamos a escribir a este correo con el precio y el plazo antes de confirmar nada.";
  return {
    template: "special-order-received",
    subject: `Recibimos tu pedido especial: «${order.bookTitle}»`,
    html: html(
      <EmailLayout preview={SCOPE_PROMISE[order.scope]} siteUrl={data.siteUrl}>
        <Heading>{greeting(order.name)}</Heading>
        <P>{intro}</P>
        <P>
          <strong>{SCOPE_PROMISE[order.scope]}</strong>
        </P>
        <P>{next}</P>
        <Rows
          rows={[
            ["Pedido", `#${order.id}`],
            ["Tipo", SCOPE_LABELS[order.scope]],
            ...(order.note ? ([["Tu nota", order.note]] as [string, string][]) : []),
          ]}
        />
        <P>¿Querés agregar algo? Respondé este correo y lo sumamos al pedido.</P>
      </EmailLayout>,
    ),
    text: lines(
      greeting(order.name),
      "",
      intro,
      "",
      SCOPE_PROMISE[order.scope],
      "",
      next,
      "",
      `Pedido: #${order.id}`,
      `Tipo: ${SCOPE_LABELS[order.scope]}`,
      order.note && `Tu nota: ${order.note}`,
      "",
      "¿Querés agregar algo? Respondé este correo y lo sumamos al pedido.",
    ),
  };
}

/** To the shop (SHOP_NOTIFY_EMAIL, else the contact e-mail): a new request to look for. */
export function specialOrderShop(data: MailSite & { order: SpecialOrderMail }): RenderedMail {
  const { order } = data;
  const rows: [string, string][] = [
    ["Libro", order.bookTitle],
    ["Autor", order.bookAuthor ?? "—"],
    ["Tipo", SCOPE_LABELS[order.scope]],
    ["Nombre", order.name],
    ["Email", order.email],
    ["Teléfono", order.phone ?? "—"],
    ["Nota", order.note ?? "—"],
  ];
  const link = `${data.siteUrl}/admin/pedidos-especiales/${order.id}`;
  return {
    template: "special-order-shop",
    subject: `Pedido especial #${order.id}: «${order.bookTitle}»`,
    headers: { "Reply-To": order.email },
    html: html(
      <EmailLayout preview={`${order.name} busca ${bookLine(order)}.`} siteUrl={data.siteUrl}>
        <Heading>Nuevo pedido especial</Heading>
        <Rows rows={rows} />
        <Button href={link}>Ver el pedido</Button>
      </EmailLayout>,
    ),
    text: lines("Nuevo pedido especial", "", ...rows.map(([label, value]) => `${label}: ${value}`), "", link),
  };
}

/** The shop's answer, written in the admin (plain text: paragraphs split by blank lines). */
export function specialOrderReply(
  data: MailSite & { order: Pick<SpecialOrderMail, "id" | "bookTitle" | "bookAuthor" | "name">; message: string },
): RenderedMail {
  const paragraphs = paragraphsOf(data.message);
  return {
    template: "special-order-reply",
    subject: `Tu pedido especial: «${data.order.bookTitle}»`,
    html: html(
      <EmailLayout preview={paragraphs[0]?.slice(0, 120) ?? data.order.bookTitle} siteUrl={data.siteUrl}>
        <Heading>{greeting(data.order.name)}</Heading>
        {paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text in a fixed order
          <P key={index} style={{ whiteSpace: "pre-line" }}>
            {paragraph}
          </P>
        ))}
        <P style={{ color: "#5b5f57", fontSize: 14 }}>
          Sobre tu pedido especial #{data.order.id}: {bookLine(data.order)}. Si querés contestarnos, respondé este
          correo.
        </P>
      </EmailLayout>,
    ),
    text: lines(
      greeting(data.order.name),
      "",
      paragraphs.join("\n\n"),
      "",
      "—",
      `Sobre tu pedido especial #${data.order.id}: ${bookLine(data.order)}. Si querés contestarnos, respondé este correo.`,
      `Rizoma · ${data.siteUrl}`,
    ),
  };
}
