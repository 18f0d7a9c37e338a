import { Button, EmailLayout, Heading, P } from "~/domain/mail/templates/layout";
import {
  html,
  lines,
  type MailSite,
  type RenderedMail,
  unsubscribeHeaders,
} from "~/domain/mail/templates/render.server";
import { formatMoney, fromPesos } from "~/lib/money";

/** A book of the reminder: still for sale, at today's price (pesos), the cover as an absolute URL. */
export interface ReminderBook {
  id: number;
  title: string;
  author: string;
  coverUrl: string | null;
  price: number | null;
  quantity: number;
}

const price = (book: ReminderBook) => (book.price === null ? "" : formatMoney(fromPesos(book.price)));

/**
 * The one "Recordame mi carrito" letter: the books still for sale, "Volver a mi carrito" (refills the
 * cart on /carrito) and the unsubscribe link, also as RFC 8058 List-Unsubscribe headers.
 */
export function cartReminderMail(
  data: MailSite & { books: ReminderBook[]; recoverUrl: string; unsubscribeUrl: string },
): RenderedMail {
  const intro =
    "Dejaste estos libros en tu carrito de Rizoma. Te los guardamos: cuando quieras, seguí la compra desde donde la dejaste.";
  const once =
    "Te escribimos una sola vez porque marcaste «Recordame mi carrito». No te vamos a mandar otro recordatorio.";
  return {
    template: "cart-reminder",
    subject: "Tus libros te esperan en Rizoma",
    headers: unsubscribeHeaders(data.unsubscribeUrl),
    html: html(
      <EmailLayout preview={intro} siteUrl={data.siteUrl} unsubscribeUrl={data.unsubscribeUrl}>
        <Heading>Tus libros te esperan</Heading>
        <P>{intro}</P>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 12px" }}>
          <tbody>
            {data.books.map((book) => (
              <tr key={book.id}>
                <td style={{ padding: "8px 12px 8px 0", width: 64, verticalAlign: "top" }}>
                  {book.coverUrl ? (
                    <img src={book.coverUrl} alt="" width={56} style={{ display: "block", borderRadius: 4 }} />
                  ) : null}
                </td>
                <td style={{ padding: "8px 0", verticalAlign: "top" }}>
                  <a
                    href={`${data.siteUrl}/libro/${book.id}`}
                    style={{ color: "#1c1f1a", fontWeight: 600, textDecoration: "none" }}
                  >
                    {book.title}
                  </a>
                  {book.author ? <div style={{ color: "#5b5f57", fontSize: 14 }}>{book.author}</div> : null}
                  <div style={{ fontSize: 14 }}>
                    {book.quantity > 1 ? `${book.quantity} × ` : ""}
                    {price(book)}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Button href={data.recoverUrl}>Volver a mi carrito</Button>
        <P style={{ color: "#5b5f57", fontSize: 14 }}>{once}</P>
      </EmailLayout>,
    ),
    text: lines(
      "Tus libros te esperan",
      "",
      intro,
      "",
      ...data.books.map(
        (book) =>
          `- ${book.title}${book.author ? ` (${book.author})` : ""}: ${book.quantity > 1 ? `${book.quantity} × ` : ""}${price(book)}`,
      ),
      "",
      `Volver a mi carrito: ${data.recoverUrl}`,
      "",
      once,
      `¿No querés recibir recordatorios? Date de baja: ${data.unsubscribeUrl}`,
    ),
  };
}
